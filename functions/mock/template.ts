/**
 * Mock.js templates (`"list|1-10": [{"id|+1": 1, "name": "@cname"}]`) rendered into JSON, never beyond the caps:
 * before Mock.js sees a template, repeat counts above MOCK_CAPS.repeat are lowered to it, decimal places to what a
 * double holds, and templates too deep, with overlong field names (Mock.js parses each with a regular expression
 * that is quadratic in its length) or with `__proto__` fields are refused.
 */
import { MOCK_RULE_KEY, mockFieldName } from '@shared/schemas/mock';
import { MOCK_CAPS } from './limits';
import { MockAbort, mockFail, mockOk, type MockResult } from './mock-error';
import { generateFromTemplate, withRenderBudget } from './mockjs-hardened';

export interface RenderedJson {
  value: unknown;
  /** `value` serialised, once, for the response body. */
  json: string;
}

interface RenderOptions {
  /** Epoch milliseconds when rendering must stop; defaults to MOCK_CAPS.renderMs from now. */
  deadline?: number;
}

const MAX_KEY_CHARS = 100;
const MAX_DECIMALS = 10;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const lowerNumbers = (rule: string, cap: number) => rule.replace(/\d+/g, (digits) => String(Math.min(Number(digits), cap)));

/** The key with its repeat count and decimal places lowered to the caps; the field name and the rest untouched. */
function clampRuleKey(key: string, value: unknown): string {
  if (!key.includes('|')) return key;
  const match = MOCK_RULE_KEY.exec(key);
  if (!match) return key;
  const [whole, name, step, range, decimal] = match;
  if (step !== undefined) return key;
  const repeats = typeof value === 'string' || Array.isArray(value);
  const rule =
    (range === undefined ? '' : repeats ? lowerNumbers(range, MOCK_CAPS.repeat) : range) +
    (decimal === undefined ? '' : `.${lowerNumbers(decimal, MAX_DECIMALS)}`);
  return key.slice(0, match.index) + `${name}|${rule}` + key.slice(match.index + whole.length);
}

/** A copy of the template that is safe to hand to Mock.js (which also mutates what it renders, e.g. for `|+1`). */
function prepare(template: unknown, depth: number): unknown {
  if (!isRecord(template)) return template;
  if (depth > MOCK_CAPS.depth) throw new MockAbort('invalid_template', `the template is nested deeper than ${MOCK_CAPS.depth} levels`);
  if (Array.isArray(template)) return template.map((item) => prepare(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(template)) {
    if (key.length > MAX_KEY_CHARS)
      throw new MockAbort('invalid_template', `field names in a template are at most ${MAX_KEY_CHARS} characters`);
    const clamped = clampRuleKey(key, value);
    if (mockFieldName(clamped) === '__proto__') throw new MockAbort('invalid_template', 'a template field cannot be named __proto__');
    copy[clamped] = prepare(value, depth + 1);
  }
  return copy;
}

function parseTemplateText(text: string): MockResult<unknown> {
  try {
    const template: unknown = JSON.parse(text);
    if (isRecord(template)) return mockOk(template);
  } catch {
    // reported below, with the same message as a template that parses to a non-object
  }
  return mockFail('invalid_template', 'a template is a JSON object or array');
}

/** Renders a saved template: JSON text of an object or an array. */
export function renderTemplate(text: string, options: RenderOptions = {}): MockResult<RenderedJson> {
  const parsed = parseTemplateText(text);
  return parsed.ok ? renderTemplateValue(parsed.value, options) : parsed;
}

/** Renders any JSON value as a template, as `Mock.mock(value)` does in a script (`Mock.mock('@cname')`). */
export function renderTemplateValue(template: unknown, options: RenderOptions = {}): MockResult<RenderedJson> {
  const rendered = withRenderBudget(() => generateFromTemplate(prepare(template, 1)), options.deadline);
  if (!rendered.ok) return rendered;
  const json = JSON.stringify(rendered.value) ?? 'null';
  if (json.length > MOCK_CAPS.outputChars)
    return mockFail('output_too_large', `the mock data is larger than ${MOCK_CAPS.outputChars} characters`);
  return mockOk({ value: rendered.value, json });
}
