/**
 * Mock.js 1.1.0 made safe to run on a public endpoint. Its rule handlers for arrays, objects, numbers and booleans
 * and its Random library are kept as they are; what it would do unsafely is replaced in place:
 * - placeholders: Mock.js passes their arguments to `eval` (code execution on the server) and resolves names
 *   through inherited properties (a template could write into `Object.prototype.toString`); here they are parsed
 *   as literals and resolved through own properties only;
 * - strings: Mock.js finds placeholders with a regular expression that is quadratic on long strings;
 * - every value generated is counted against a budget (values, characters, nesting, time) that aborts a render
 *   long before it could exhaust the function, and `@increment` counts per render instead of per process.
 * Everything here is synchronous, so one module-level budget is the budget of the render in progress.
 */
import Mock from 'mockjs';
import { MOCK_CAPS } from './limits';
import { MockAbort, mockFail, mockOk, type MockResult } from './mock-error';
import { parsePlaceholderParams, scanPlaceholders, type ParamValue } from './placeholder';

type GenPath = (string | number)[];
interface GenContext {
  path: GenPath;
  templatePath: GenPath;
  currentContext: unknown;
  templateCurrentContext: unknown;
  root: unknown;
  templateRoot: unknown;
}
interface GenRule {
  range?: unknown;
  count?: number;
}
interface HandlerOptions {
  template: unknown;
  name: string;
  rule: GenRule;
  context: GenContext;
}
type RandomFunction = ((...args: unknown[]) => unknown) & { options?: HandlerOptions };
interface MockInternals {
  Handler: {
    gen(template: unknown, name?: string | number, context?: Partial<GenContext>): unknown;
    string(options: HandlerOptions): unknown;
    placeholder(placeholder: string, obj: unknown, templateContext: unknown, options: HandlerOptions): unknown;
  };
  Random: Record<string, unknown> & { order: RandomFunction & { cache?: object } };
}

const internals = Mock as unknown as MockInternals;
const { Handler, Random } = internals;

/** Random methods a placeholder (or a sandboxed script) may call; `extend`, `dataImage` and internals are left out. */
export const RANDOM_METHODS = [
  'boolean',
  'bool',
  'natural',
  'integer',
  'int',
  'float',
  'character',
  'char',
  'string',
  'str',
  'range',
  'date',
  'time',
  'datetime',
  'now',
  'image',
  'img',
  'color',
  'hex',
  'rgb',
  'rgba',
  'hsl',
  'paragraph',
  'cparagraph',
  'sentence',
  'csentence',
  'word',
  'cword',
  'title',
  'ctitle',
  'first',
  'last',
  'name',
  'cfirst',
  'clast',
  'cname',
  'url',
  'protocol',
  'domain',
  'tld',
  'email',
  'ip',
  'region',
  'province',
  'city',
  'county',
  'zip',
  'capitalize',
  'upper',
  'lower',
  'pick',
  'shuffle',
  'order',
  'd4',
  'd6',
  'd8',
  'd12',
  'd20',
  'd100',
  'guid',
  'uuid',
  'id',
  'increment',
  'inc',
] as const;

/** Methods whose numeric arguments are lengths or counts of what they build. */
const SIZED_METHODS = new Set([
  'string',
  'str',
  'paragraph',
  'cparagraph',
  'sentence',
  'csentence',
  'word',
  'cword',
  'title',
  'ctitle',
  'zip',
]);

interface RenderBudget {
  nodesLeft: number;
  charsLeft: number;
  deadline: number;
  depth: number;
  increment: number;
}
let budget: RenderBudget | undefined;

function activeBudget(): RenderBudget {
  if (!budget) throw new MockAbort('invalid_template', 'Mock.js was called outside a guarded render');
  return budget;
}

function charge(chars: number) {
  const b = activeBudget();
  b.charsLeft -= chars;
  if (b.charsLeft < 0) throw new MockAbort('output_too_large', `the mock data would be larger than ${MOCK_CAPS.outputChars} characters`);
}

const increment: RandomFunction = (step) => {
  const b = activeBudget();
  b.increment += Number(step) || 1;
  return b.increment;
};
Random.increment = increment;

/** Captured once, so nothing done later to Mock.Random changes what may be called. */
const randomByName = new Map<string, RandomFunction>(RANDOM_METHODS.map((name) => [name.toLowerCase(), Random[name] as RandomFunction]));

const clampSize = (value: unknown) => (typeof value === 'number' ? Math.min(value, MOCK_CAPS.repeat) : value);

function clampArguments(method: string, args: unknown[]): unknown[] {
  if (SIZED_METHODS.has(method)) return args.map(clampSize);
  if (method === 'range') {
    // range(stop) or range(start, stop, step): a list of (stop - start) / step numbers.
    const [start, stop, step] =
      args.length <= 1 ? [0, Number(args[0] ?? 0), 1] : [Number(args[0]), Number(args[1]), Number(args[2] ?? 1) || 1];
    const limitedStop = Math.abs((stop - start) / step) > MOCK_CAPS.repeat ? start + step * MOCK_CAPS.repeat : stop;
    return [start, limitedStop, step];
  }
  return args;
}

const sizeOf = (value: unknown) =>
  typeof value === 'string' ? value.length : typeof value === 'object' && value !== null ? JSON.stringify(value).length : 8;

/** The Random method named `name` (case-insensitive, as in Mock.js), or undefined when there is none. */
export const hasRandomMethod = (name: string) => randomByName.has(name.toLowerCase());

function invokeRandom(name: string, args: unknown[], options?: HandlerOptions): unknown {
  const method = randomByName.get(name.toLowerCase());
  if (!method) return undefined;
  // `order` keeps its position per template path, which Mock.js hands it through the function object.
  method.options = options;
  try {
    const result = method.apply(Random, clampArguments(name.toLowerCase(), args));
    charge(sizeOf(result));
    return result === undefined ? '' : result;
  } finally {
    delete method.options;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const ownValue = (value: unknown, key: string | number): unknown =>
  isRecord(value) && Object.hasOwn(value, key) ? value[key as string] : undefined;

function splitPath(key: string): string[] {
  let parts = key.split(/\/+/);
  if (!parts[parts.length - 1]) parts = parts.slice(0, -1);
  if (!parts[0]) parts = parts.slice(1);
  return parts;
}

function normalizePath(parts: GenPath): GenPath {
  const out: GenPath = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.') out.push(part);
  }
  return out;
}

/** `@/a/b` and `@../b`: what Mock.js's getValueByKeyPath does, through own properties only. */
function valueByPath(placeholder: string, key: string, options: HandlerOptions): unknown {
  const parts = splitPath(key);
  const absolute = key.startsWith('/')
    ? [options.context.path[0] ?? '', ...normalizePath(parts)]
    : normalizePath([...options.context.path.slice(0, -1), ...parts]);
  const last = parts[parts.length - 1];
  if (last === undefined) return placeholder;
  let current = options.context.root;
  let templateCurrent = options.context.templateRoot;
  for (let i = 1; i < absolute.length - 1; i++) {
    current = ownValue(current, absolute[i]!);
    templateCurrent = ownValue(templateCurrent, absolute[i]!);
  }
  if (isRecord(current) && Object.hasOwn(current, last)) return current[last];
  if (isRecord(templateCurrent) && Object.hasOwn(templateCurrent, last) && templateCurrent[last] !== placeholder) {
    templateCurrent[last] = Handler.gen(templateCurrent[last], last, { currentContext: current, templateCurrentContext: templateCurrent });
    return templateCurrent[last];
  }
  return `@${parts.join('/')}`;
}

function resolveParams(params: ParamValue[], obj: unknown, templateContext: unknown, options: HandlerOptions): unknown[] {
  return params.map((param) =>
    typeof param === 'string' && scanPlaceholders(param).some((t) => !t.escaped)
      ? Handler.placeholder(param, obj, templateContext, options)
      : param,
  );
}

Handler.placeholder = function placeholder(text, obj, templateContext, options) {
  const token = scanPlaceholders(text)[0];
  if (!token || token.escaped) return text;
  const { key } = token;
  if (isRecord(obj) && Object.hasOwn(obj, key)) return obj[key];
  if (key.startsWith('/') || splitPath(key).length > 1) return valueByPath(text, key, options);
  if (isRecord(templateContext) && Object.hasOwn(templateContext, key) && templateContext[key] !== text) {
    templateContext[key] = Handler.gen(templateContext[key], key, { currentContext: obj, templateCurrentContext: templateContext });
    return templateContext[key];
  }
  if (!hasRandomMethod(key)) return text;
  return invokeRandom(key, resolveParams(parsePlaceholderParams(token.params), obj, templateContext, options), options);
};

Handler.string = function string(options) {
  const template = options.template as string;
  const { rule } = options;
  if (template.length === 0) return rule.range ? invokeRandom('string', [rule.count]) : template;
  const count = rule.count === undefined ? 1 : Math.max(0, Math.trunc(rule.count) || 0);
  charge(template.length * count);
  const text = template.repeat(count);
  const tokens = scanPlaceholders(text).filter((t) => !t.escaped);
  const only = tokens.length === 1 ? tokens[0]! : undefined;
  // A string that is exactly one placeholder takes the placeholder's own type (`"@integer"` gives a number).
  if (only && only.start === 0 && only.end === text.length)
    return Handler.placeholder(text, options.context.currentContext, options.context.templateCurrentContext, options);
  let out = '';
  let from = 0;
  for (const token of tokens) {
    const value = Handler.placeholder(
      text.slice(token.start, token.end),
      options.context.currentContext,
      options.context.templateCurrentContext,
      options,
    );
    out += text.slice(from, token.start) + String(value);
    from = token.end;
  }
  return out + text.slice(from);
};

const originalGen = Handler.gen.bind(Handler);
Handler.gen = function gen(template, name, context) {
  const b = activeBudget();
  if (--b.nodesLeft < 0) throw new MockAbort('output_too_large', `the mock data would have more than ${MOCK_CAPS.nodes} values`);
  if ((b.nodesLeft & 63) === 0 && Date.now() > b.deadline) throw new MockAbort('timeout', 'the mock data took too long to generate');
  // Templates are at most MOCK_CAPS.depth deep; references between fields (`@other`) may add as much again.
  if (++b.depth > MOCK_CAPS.depth * 2) throw new MockAbort('invalid_template', 'fields of the template refer to each other in a cycle');
  try {
    charge(1 + (typeof name === 'string' ? name.length : 0));
    return originalGen(template, name, context);
  } finally {
    b.depth--;
  }
};

/**
 * Runs `render` with a fresh budget. Mock.js and the Random library report bad input by throwing whatever they
 * throw; all of it comes back as a result, with Mock.js's own message.
 */
export function withRenderBudget<T>(render: () => T, deadline = Date.now() + MOCK_CAPS.renderMs): MockResult<T> {
  const outer = budget;
  budget = { nodesLeft: MOCK_CAPS.nodes, charsLeft: MOCK_CAPS.outputChars, deadline, depth: 0, increment: 0 };
  Random.order.cache = {};
  try {
    return mockOk(render());
  } catch (error) {
    if (error instanceof MockAbort) return mockFail(error.kind, error.message);
    if (error instanceof RangeError && /call stack/i.test(error.message))
      return mockFail('invalid_template', 'the template nests too deeply');
    return mockFail('invalid_template', error instanceof Error ? error.message : 'the template could not be rendered');
  } finally {
    budget = outer;
    Random.order.cache = {};
  }
}

/** Generates from a template that has already been checked and clamped (see template.ts). */
export const generateFromTemplate = (template: unknown): unknown => Handler.gen(template);

/** One `Mock.Random.<name>(...args)` call, inside a render budget. */
export const callRandom = (name: string, args: unknown[]): unknown => invokeRandom(name, args);
