/**
 * A share's `llms.txt` and its documents as markdown (issue 26), with the share's own rules (domain/share-reading.ts, as
 * the share screens have them): an unknown share or a project gone from view is not found (and, to a reader who
 * sent a password, refused as a wrong password is), an expired share says so, a document outside the share's scope
 * is not found, and a share with a password wants it. A plain client presents it as the `share-token` header or query
 * parameter (a token from the assertion), or as `?password=`, which is checked and counted like an assertion's
 * guess; the index then hands a token of its own to its links, so following them costs no further guesses.
 */
import { SHARE_TOKEN_HEADER } from '@shared/constants';
import { childrenByParent } from '../../domain/documents';
import { admitShareReader, readSharedTree } from '../../domain/share-reading';
import { issueShareToken } from '../../domain/shares';
import { AppError } from '../../core/app-error';
import { defineHandlers, type RequestContext } from '../../runtime/service';
import { modelRefsIn } from '@shared/model-refs';
import { documentPage, llmsIndex } from './render';

interface Credentials {
  password?: string | undefined;
  'share-token'?: string | undefined;
}

/**
 * The share, once the reader may read it (domain/share-reading.ts), with the query its links carry (none for a
 * share without a password). `issue`: a reader who sent the password gets a token for the links, instead of the
 * password repeated in them.
 */
async function admit(shareId: string, query: Credentials, ctx: RequestContext, issue: boolean) {
  const token = ctx.event.headers?.[SHARE_TOKEN_HEADER] || query['share-token'];
  const admitted = await admitShareReader(shareId, { token, password: query.password, address: ctx.sourceIp });
  const { share } = admitted;
  const withToken = (t: string) => `?share-token=${encodeURIComponent(t)}`;
  if (!share.passwordHash) return { share, linkQuery: '' };
  if (admitted.token) return { share, linkQuery: withToken(admitted.token) };
  return { share, linkQuery: issue ? withToken(await issueShareToken(share)) : `?password=${encodeURIComponent(query.password!)}` };
}

export const llmsHandlers = defineHandlers({
  'share.llms': async ({ params, query }, ctx) => {
    const { share, linkQuery } = await admit(params.id, query, ctx, true);
    const { project, nodes } = await readSharedTree(share);
    return llmsIndex({
      projectId: share.projectId,
      projectName: project.name,
      projectDescription: project.description,
      shareName: share.name,
      version: share.version,
      nodes,
      children: childrenByParent(nodes),
      language: ctx.locale,
      // Relative to the index's own address (…/{shareId}/llms.txt), so it holds behind any origin and prefix.
      href: (docId) => `markdown/${encodeURIComponent(docId)}${linkQuery}`,
    });
  },

  'share.markdown': async ({ params, query }, ctx) => {
    const { share, linkQuery } = await admit(params.id, query, ctx, false);
    const { nodes, contentOf } = await readSharedTree(share);
    const node = nodes.find((n) => n.id === params.docId);
    if (!node) throw new AppError('notFound');
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const typed = node.type === 'folder' ? undefined : await contentOf(node);
    // The models its rows name, among those the share holds: by id, or by name for files whose references name them.
    const models = new Map<string, string>();
    const sharedModels = nodes.filter((n) => n.type === 'model');
    for (const ref of typed ? modelRefsIn(typed.content) : []) {
      const model = byId.get(ref);
      if (model?.type === 'model') {
        const content = await contentOf(model);
        models.set(ref, content.type === 'model' ? content.content.name || model.name : model.name);
      } else if (sharedModels.some((m) => m.name === ref)) models.set(ref, ref);
    }
    const target = typed?.type === 'softlink' ? byId.get(typed.content.targetId) : undefined;
    return documentPage({
      node,
      typed,
      language: ctx.locale,
      models,
      children: childrenByParent(nodes).get(node.id) ?? [],
      target,
      // Relative to this document's address (…/markdown/{docId}).
      href: (docId) => `${encodeURIComponent(docId)}${linkQuery}`,
    });
  },
});
