/**
 * The open API's read of one document (issue 26): as Apiloom's node, as OpenAPI 3.1 (the export's writer over a
 * snapshot of just this document and the models it refers to, followed transitively), or as markdown (the export's
 * per-document rendering). The live tree only: documents in the bin are not in it.
 *
 * Its own module because the open service loads it on the first `open.document` (issue 39): the export's writers
 * and js-yaml, which the OpenAPI writer imports, are about 35 KB of code that a cold start serving any other route
 * would compile for nothing.
 */
import type { Locale } from '@shared/constants';
import type { ApiloomFile } from '@shared/import/apiloom';
import { AppError } from '../../core/app-error';
import { nodesAt } from '../../domain/documents';
import type { ProjectRecord } from '../../domain/projects';
import { modelRefsIn } from '@shared/model-refs';
import { modelNames, readNodes } from '../../export/common';
import { documentMarkdown } from '../../export/markdown';
import { openApiOf } from '../../export/openapi';
import { readProjectFile } from '../../domain/project-file';

/** Rounds of following model references (a model refers to models...); cycles end as nothing new is found. */
const MAX_REF_ROUNDS = 32;

/** A snapshot of the document (its subtree, its folders) and every model it refers to, directly or through models. */
async function snapshotWithModels(project: ProjectRecord, docId: string, models: ReadonlySet<string>): Promise<ApiloomFile> {
  const wanted = new Set([docId]);
  for (let round = 0; ; round++) {
    const { file } = await readProjectFile(
      { projectId: project.id, docIds: [...wanted], version: null, shareId: null },
      new Date().toISOString(),
    );
    const refs = new Set<string>();
    for (const { typed } of readNodes(file)) if (typed) modelRefsIn(typed.content, refs);
    const fresh = [...refs].filter((id) => models.has(id) && !wanted.has(id));
    if (!fresh.length || round >= MAX_REF_ROUNDS) return file;
    for (const id of fresh) wanted.add(id);
  }
}

export async function openDocumentOf(project: ProjectRecord, docId: string, as: 'apiloom' | 'openapi' | 'markdown', locale: Locale) {
  const nodes = await nodesAt(project);
  const node = nodes.find((n) => n.id === docId);
  if (!node) throw new AppError('notFound');
  const head = { id: node.id, name: node.name, type: node.type, as };
  if (as === 'apiloom') {
    const { file } = await readProjectFile(
      { projectId: project.id, docIds: [docId], version: null, shareId: null },
      new Date().toISOString(),
    );
    const own = file.nodes.find((n) => n.id === docId);
    if (!own) throw new AppError('notFound');
    return { ...head, content: own };
  }
  const models = new Set(nodes.filter((n) => n.type === 'model').map((n) => n.id));
  const file = await snapshotWithModels(project, docId, models);
  if (as === 'openapi') return { ...head, content: openApiOf(file) };
  const read = readNodes(file);
  const own = read.find((r) => r.node.id === docId);
  const body = own?.typed ? documentMarkdown(own.typed, locale, modelNames(read)) : '';
  return { ...head, content: [`# ${node.name}`, body].filter(Boolean).join('\n\n') + '\n' };
}
