/**
 * Extractions and checks of one answer (issue 36): pure functions of the response. Each check gives a result that
 * says what was asked, what came and, for a field, its path; the words are the reader's (./texts.ts).
 */
import type { Check, Extraction } from '../schemas/scenario';
import { jsonTypeOf } from './conformance';
import { JsonPathError, readJsonPath } from './json-path';

/** The part of an answer the checks read. */
export interface Answer {
  status: number;
  headers: { name: string; value: string }[];
  /** The body as text (decoded as UTF-8). */
  text: string;
  /** The body parsed as JSON; `undefined` when it is not JSON. */
  json: unknown;
  timeMs: number;
}

export interface CheckResult {
  kind: Check['kind'] | 'conformance' | 'script';
  passed: boolean;
  /** The status, a JSON path, a header's name, a test's name, a field's path. */
  target: string;
  /** The operation (`equals`, `exists`, `under`, `missing`, `extra`, `type`...). */
  op: string;
  expected: string;
  actual: string;
}

/** Raised for an extraction or check the step got wrong (a broken regex or JSON path): the step fails with it. */
export class StepDefinitionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StepDefinitionError';
  }
}

export function parseJsonOrUndefined(text: string): unknown {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[' && start !== '"' && !/^[-\d tfn]/.test(start ?? '')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A value as a variable holds it: strings as they are, anything else as JSON. */
export const asText = (value: unknown): string => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));

const header = (answer: Answer, name: string) => answer.headers.find((h) => h.name.toLowerCase() === name.trim().toLowerCase())?.value;

function regex(source: string): RegExp {
  try {
    return new RegExp(source);
  } catch (error) {
    throw new StepDefinitionError(`invalid regular expression ${source}: ${(error as Error).message}`);
  }
}

function path(json: unknown, expression: string) {
  try {
    return readJsonPath(json, expression);
  } catch (error) {
    if (error instanceof JsonPathError) throw new StepDefinitionError(error.message);
    throw error;
  }
}

/** The value an extraction takes from the answer; undefined when the answer has nothing there. */
export function extract(answer: Answer, extraction: Extraction): string | undefined {
  switch (extraction.from) {
    case 'body':
      return answer.text;
    case 'header':
      return header(answer, extraction.expression);
    case 'regex': {
      const m = regex(extraction.expression).exec(answer.text);
      return m ? (m[1] ?? m[0]) : undefined;
    }
    case 'jsonPath': {
      if (answer.json === undefined) return undefined;
      const r = path(answer.json, extraction.expression || '$');
      return r.found ? asText(r.value) : undefined;
    }
  }
}

/** `expected` read as JSON when it is JSON, else as the text it is. */
const expectedValue = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && deepEqual((a as never)[k], (b as never)[k]));
}

/** `equals` of a JSON value with what the step wrote: the same JSON, or the same text for a string (`1` equals "1"). */
const equalsWritten = (actual: unknown, written: string) =>
  deepEqual(actual, expectedValue(written)) || (typeof actual !== 'object' && asText(actual) === written);

function contains(actual: unknown, written: string): boolean {
  if (typeof actual === 'string') return actual.includes(written);
  if (Array.isArray(actual)) return actual.some((item) => equalsWritten(item, written));
  if (actual && typeof actual === 'object') return Object.hasOwn(actual, written);
  return asText(actual).includes(written);
}

const typeMatches = (actual: unknown, expected: string) =>
  expected === 'number' ? typeof actual === 'number' : jsonTypeOf(actual) === expected;

export function runCheck(answer: Answer, check: Check): CheckResult {
  switch (check.kind) {
    case 'status':
      return {
        kind: 'status',
        passed: answer.status === check.equals,
        target: 'status',
        op: 'equals',
        expected: String(check.equals),
        actual: String(answer.status),
      };
    case 'time':
      return {
        kind: 'time',
        passed: answer.timeMs < check.underMs,
        target: 'time',
        op: 'under',
        expected: `${check.underMs} ms`,
        actual: `${Math.round(answer.timeMs)} ms`,
      };
    case 'header': {
      const value = header(answer, check.name);
      const passed =
        value !== undefined &&
        (check.op === 'exists' ||
          (check.op === 'equals' && value === check.value) ||
          (check.op === 'contains' && value.includes(check.value)) ||
          (check.op === 'matches' && regex(check.value).test(value)));
      return { kind: 'header', passed, target: check.name, op: check.op, expected: check.value, actual: value ?? '' };
    }
    case 'jsonPath': {
      const r = answer.json === undefined ? { found: false as const } : path(answer.json, check.path);
      const actual = r.found ? asText(r.value) : '';
      const result = (passed: boolean): CheckResult => ({
        kind: 'jsonPath',
        passed,
        target: check.path,
        op: check.op,
        expected: check.value,
        actual,
      });
      if (check.op === 'exists') return result(r.found);
      if (check.op === 'notExists') return result(!r.found);
      if (!r.found) return result(false);
      switch (check.op) {
        case 'equals':
          return result(equalsWritten(r.value, check.value));
        case 'notEquals':
          return result(!equalsWritten(r.value, check.value));
        case 'contains':
          return result(contains(r.value, check.value));
        case 'matches':
          return result(regex(check.value).test(asText(r.value)));
        case 'type':
          return { ...result(typeMatches(r.value, check.value.trim())), actual: jsonTypeOf(r.value) };
      }
    }
  }
}
