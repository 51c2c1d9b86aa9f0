/**
 * Expectations (Apifox's "advanced mock"): the first enabled expectation whose conditions all hold answers
 * instead of the document's default mock. Conditions read the query, the path parameters, the headers (names in
 * any case) and fields of a JSON body by dotted path (`items.0.id`). Regular expressions run on RE2's
 * linear-time engine, so a saved pattern cannot make a request take exponential time.
 */
import { RE2JS } from 're2js';
import type { MockCondition, MockExpectation } from '@shared/schemas/mock';

export interface ExpectationRequest {
  query: Record<string, string | string[] | undefined>;
  params: Record<string, string | undefined>;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, or whatever the server has when the body is not JSON (it then has no fields). */
  body: unknown;
}

/** Longest text a regular expression is run against; RE2 is linear, this keeps the constant small. */
const MAX_REGEX_INPUT = 64 * 1024;
const MAX_CACHED_PATTERNS = 500;
const patterns = new Map<string, RE2JS | null>();

/**
 * A pattern as people write it in JavaScript, in RE2's spelling: `\u4e00` and `\u{1F600}` become `\x{4e00}` and
 * `\x{1F600}` (RE2 has no `\u`). An escaped backslash stays as it is, so `\\u0041` still means a backslash and `u0041`.
 */
export const toRe2Syntax = (pattern: string) =>
  pattern.replace(/\\\\|\\u([0-9a-fA-F]{4})|\\u\{([0-9a-fA-F]{1,6})\}/g, (whole, short?: string, long?: string) =>
    short || long ? `\\x{${short ?? long}}` : whole,
  );

function compiled(pattern: string): RE2JS | null {
  let regex = patterns.get(pattern);
  if (regex === undefined) {
    try {
      regex = RE2JS.compile(toRe2Syntax(pattern));
    } catch {
      // Refused at save time; a pattern that slipped through simply never matches.
      regex = null;
    }
    if (patterns.size >= MAX_CACHED_PATTERNS) patterns.clear();
    patterns.set(pattern, regex);
  }
  return regex;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A body field by dotted path, through own properties only; numeric segments index arrays. */
export function bodyField(body: unknown, path: string): unknown {
  let current = body;
  for (const segment of path.split('.')) {
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(segment)) return undefined;
      current = current[Number(segment)];
    } else if (isRecord(current) && Object.hasOwn(current, segment)) {
      current = current[segment];
    } else {
      return undefined;
    }
  }
  return current;
}

function lowerCaseKeys(headers: ExpectationRequest['headers']): Map<string, string | string[] | undefined> {
  return new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** A number, or a string that is one; anything else (including '' and booleans) is not a number. */
function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function equals(actual: unknown, expected: string): boolean {
  if (textOf(actual) === expected) return true;
  const a = numberOf(actual);
  const e = numberOf(expected);
  return typeof actual !== 'boolean' && a !== undefined && a === e;
}

/** Whether one value (a query parameter may have several) satisfies the operator. */
function holdsFor(op: MockCondition['op'], actual: unknown, expected: string): boolean {
  switch (op) {
    case 'eq':
      return equals(actual, expected);
    case 'contains':
      if (Array.isArray(actual)) return actual.some((item) => equals(item, expected));
      return (typeof actual === 'string' || typeof actual === 'number') && String(actual).includes(expected);
    case 'gt':
    case 'lt': {
      const a = numberOf(actual);
      const e = numberOf(expected);
      if (a === undefined || e === undefined) return false;
      return op === 'gt' ? a > e : a < e;
    }
    case 'regex': {
      const regex = compiled(expected);
      return regex !== null && actual !== undefined && regex.matcher(textOf(actual).slice(0, MAX_REGEX_INPUT)).find();
    }
    default:
      return false;
  }
}

function conditionHolds(
  condition: MockCondition,
  request: ExpectationRequest,
  headers: Map<string, string | string[] | undefined>,
): boolean {
  const actual =
    condition.source === 'query'
      ? Object.hasOwn(request.query, condition.name)
        ? request.query[condition.name]
        : undefined
      : condition.source === 'path'
        ? Object.hasOwn(request.params, condition.name)
          ? request.params[condition.name]
          : undefined
        : condition.source === 'header'
          ? headers.get(condition.name.toLowerCase())
          : bodyField(request.body, condition.name);
  if (condition.op === 'exists') return actual !== undefined;
  // A repeated query parameter or header: `ne` holds when no value equals, every other operator when one value holds.
  const candidates = Array.isArray(actual) && condition.source !== 'body' ? actual : [actual];
  if (condition.op === 'ne') return !candidates.some((value) => value !== undefined && equals(value, condition.value));
  return candidates.some((value) => value !== undefined && holdsFor(condition.op, value, condition.value));
}

/** The first enabled expectation whose conditions all hold, or undefined to answer with the default mock. */
export function findExpectation(expectations: readonly MockExpectation[], request: ExpectationRequest): MockExpectation | undefined {
  const headers = lowerCaseKeys(request.headers);
  return expectations.find((e) => e.enabled && e.conditions.every((c) => conditionHolds(c, request, headers)));
}
