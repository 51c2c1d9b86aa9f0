/**
 * Search in a project: titles, paths and the words of every document (see functions/domain/search.ts), with where
 * each match is and a snippet. Reads the nodes and the search texts in parallel; bodies only for documents saved
 * before search texts existed, whose texts are written then so the next search does not read them again.
 */
import { readContent } from '@shared/schemas/document';
import { bodiesOf, readBody } from '../../domain/bodies';
import { nodesAt, viewAmong } from '../../domain/documents';
import { contentText, matchDocument, searchTextsOf, storeSearchTexts } from '../../domain/search';
import { defineHandlers } from '../../runtime/service';

export const searchHandlers = defineHandlers({
  'document.search': async ({ params, query }, ctx) => {
    const projectId = params.projectId;
    const [nodes, texts] = await Promise.all([nodesAt(ctx.project.item), searchTextsOf(ctx.project.item)]);
    const missing = nodes.filter((n) => !texts.has(n.id));
    if (missing.length) {
      const bodies = new Map(
        (
          await bodiesOf(
            projectId,
            missing.map((n) => n.id),
          )
        ).map((b) => [b.documentId, b]),
      );
      const found = await Promise.all(
        missing.map(async (n) => [n.id, contentText(readContent(n.type, await readBody(bodies.get(n.id))))] as [string, string]),
      );
      // Into the texts kept for this revision too: the next search need not read these bodies again.
      for (const [id, text] of found) texts.set(id, text);
      await storeSearchTexts(projectId, found).catch((err: unknown) => ctx.log.warn('search texts not stored', { error: String(err) }));
    }
    const needle = query.keyword.toLowerCase();
    const order = { title: 0, path: 1, content: 2 } as const;
    return nodes
      .flatMap((node) => {
        const match = matchDocument(node, texts.get(node.id), needle);
        return match ? [{ ...viewAmong(node, nodes), ...match }] : [];
      })
      .sort((a, b) => order[a.matchedIn] - order[b.matchedIn]);
  },
});
