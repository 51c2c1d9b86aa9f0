/**
 * Parameter rows as a reader sees them: model references expanded into the model's rows, and each row's schema
 * constraints as short labels. A model met again on its own path is marked as a cycle and not opened; models are
 * opened MODEL_DEPTH deep, and a reference below that waits for the reader to open it (`deferred`), so a web of
 * models that refer to each other shows a few dozen rows, not thousands (issue 39's render budget).
 */
import { LIMITS } from '@shared/constants';
import type { ModelContent, ParamItem } from '@shared/schemas/document';

export interface ViewRow extends Omit<ParamItem, 'children'> {
  /** Unique in the table: a model's rows appear once per place that refers to it. */
  key: string;
  /** The name of the model the row refers to, when it is known. */
  modelName?: string;
  /** The row refers to a model already open above it. */
  cycle?: boolean;
  /** The row refers to a model not opened yet, this deep: the reader opens it. */
  deferred?: boolean;
  children?: ViewRow[];
}

export type ModelsById = ReadonlyMap<string, ModelContent>;

/** Models opened inside each other before the reader is asked: the model, what it refers to, and what that does. */
export const MODEL_DEPTH = 2;
/** Past this many rows a model's expansion stops: a reader never waits on a schema that multiplies out. */
const MAX_ROWS = 3_000;

export interface ViewRowOptions {
  /** The model whose own view this is: a row that refers to it is a cycle at once. */
  self?: string;
  /** Keys of deferred rows the reader opened: each opens MODEL_DEPTH more levels below it. */
  opened?: ReadonlySet<string>;
}

export function viewRows(items: ParamItem[], models: ModelsById, options: ViewRowOptions = {}): ViewRow[] {
  let budget = MAX_ROWS;
  const opened = options.opened ?? new Set<string>();
  const walk = (list: ParamItem[], parentKey: string, openModels: readonly string[], depth: number, modelDepth: number): ViewRow[] =>
    list.map((p, index) => {
      budget--;
      const key = `${parentKey}/${p.id || index}`;
      const model = p.ref !== undefined ? models.get(p.ref) : undefined;
      const cycle = p.ref !== undefined && openModels.includes(p.ref);
      const deferred = !!model && !cycle && modelDepth >= MODEL_DEPTH && !opened.has(key);
      const { children: _, ...row } = p;
      const base = { ...row, key, modelName: model?.name, cycle: cycle || undefined };
      if (deferred) return { ...base, deferred: true };
      const source = model && !cycle ? model.schema : p.children;
      const innerModelDepth = !model || cycle ? modelDepth : opened.has(key) ? 1 : modelDepth + 1;
      const inner =
        depth < LIMITS.paramDepth && budget > 0
          ? walk(source, key, p.ref ? [...openModels, p.ref] : openModels, depth + 1, innerModelDepth)
          : [];
      return { ...base, children: inner.length ? inner : undefined };
    });
  return walk(items, '', options.self ? [options.self] : [], 0, 0);
}

export const allRowKeys = (rows: ViewRow[]): string[] => rows.flatMap((r) => [r.key, ...allRowKeys(r.children ?? [])]);

/** Model ids that rows refer to, their own and those of the models already known. */
export function referencedModels(items: ParamItem[], models: ModelsById, limit = 200): string[] {
  const found = new Set<string>();
  const visit = (list: ParamItem[]) => {
    for (const p of list) {
      if (found.size >= limit) return;
      if (p.ref !== undefined && !found.has(p.ref)) {
        found.add(p.ref);
        const model = models.get(p.ref);
        if (model) visit(model.schema);
      }
      visit(p.children);
    }
  };
  visit(items);
  return [...found];
}

const literal = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** A row's constraints as short labels, in a fixed order: `format: date-time`, `enum: a | b`, `≥ 0`, `length 1-20`... */
export function constraintLabels(p: Omit<ParamItem, 'children'>, t: (key: string) => string): string[] {
  const labels: string[] = [];
  const range = (min: number | undefined, max: number | undefined) =>
    min !== undefined && max !== undefined ? `${min}-${max}` : min !== undefined ? `≥ ${min}` : `≤ ${max}`;
  if (p.format) labels.push(`${t('docs.param.format')}: ${p.format}`);
  if (p.enum?.length) labels.push(`${t('docs.param.enum')}: ${p.enum.map(literal).join(' | ')}`);
  if (p.default !== undefined) labels.push(`${t('docs.param.default')}: ${p.default}`);
  if (p.minimum !== undefined || p.maximum !== undefined) {
    const low = p.minimum === undefined ? '' : `${p.minimum} ${p.exclusiveMinimum ? '<' : '≤'} `;
    const high = p.maximum === undefined ? '' : ` ${p.exclusiveMaximum ? '<' : '≤'} ${p.maximum}`;
    labels.push(`${low}x${high}`);
  }
  if (p.minLength !== undefined || p.maxLength !== undefined) labels.push(`${t('docs.param.length')} ${range(p.minLength, p.maxLength)}`);
  if (p.minItems !== undefined || p.maxItems !== undefined) labels.push(`${t('docs.param.items')} ${range(p.minItems, p.maxItems)}`);
  if (p.pattern) labels.push(`${t('docs.param.pattern')}: ${p.pattern}`);
  if (p.nullable) labels.push(t('docs.param.nullable'));
  if (p.examples?.length) labels.push(`${t('docs.param.examples')}: ${p.examples.join(' | ')}`);
  if (p.requires)
    labels.push(
      `${t(p.requires.combine === 'oneOf' ? 'docs.param.requiresOneOf' : 'docs.param.requiresAnyOf')}: ${p.requires.sets.map((set) => set.join(' + ')).join(' | ')}`,
    );
  return labels;
}
