/**
 * The fidelity counter (issue 39, tests only): what a description holds, counted per operation and per model,
 * through import, OpenAPI export and re-import, and every place where a count went down with no warning pointing
 * at it. A loss the importer or the exporter said something about is allowed; a silent one is a finding.
 *
 * Counted: operations (webhooks too), parameters (path, query, header, cookie), statuses, response headers,
 * examples (named and single, of bodies and parameters), and, between the import and the re-import, the rows of
 * bodies and models, enums and model names.
 */
import type { ImportResult, ImportWarning } from '../../../shared/import/types';
import { WEBHOOK_PREFIX } from '../../../shared/import/types';
import { apiKey, modelKey, pointerOf } from '../../../shared/import/build';
import { APILOOM_FILE_KIND, type ApiloomFile } from '../../../shared/import/apiloom';
import { writeContent, type ApiContent, type ModelContent, type ParamItem, type TypedContent } from '../../../shared/schemas/document';
import { openApiPath } from '.';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

export const METRICS = [
  'operations',
  'parameters',
  'statuses',
  'responseHeaders',
  'examples',
  'rows',
  'enums',
  'models',
  'modelNames',
] as const;
export type Metric = (typeof METRICS)[number];
export type Counts = Record<Metric, number>;
const zero = (): Counts => Object.fromEntries(METRICS.map((m) => [m, 0])) as Counts;

/** One document's counts, and where in the description a warning about it would point. */
interface Counted {
  counts: Counts;
  pointer: string;
}

const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function resolve(root: Obj, value: unknown): Obj | undefined {
  let current = value;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 20; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return undefined;
    current = ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (node, part) => (isObject(node) ? node[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
        root,
      );
  }
  return isObject(current) ? current : undefined;
}

const mediaExamples = (root: Obj, content: unknown) =>
  Object.values(isObject(content) ? content : {}).reduce<number>((n, media) => {
    if (!isObject(media)) return n;
    return (
      n +
      (media.example !== undefined ? 1 : 0) +
      Object.values(isObject(media.examples) ? media.examples : {}).filter((e) => resolve(root, e)).length
    );
  }, 0);

/** What a description itself holds, by the key each document gets (an OpenAPI 3.x description as written). */
export function sourceCounts(spec: Obj): Map<string, Counted> {
  const out = new Map<string, Counted>();
  const items: [string, unknown, string][] = [
    ...Object.entries(isObject(spec.paths) ? spec.paths : {}).map(
      ([p, item]) => [p, item, pointerOf('paths', p)] as [string, unknown, string],
    ),
    // 3.0 descriptions write them as `x-webhooks`, which the upgrade to 3.1 moves.
    ...Object.entries(isObject(spec.webhooks) ? spec.webhooks : isObject(spec['x-webhooks']) ? spec['x-webhooks'] : {}).map(
      ([name, item]) => [`${WEBHOOK_PREFIX}${name}`, item, pointerOf('webhooks', name)] as [string, unknown, string],
    ),
  ];
  for (const [path, rawItem, at] of items) {
    const item = resolve(spec, rawItem) ?? {};
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const counts = zero();
      counts.operations = 1;
      const declared: unknown[] = [
        ...(Array.isArray(operation.parameters) ? (operation.parameters as unknown[]) : []),
        ...(Array.isArray(item.parameters) ? (item.parameters as unknown[]) : []),
      ];
      const seen = new Set<string>();
      for (const raw of declared) {
        const p = resolve(spec, raw);
        if (!p || !['path', 'query', 'header', 'cookie'].includes(String(p.in)) || seen.has(`${String(p.in)}:${String(p.name)}`)) continue;
        seen.add(`${String(p.in)}:${String(p.name)}`);
        counts.parameters++;
        counts.examples += (p.example !== undefined ? 1 : 0) + Object.keys(isObject(p.examples) ? p.examples : {}).length;
      }
      const body = resolve(spec, operation.requestBody);
      counts.examples += mediaExamples(spec, body?.content);
      for (const raw of Object.values(isObject(operation.responses) ? operation.responses : {})) {
        const response = resolve(spec, raw);
        counts.statuses++;
        counts.responseHeaders += Object.keys(isObject(response?.headers) ? response.headers : {}).length;
        counts.examples += mediaExamples(spec, response?.content);
      }
      out.set(apiKey(method, path), { counts, pointer: `${at}/${method}` });
    }
  }
  const components = isObject(spec.components) ? spec.components : {};
  for (const name of Object.keys(isObject(components.schemas) ? components.schemas : {}))
    out.set(modelKey(name), { counts: { ...zero(), models: 1, modelNames: 1 }, pointer: pointerOf('components', 'schemas', name) });
  return out;
}

const rowsIn = (rows: ParamItem[]): number => rows.reduce((n, r) => n + 1 + rowsIn(r.children), 0);
const enumsIn = (rows: ParamItem[]): number => rows.reduce((n, r) => n + (r.enum?.length ? 1 : 0) + enumsIn(r.children), 0);
const rowExamples = (rows: ParamItem[]) => rows.reduce((n, r) => n + (r.value !== '' ? 1 : 0) + (r.examples?.length ?? 0), 0);

/** What an import made of it, by document key; `pointer` is where the OpenAPI export writes the document. */
export function importedCounts(result: ImportResult): Map<string, Counted> {
  const out = new Map<string, Counted>();
  for (const d of result.documents) {
    const counts = zero();
    if (d.type === 'api') {
      const c: ApiContent = d.content;
      const top = [...c.reqPath, ...c.reqQuery, ...c.reqHeaders];
      const bodies = [c.reqBody, ...c.responses.flatMap((r) => [r.body, r.headers])];
      counts.operations = 1;
      counts.parameters = top.length;
      counts.statuses = c.responses.length;
      counts.responseHeaders = c.responses.reduce((n, r) => n + r.headers.length, 0);
      counts.examples = rowExamples(top) + c.reqExamples.length + c.responses.reduce((n, r) => n + r.examples.length, 0);
      counts.rows = bodies.reduce((n, rows) => n + rowsIn(rows), rowsIn(top));
      counts.enums = bodies.reduce((n, rows) => n + enumsIn(rows), enumsIn(top));
      const webhook = c.path.startsWith(WEBHOOK_PREFIX);
      out.set(d.key, {
        counts,
        pointer: webhook
          ? `${pointerOf('webhooks', c.path.slice(WEBHOOK_PREFIX.length))}/${c.method.toLowerCase()}`
          : `${pointerOf('paths', openApiPath(c.path))}/${c.method.toLowerCase()}`,
      });
    } else if (d.type === 'model') {
      const c: ModelContent = d.content;
      counts.models = 1;
      counts.modelNames = d.key === modelKey(c.name) ? 1 : 0;
      counts.rows = rowsIn(c.schema);
      counts.enums = enumsIn(c.schema);
      out.set(d.key, { counts, pointer: pointerOf('components', 'schemas', c.name) });
    }
  }
  return out;
}

/** A count that went down between two stages with no warning at the document's place. */
export interface Loss {
  key: string;
  metric: Metric;
  before: number;
  after: number;
}

/**
 * Every count of `before` that `after` lacks, unless a warning points at the document (or inside it) in either
 * stage's description. `only` limits the comparison to some metrics (a source has no rows or enums to count).
 */
export function silentLosses(
  before: Map<string, Counted>,
  after: Map<string, Counted>,
  warnings: readonly ImportWarning[],
  only: readonly Metric[] = METRICS,
): Loss[] {
  const warned = (pointer: string) => warnings.some((w) => w.pointer === pointer || w.pointer.startsWith(`${pointer}/`));
  const losses: Loss[] = [];
  for (const [key, { counts, pointer }] of before) {
    const then = after.get(key);
    for (const metric of only) {
      const lost = counts[metric] - (then?.counts[metric] ?? 0);
      if (lost > 0 && !warned(pointer) && !(then && warned(then.pointer)))
        losses.push({ key, metric, before: counts[metric], after: then?.counts[metric] ?? 0 });
    }
  }
  return losses;
}

/** Totals of one stage, for the report a test prints. */
export const totals = (counted: Map<string, Counted>): Counts =>
  [...counted.values()].reduce((sum, { counts }) => {
    for (const m of METRICS) sum[m] += counts[m];
    return sum;
  }, zero());

/** An import's documents as a project file, as the export job's snapshot holds them. */
export function asProjectFile(result: ImportResult): ApiloomFile {
  return {
    kind: APILOOM_FILE_KIND,
    project: { ...result.project, environments: [] },
    nodes: result.documents.map((d, i) => ({
      id: `d${i}`,
      parentId: '',
      type: d.type,
      name: d.name,
      comment: '',
      content: writeContent({ type: d.type, content: d.content } as TypedContent),
    })),
  };
}
