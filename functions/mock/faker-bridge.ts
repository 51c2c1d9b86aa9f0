/**
 * Realistic values from @faker-js/faker, zh-CN or en. Only these two locale bundles are imported (each locale entry
 * brings its own definitions), which keeps faker's other 60-odd locales out of the mock function's bundle.
 *
 * Sandboxed scripts reach faker through `callFaker`, which resolves `module.method` against a table built here
 * from faker's own modules, never through property access on a path the script chose: `constructor`,
 * `__proto__` and the like are simply not in the table. Arguments are JSON data, and sizes are clamped, since a
 * call runs in the host where the sandbox's deadline cannot interrupt it (`faker.string.alpha(1e9)`).
 */
import { faker as fakerEn } from '@faker-js/faker/locale/en';
import { faker as fakerZh } from '@faker-js/faker/locale/zh_CN';
import { MOCK_CAPS } from './limits';
import { mockFail, mockOk, type MockResult } from './mock-error';

export type MockLocale = 'zh' | 'en';
export type Faker = typeof fakerZh;

export const fakerFor = (locale: MockLocale): Faker => (locale === 'en' ? fakerEn : fakerZh);

const FAKER_MODULES = [
  'airline',
  'animal',
  'book',
  'color',
  'commerce',
  'company',
  'database',
  'datatype',
  'date',
  'finance',
  'food',
  'git',
  'hacker',
  'helpers',
  'image',
  'internet',
  'location',
  'lorem',
  'music',
  'number',
  'person',
  'phone',
  'science',
  'string',
  'system',
  'vehicle',
  'word',
] as const;
type FakerModuleName = (typeof FAKER_MODULES)[number];

/** Helpers that take callbacks or templates, or expand a pattern without a bound (`fromRegExp('a{1000000000}')`). */
const UNSAFE_HELPERS = new Set(['fake', 'fromRegExp', 'uniqueArray', 'mustache', 'maybe', 'multiple']);
/** Where a bare number or `{min, max}` argument is a value (`number.int(1e12)`), not the size of what is built. */
const VALUE_MODULES = new Set<string>(['number', 'datatype', 'date', 'location', 'image', 'commerce', 'color']);
const VALUE_METHODS = new Set(['finance.amount', 'helpers.rangeToNumber']);
/** Option names that are always sizes, whatever the module (`{length: 1e9}`, `date.betweens({count})`). */
const SIZE_OPTIONS = new Set(['length', 'count']);

function methodsOf(instance: object): string[] {
  const names = new Set<string>();
  for (let proto: object | null = instance; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name !== 'constructor' && !name.startsWith('_') && typeof (instance as Record<string, unknown>)[name] === 'function')
        names.add(name);
    }
  }
  return [...names].sort();
}

/** `module -> methods` a script may call, the same for both locales. */
export const FAKER_METHODS: Readonly<Record<FakerModuleName, readonly string[]>> = Object.fromEntries(
  FAKER_MODULES.map((module) => [
    module,
    methodsOf(fakerZh[module]).filter((method) => module !== 'helpers' || !UNSAFE_HELPERS.has(method)),
  ]),
) as unknown as Record<FakerModuleName, readonly string[]>;

const callable = new Set(FAKER_MODULES.flatMap((module) => FAKER_METHODS[module].map((method) => `${module}.${method}`)));

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const clampNumber = (value: unknown) => (typeof value === 'number' ? Math.min(value, MOCK_CAPS.repeat) : value);

function clampAll(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clampAll);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clampAll(v)]));
  return clampNumber(value);
}

function clampSizeOptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clampSizeOptions);
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SIZE_OPTIONS.has(k) ? clampAll(v) : clampSizeOptions(v)]));
}

const isRange = (value: unknown) => isRecord(value) && Object.keys(value).every((k) => k === 'min' || k === 'max');

function clampArguments(path: string, module: string, args: unknown[]): unknown[] {
  const countsAreSizes = !VALUE_MODULES.has(module) && !VALUE_METHODS.has(path);
  return args.map((arg) => (countsAreSizes && (typeof arg === 'number' || isRange(arg)) ? clampAll(arg) : clampSizeOptions(arg)));
}

/** Dates as ISO text and bigints as decimal text, so every result crosses into the sandbox as JSON. */
function toJsonValue(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonValue(v)]));
  return value;
}

/** Calls `faker.<path>(...args)` for a script; an unknown path or a failing call is a message, never an exception. */
export function callFaker(locale: MockLocale, path: string, args: unknown[]): MockResult<unknown> {
  if (!callable.has(path)) return mockFail('script_error', `faker.${path} is not available in mock scripts`);
  const [module, method] = path.split('.') as [FakerModuleName, string];
  const instance = fakerFor(locale)[module] as unknown as Record<string, (...a: unknown[]) => unknown>;
  try {
    return mockOk(toJsonValue(instance[method]!(...clampArguments(path, module, args))));
  } catch (error) {
    return mockFail('script_error', `faker.${path}: ${error instanceof Error ? error.message : 'failed'}`);
  }
}
