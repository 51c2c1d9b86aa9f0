/**
 * Conformance of an answer to its documented response (issue 36): the body read against the response's parameter
 * rows, as the mock generator reads them (functions/mock/generate.ts) the other way round. A required field that
 * is missing, a value of the wrong type and, where the step forbids them, fields the document does not name are
 * each an issue with the field's path (`$.data.items[2].id`).
 */
import { bodyRoot } from '../schemas/document-kinds';
import type { ApiContent, ApiResponse } from '../schemas/api-content';
import type { ParamItem } from '../schemas/params';

export interface ConformanceIssue {
  /** The field's JSON path in the answer. */
  path: string;
  problem: 'missing' | 'extra' | 'type' | 'noBranch' | 'status';
  /** What the document says the field is, for `type` (`integer`, `object`...). */
  expected?: string;
  /** What the answer has, for `type` (`string`, `null`...). */
  actual?: string;
}

/** A model's rows by its id (a `model` document); undefined when the model is gone. */
export type ModelRows = (ref: string) => ParamItem[] | undefined;

/** Deeper than this the walk stops looking (a model that refers to itself, a huge answer). */
const MAX_DEPTH = 32;
/** Enough issues to fix a response; more would only drown the first. */
const MAX_ISSUES = 50;

export const jsonTypeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;

/** The documented response for a status: the exact code, else its range (`4XX`), else `default`. */
export function documentedResponse(api: Pick<ApiContent, 'responses'>, status: number): ApiResponse | undefined {
  const code = String(status);
  return (
    api.responses.find((r) => r.status === code) ??
    api.responses.find((r) => r.status === `${code[0]}XX`) ??
    api.responses.find((r) => r.status === 'default')
  );
}

const childPath = (path: string, name: string) =>
  /^[A-Za-z_$][\w$]*$/.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`;

class Walk {
  readonly issues: ConformanceIssue[] = [];
  constructor(
    private readonly models: ModelRows,
    private readonly forbidExtra: boolean,
  ) {}

  private add(issue: ConformanceIssue) {
    if (this.issues.length < MAX_ISSUES) this.issues.push(issue);
  }

  body(value: unknown, rows: ParamItem[], path: string, depth: number, forbidExtra = this.forbidExtra): void {
    const root = bodyRoot(rows);
    if (root) return this.value(value, root, path, depth);
    if (rows.length === 0) return;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return this.add({ path, problem: 'type', expected: 'object', actual: jsonTypeOf(value) });
    }
    this.object(value as Record<string, unknown>, rows, path, depth, forbidExtra);
  }

  private object(value: Record<string, unknown>, rows: ParamItem[], path: string, depth: number, forbidExtra: boolean): void {
    if (depth > MAX_DEPTH) return;
    const named = new Set<string>();
    for (const row of rows) {
      const name = row.name.trim();
      if (name === '') continue;
      named.add(name);
      if (!Object.hasOwn(value, name)) {
        if (row.required) this.add({ path: childPath(path, name), problem: 'missing' });
        continue;
      }
      this.value(value[name], row, childPath(path, name), depth + 1);
    }
    if (forbidExtra && rows.length > 0) {
      for (const key of Object.keys(value)) if (!named.has(key)) this.add({ path: childPath(path, key), problem: 'extra' });
    }
  }

  value(value: unknown, row: ParamItem, path: string, depth: number): void {
    if (depth > MAX_DEPTH) return;
    if (value === null) {
      if (!row.nullable && row.type !== 'any' && !row.combine && row.ref === undefined) {
        this.add({ path, problem: 'type', expected: row.type, actual: 'null' });
      }
      return;
    }
    if (row.combine) return this.combined(value, row, path, depth);
    if (row.ref !== undefined) {
      const rows = this.models(row.ref);
      if (!rows) return;
      if (row.type === 'array' || row.type === 'array[object]') {
        if (!Array.isArray(value)) return this.add({ path, problem: 'type', expected: 'array', actual: jsonTypeOf(value) });
        value.forEach((item, i) => this.body(item, rows, `${path}[${i}]`, depth + 1));
        return;
      }
      return this.body(value, rows, path, depth + 1);
    }
    const actual = jsonTypeOf(value);
    const wrong = (expected: string) => this.add({ path, problem: 'type', expected, actual });
    switch (row.type) {
      case 'string':
        return typeof value === 'string' ? undefined : wrong('string');
      case 'integer':
      case 'int32':
      case 'int64':
        return Number.isInteger(value) ? undefined : wrong('integer');
      case 'number':
        return typeof value === 'number' ? undefined : wrong('number');
      case 'boolean':
        return typeof value === 'boolean' ? undefined : wrong('boolean');
      case 'object':
        if (actual !== 'object') return wrong('object');
        return this.object(value as Record<string, unknown>, row.children, path, depth, this.forbidExtra);
      case 'array':
      case 'array[object]':
      case 'array[string]':
      case 'array[number]':
      case 'array[boolean]':
      case 'array[array]':
        if (!Array.isArray(value)) return wrong('array');
        value.forEach((item, i) => this.item(item, row, `${path}[${i}]`, depth + 1));
        return;
      default:
        // `file` and `any`: nothing a JSON answer can be checked against.
        return;
    }
  }

  private item(item: unknown, row: ParamItem, path: string, depth: number): void {
    const actual = jsonTypeOf(item);
    const wrong = (expected: string) => this.add({ path, problem: 'type', expected, actual });
    switch (row.type) {
      case 'array[string]':
        return typeof item === 'string' ? undefined : wrong('string');
      case 'array[number]':
        return typeof item === 'number' ? undefined : wrong('number');
      case 'array[boolean]':
        return typeof item === 'boolean' ? undefined : wrong('boolean');
      case 'array[array]':
        return Array.isArray(item) ? undefined : wrong('array');
      default:
        if (row.type === 'array[object]' || row.children.length > 0) {
          if (actual !== 'object') return wrong('object');
          this.object(item as Record<string, unknown>, row.children, path, depth, this.forbidExtra);
        }
    }
  }

  /** allOf: every branch holds; oneOf and anyOf: some branch does (each tried on its own). */
  private combined(value: unknown, row: ParamItem, path: string, depth: number): void {
    const branches = row.children;
    if (branches.length === 0) return;
    const tryBranch = (branch: ParamItem) => {
      // A branch names only its share of an allOf's fields: extra fields are judged by the whole, not by a branch.
      const walk = new Walk(this.models, false);
      walk.value(value, { ...branch, name: branch.name || row.name }, path, depth + 1);
      return walk.issues;
    };
    if (row.combine === 'allOf') {
      for (const branch of branches) for (const issue of tryBranch(branch)) this.add(issue);
      return;
    }
    if (!branches.some((branch) => tryBranch(branch).length === 0)) this.add({ path, problem: 'noBranch', expected: row.combine });
  }
}

/**
 * Issues of an answer against its API document: none when the document names no response body for the status,
 * a `status` issue when the document lists responses and none is for this status. Only JSON answers are read.
 */
export function checkConformance(
  api: Pick<ApiContent, 'responses'>,
  status: number,
  body: unknown,
  options: { models: ModelRows; forbidExtra: boolean },
): ConformanceIssue[] {
  if (api.responses.length === 0) return [];
  const response = documentedResponse(api, status);
  if (!response) return [{ path: '$', problem: 'status', actual: String(status) }];
  if (response.format !== 'json' || response.body.length === 0) return [];
  const walk = new Walk(options.models, options.forbidExtra);
  walk.body(body, response.body, '$', 0);
  return walk.issues;
}
