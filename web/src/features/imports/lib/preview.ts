/**
 * The import preview, as the Web Worker runs it (preview.worker.ts only wires messages to `createPreview`): the
 * same shared code the import job runs (`importInput`, then `planImport` against the target project's tree, then
 * the compatibility verdict of applying the plan), so the preview never disagrees with the job about what a file
 * holds or breaks. The main thread sends the File or the pasted text as is and never parses it; it gets back
 * counts, the plan's figures, the verdict and the warnings, never the documents.
 */
import { importPreview, keptVerdict } from '@shared/compat/import-preview';
import type { CompatLiveView } from '@shared/schemas/compat';
import { ImportRefusal, importInput, type ImportFormat, type ImportResult, type ImportWarning } from '@shared/import';
import { checkSize, type RefusalReason } from '@shared/import/parse';
import { planImport, type ExistingDocument, type MatchedMode } from '@shared/import/plan';
import type { DocumentTreeNode } from '@shared/schemas/document';

/** At most this many conflicts travel back for the list; the counts are complete. */
export const CONFLICTS_SHOWN = 200;

export interface PreviewChoices {
  mode: MatchedMode;
  deleteMissing: boolean;
}

export type PreviewRequest =
  /** Reads a source (a File or pasted text) and plans it against `existing`. */
  | { type: 'read'; seq: number; file?: Blob; text?: string; name: string; existing: ExistingDocument[]; choices: PreviewChoices }
  /** Plans the source read last again, under other choices or against another project. */
  | { type: 'plan'; seq: number; existing: ExistingDocument[]; choices: PreviewChoices }
  /**
   * The target's APIs and models as they are, with its policy, kept for the verdicts of the plans that follow (sent
   * once, not with every plan: a large project's are large). None while they are not known: no verdict.
   */
  | { type: 'project'; live: CompatLiveView | null };

export interface SourceCounts {
  apis: number;
  models: number;
  /** Markdown, rich text and every other kind of page. */
  pages: number;
  folders: number;
}

export interface PlanFigures {
  created: number;
  updated: number;
  skipped: number;
  deleted: number;
  /** The project's documents the source matches, and what the choices do to each. */
  conflicts: { documentId: string; name: string; type: string; action: 'updated' | 'skipped' }[];
  /** What applying the plan would change for the API's clients, as the job's report will say (once the target's APIs are known). */
  verdict?: ReturnType<typeof keptVerdict>;
}

export type PreviewResponse =
  | {
      type: 'read';
      seq: number;
      format: ImportFormat;
      counts: SourceCounts;
      warnings: ImportWarning[];
      plan: PlanFigures;
      /** The project's name and description as the source gives them (OpenAPI's info, a Postman collection's). */
      project: { name?: string; description?: string };
    }
  | { type: 'plan'; seq: number; plan: PlanFigures }
  | { type: 'refused'; seq: number; reason: RefusalReason; params: Record<string, string | number>; pointer?: string }
  /** Something no refusal names (a bug, or no source read yet): the message for the console. */
  | { type: 'failed'; seq: number; message: string };

export function countSource(result: ImportResult): SourceCounts {
  const folders = new Set<string>();
  let apis = 0;
  let models = 0;
  for (const d of result.documents) {
    if (d.type === 'api') apis++;
    else if (d.type === 'model') models++;
    for (let i = 1; i <= d.folder.length; i++) folders.add(JSON.stringify(d.folder.slice(0, i)));
  }
  return { apis, models, pages: result.documents.length - apis - models, folders: folders.size };
}

/** A document's import stamp without its merge base, as `import.stamps` answers it. */
export interface StampHash {
  documentId: string;
  key: string;
  hash: string;
}

/**
 * The project's documents as the planner reads them, from the tree (no read per document): an API by its method
 * and path, a model by its name, a page by its name and folders; with the import stamps of the source
 * (`import.stamps`) when given, each stamped document carries its key and hash under `source` (the name the
 * preview plans with), so an unchanged document is skipped and a missing one deleted exactly as the job decides.
 */
export function existingFromTree(tree: DocumentTreeNode[], stamps: StampHash[] = [], source = ''): ExistingDocument[] {
  const stampOf = new Map(stamps.map((s) => [s.documentId, s]));
  const out: ExistingDocument[] = [];
  const walk = (nodes: DocumentTreeNode[], folder: string[]) => {
    for (const node of nodes) {
      if (node.type === 'folder') {
        walk(node.children, [...folder, node.name]);
        continue;
      }
      const content =
        node.type === 'api' ? { method: node.method ?? '', path: node.path ?? '' } : node.type === 'model' ? { name: node.name } : {};
      const stamp = stampOf.get(node.id);
      out.push({
        id: node.id,
        type: node.type,
        name: node.name,
        folder,
        content,
        ...(stamp ? { imported: { source, key: stamp.key, hash: stamp.hash } } : {}),
      });
      if (node.children.length) walk(node.children, folder);
    }
  };
  walk(tree, []);
  return out;
}

export function planFigures(
  existing: ExistingDocument[],
  result: ImportResult,
  choices: PreviewChoices,
  source: string,
  live: CompatLiveView | null = null,
): PlanFigures {
  const plan = planImport(existing, result, { mode: choices.mode, deleteMissing: choices.deleteMissing, source });
  const byId = new Map(existing.map((d) => [d.id, d]));
  const conflicts: PlanFigures['conflicts'] = [];
  const add = (documentId: string, action: 'updated' | 'skipped') => {
    const d = byId.get(documentId);
    if (d && conflicts.length < CONFLICTS_SHOWN) conflicts.push({ documentId, name: d.name, type: d.type, action });
  };
  for (const u of plan.updated) add(u.documentId!, 'updated');
  for (const r of plan.restamped) add(r.documentId, 'skipped');
  for (const s of plan.skipped) add(s.documentId, 'skipped');
  return {
    created: plan.created.length,
    updated: plan.updated.length,
    skipped: plan.skipped.length + plan.restamped.length,
    deleted: plan.deleted.length,
    conflicts,
    ...(live ? { verdict: keptVerdict(importPreview(live.documents, plan, live.policy)) } : {}),
  };
}

/** One preview session: it keeps the source read last, so a change of choices plans again without reading again. */
export function createPreview() {
  let last: { result: ImportResult; name: string } | undefined;
  let live: CompatLiveView | null = null;
  /** Answers a read or a plan; the target's APIs are only kept (no answer). */
  function handle(request: Exclude<PreviewRequest, { type: 'project' }>): Promise<PreviewResponse>;
  function handle(request: PreviewRequest): Promise<PreviewResponse | undefined>;
  async function handle(request: PreviewRequest): Promise<PreviewResponse | undefined> {
    if (request.type === 'project') {
      live = request.live;
      return undefined;
    }
    const { seq } = request;
    try {
      if (request.type === 'read') {
        last = undefined;
        let bytes: Uint8Array | undefined;
        if (request.file) {
          // Refused before a byte of an oversized file is read.
          checkSize(request.file.size);
          bytes = new Uint8Array(await request.file.arrayBuffer());
        }
        const result = await importInput({ bytes, text: request.text, name: request.name });
        last = { result, name: request.name };
        return {
          type: 'read',
          seq,
          format: result.format,
          counts: countSource(result),
          warnings: result.warnings,
          plan: planFigures(request.existing, result, request.choices, request.name, live),
          project: { name: result.project.name, description: result.project.description },
        };
      }
      if (!last) return { type: 'failed', seq, message: 'nothing read yet' };
      return { type: 'plan', seq, plan: planFigures(request.existing, last.result, request.choices, last.name, live) };
    } catch (error) {
      if (error instanceof ImportRefusal)
        return { type: 'refused', seq, reason: error.reason, params: error.params, ...(error.pointer ? { pointer: error.pointer } : {}) };
      return { type: 'failed', seq, message: error instanceof Error ? error.message : String(error) };
    }
  }
  return handle;
}
