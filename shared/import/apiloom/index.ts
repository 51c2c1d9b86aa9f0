/**
 * Apiloom's own project file, the lossless backup and "import as a new project" format. It is a versioned entity
 * like stored content: the file carries `v`, reading migrates older files forward, and each document's content
 * carries its own content version, migrated by the same `readContent` the app uses. The export issue writes it.
 */
import * as z from 'zod';
import { DOCUMENT_TYPES, readContent, type ParamItem } from '../../schemas/document';
import { lazy } from '../../lazy';
import { versioned } from '../../versioned';
import { apiKey, DocumentList, finish, modelKey, pageKey } from '../build';
import { emptyProject, type ImportedDocument, type ImportResult, type ImportWarning } from '../types';

export const APILOOM_FILE_KIND = 'apiloom-project';

const nodeV1 = lazy(() =>
  z.object({
    id: z.string().max(64),
    /** The parent node's id, or '' at the top. */
    parentId: z.string().max(64).default(''),
    type: z.enum(DOCUMENT_TYPES),
    name: z.string().max(200),
    comment: z.string().max(200).default(''),
    /** Stored content with its own version marker (`v`). */
    content: z.unknown(),
  }),
);

export const apiloomFile = versioned([
  {
    schema: lazy(() =>
      z.object({
        kind: z.literal(APILOOM_FILE_KIND),
        exportedAt: z.string().max(40).optional(),
        project: z
          .object({
            name: z.string().max(200).optional(),
            description: z.string().max(20_000).optional(),
            servers: z.array(z.object({ url: z.string(), description: z.string().default('') })).default([]),
            securitySchemes: z.record(z.string(), z.unknown()).default({}),
            security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
            environments: z
              .array(
                z.object({
                  name: z.string(),
                  /** The environment's base URL (an export's OpenAPI servers come from these). */
                  baseUrl: z.string().optional(),
                  variables: z.array(z.object({ name: z.string(), value: z.string(), secret: z.boolean().optional() })),
                }),
              )
              .default([]),
          })
          .default({ servers: [], securitySchemes: {}, environments: [] }),
        /** In tree order: parents before their children, siblings in their order. */
        nodes: z.array(nodeV1).max(100_000),
      }),
    ),
  },
]);
export type ApiloomFile = z.output<typeof apiloomFile.schema>;

export const isApiloomFile = (v: unknown) => !!v && typeof v === 'object' && (v as { kind?: unknown }).kind === APILOOM_FILE_KIND;

export function importApiloom(file: unknown): ImportResult {
  const parsed = apiloomFile.read(file);
  const warnings: ImportWarning[] = [];
  const byId = new Map(parsed.nodes.map((n) => [n.id, n]));
  const folderOf = (id: string): string[] => {
    const path: string[] = [];
    for (let parent = byId.get(id)?.parentId, hops = 0; parent && hops < 64; parent = byId.get(parent)?.parentId, hops++) {
      const node = byId.get(parent);
      if (!node) break;
      path.unshift(node.name);
    }
    return path;
  };
  // References name models by document id inside the file; an import names them by model name (see types.ts).
  const modelNames = new Map<string, string>();
  for (const node of parsed.nodes)
    if (node.type === 'model') {
      const typed = readContent('model', node.content);
      if (typed.type === 'model') modelNames.set(node.id, typed.content.name);
    }
  const renameRefs = (items: ParamItem[]): ParamItem[] =>
    items.map((p) => ({ ...p, ...(p.ref !== undefined ? { ref: modelNames.get(p.ref) ?? p.ref } : {}), children: renameRefs(p.children) }));

  const documents = new DocumentList(warnings);
  parsed.nodes.forEach((node, i) => {
    const pointer = `/nodes/${i}`;
    if (node.type === 'folder') return;
    if (node.type === 'softlink') {
      warnings.push({ pointer, code: 'skippedEntry', params: { detail: 'softlink' } });
      return;
    }
    let typed;
    try {
      typed = readContent(node.type, node.content);
    } catch {
      warnings.push({ pointer, code: 'unreadable', params: { detail: node.name } });
      return;
    }
    const folder = folderOf(node.id);
    let document: ImportedDocument | undefined;
    if (typed.type === 'api') {
      const c = typed.content;
      const content = {
        ...c,
        reqHeaders: renameRefs(c.reqHeaders),
        reqQuery: renameRefs(c.reqQuery),
        reqPath: renameRefs(c.reqPath),
        reqBody: renameRefs(c.reqBody),
        responses: c.responses.map((r) => ({ ...r, headers: renameRefs(r.headers), body: renameRefs(r.body) })),
      };
      document = finish({ key: apiKey(c.method, c.path), type: 'api', name: node.name, folder, content }, pointer, warnings);
    } else if (typed.type === 'model') {
      const c = typed.content;
      document = finish(
        { key: modelKey(c.name), type: 'model', name: node.name, folder, content: { ...c, schema: renameRefs(c.schema) } },
        pointer,
        warnings,
      );
    } else if (typed.type !== 'folder' && typed.type !== 'softlink') {
      document = finish(
        { key: pageKey(folder, node.name), type: typed.type, name: node.name, folder, content: typed.content },
        pointer,
        warnings,
      ) as ImportedDocument | undefined;
    }
    documents.add(document, pointer);
  });
  return { format: 'apiloom', documents: documents.documents, warnings, project: { ...emptyProject(), ...parsed.project } };
}
