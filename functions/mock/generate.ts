/**
 * The `auto` mock: a response made from the document's response parameters (spec section 5). A parameter's own
 * example (`value`) wins; otherwise what the schema says (an enum, a format such as `email` or `date-time`, a
 * pattern, numeric bounds, string lengths, item counts), and within that its type and name decide, with realistic
 * values from faker in the caller's language. A string's order: example, enum, then the format's value (else the
 * name's kind's) when it matches the pattern, else a value made from the pattern (see `matchingPattern`). Arrays get
 * 1-3 items unless they say otherwise. The tree a document describes can multiply out (arrays of arrays of objects),
 * so generation stops at MOCK_CAPS.nodes values; past MOCK_CAPS.depth levels objects and arrays come out empty.
 *
 * Two stages: `compileBody` reads the rows once (the mock origin keeps the result per document revision), and each
 * request only runs the compiled plans; a body of examples all the way down is generated once.
 */
import { exampleFromText } from '@shared/param-example';
import { bodyRoot, type ParamItem } from '@shared/schemas/document';
import { fakerFor, type Faker, type MockLocale } from './faker-bridge';
import { fieldKind, nameWords, singular, type FieldKind } from './field-names';
import { MOCK_CAPS } from './limits';
import { MockAbort, mockFail, mockOk, type MockResult } from './mock-error';
import { compilePattern, type LengthBounds, type RandomInt } from './pattern';
import type { RenderedJson } from './template';

interface GenerateOptions {
  locale?: MockLocale;
  /** Same seed, same output (dates included): for tests and stable previews. */
  seed?: number;
  deadline?: number;
  /** A data model's rows by reference (`ParamItem.ref`); unknown references generate as untyped values. */
  models?: ModelRows;
}

export type ModelRows = (ref: string) => ParamItem[] | undefined;

/** Dates of a seeded run are counted from here, so they do not move with the clock. */
const SEEDED_REFERENCE_DATE = new Date('2025-01-01T00:00:00Z');

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const isoTime = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

/**
 * A compiled row: its value for one run at a depth. Compiling reads each row once per document revision (its
 * example parsed, its name's kind guessed, its constraints settled); a request only runs the plans.
 */
type Plan = (run: Run, depth: number) => unknown;
interface Compiled {
  plan: Plan;
  /** The same value on every run (examples and defaults all the way down): a body that is, is generated once. */
  constant: boolean;
}

/** Arrays without their own bounds get 1-3 items; bounds are kept, up to the repeat cap. */
const DEFAULT_ITEMS = { min: 1, max: 3 };
/** A minLength is met up to this many characters (the output cap refuses more anyway). */
const MAX_PADDING = 10_000;

const ARRAY_TYPES = new Set<ParamItem['type']>([
  'array',
  'array[object]',
  'array[string]',
  'array[number]',
  'array[boolean]',
  'array[array]',
]);

/** Examples are shared by every answer of a compiled body: frozen, so no caller can change the next answer. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const constant = (value: unknown): Compiled => {
  const frozen = deepFreeze(value);
  return { plan: () => frozen, constant: true };
};

/** String formats of JSON Schema / OpenAPI the generator follows: a value of that format, whatever the field's name. */
const FORMATS: Record<string, (run: Run) => string> = {
  'date-time': (run) => run.moment().toISOString(),
  date: (run) => isoDate(run.moment()),
  time: (run) => `${isoTime(run.moment())}Z`,
  email: (run) => run.faker.internet.email(),
  'idn-email': (run) => run.faker.internet.email(),
  uuid: (run) => run.faker.string.uuid(),
  uri: (run) => run.faker.internet.url(),
  url: (run) => run.faker.internet.url(),
  iri: (run) => run.faker.internet.url(),
  'uri-reference': (run) => run.faker.internet.url(),
  hostname: (run) => run.faker.internet.domainName(),
  ipv4: (run) => run.faker.internet.ipv4(),
  ipv6: (run) => run.faker.internet.ipv6(),
  byte: (run) => Buffer.from(run.faker.lorem.words(3)).toString('base64'),
  password: (run) => run.faker.internet.password(),
};

/** Turns rows into plans once; models are compiled on first use (so a cycle of references compiles each once). */
class Compiler {
  private readonly modelPlans = new Map<string, Plan>();

  constructor(private readonly models: ModelRows) {}

  /** A body or model: its root row's value when it has one, else the object of its rows. */
  body(params: ParamItem[]): Compiled {
    const root = bodyRoot(params);
    return root ? this.row(root) : this.object(params);
  }

  object(params: ParamItem[]): Compiled {
    const fields: [string, Plan][] = [];
    let allConstant = true;
    for (const param of params) {
      const name = param.name.trim();
      if (name === '' || name === '__proto__') continue;
      const field = this.row(param);
      fields.push([name, field.plan]);
      allConstant &&= field.constant;
    }
    return {
      constant: allConstant,
      plan: (run, depth) => {
        const out: Record<string, unknown> = {};
        if (depth > MOCK_CAPS.depth) return out;
        for (const [name, plan] of fields) out[name] = plan(run, depth + 1);
        return out;
      },
    };
  }

  /** One value, counted against the caps. */
  row(param: ParamItem): Compiled {
    const inner = this.value(param);
    return {
      constant: inner.constant,
      plan: (run, depth) => {
        run.tick();
        return inner.plan(run, depth);
      },
    };
  }

  private model(ref: string): Plan {
    let plan = this.modelPlans.get(ref);
    if (!plan) {
      // Compiling a model only compiles its rows: its own references are followed when a run reaches them.
      plan = this.body(this.models(ref) ?? []).plan;
      this.modelPlans.set(ref, plan);
    }
    return plan;
  }

  private value(param: ParamItem): Compiled {
    if (param.value.trim() !== '') return constant(fromExample(param));
    if (param.default !== undefined && param.default.trim() !== '') return constant(fromExample({ ...param, value: param.default }));
    const isArray = ARRAY_TYPES.has(param.type);
    // An array row's enum, format and pattern are its items' (shared/import/json-schema.ts puts them there).
    const choices = param.enum?.length ? param.enum : undefined;
    if (choices && !isArray) return { constant: false, plan: (run) => run.faker.helpers.arrayElement(choices) };
    if (param.combine) return this.combined(param);
    const count = itemCount(param);
    // A model reference; cycles end at MOCK_CAPS.depth like any deep tree. Models compile lazily: a reference
    // to a model that refers back is only followed as deep as a run goes.
    if (param.ref !== undefined) {
      const ref = param.ref;
      if (param.type === 'array' || param.type === 'array[object]')
        return { constant: false, plan: (run, depth) => run.items(depth, count, () => this.model(ref)(run, depth + 1)) };
      return { constant: false, plan: (run, depth) => (depth > MOCK_CAPS.depth ? {} : this.model(ref)(run, depth)) };
    }
    const name = param.name;
    const kind = fieldKind(name);
    const text = stringPlan(param, kind);
    const variable = (plan: Plan): Compiled => ({ constant: false, plan });
    switch (param.type) {
      case 'string':
        return variable(text);
      case 'file':
        return variable((run) => run.faker.system.fileName());
      case 'integer':
      case 'int32':
      case 'int64': {
        const type = param.type;
        return variable((run) => run.within(param, run.integer(kind, type), true));
      }
      case 'number':
        return variable((run) => run.within(param, run.number(kind), false));
      case 'boolean':
        return variable((run) => run.faker.datatype.boolean());
      case 'object':
        return { constant: false, plan: this.object(param.children).plan };
      case 'array':
      case 'array[object]': {
        const item =
          param.children.length > 0 || param.type === 'array[object]'
            ? this.object(param.children).plan
            : itemPlan(choices, param, textPlan(itemKind(name), name));
        return variable((run, depth) => run.items(depth, count, () => item(run, depth + 1)));
      }
      case 'array[string]': {
        const item = itemPlan(choices, param, textPlan(itemKind(name), name));
        return variable((run, depth) => run.items(depth, count, () => item(run, depth + 1)));
      }
      case 'array[number]': {
        const kindOfItem = itemKind(name);
        const item: Plan = choices ? (run) => run.faker.helpers.arrayElement(choices) : (run) => run.number(kindOfItem);
        return variable((run, depth) => run.items(depth, count, () => item(run, depth + 1)));
      }
      case 'array[boolean]':
        return variable((run, depth) => run.items(depth, count, () => run.faker.datatype.boolean()));
      case 'array[array]': {
        const inner = param.children.length > 0 ? this.object(param.children).plan : textPlan(itemKind(name), name);
        return variable((run, depth) => run.items(depth, count, () => run.items(depth + 1, DEFAULT_ITEMS, () => inner(run, depth + 2))));
      }
      default:
        // An untyped parameter (older or imported documents): a string chosen by its name, as spec section 5 says.
        return variable(text);
    }
  }

  /** allOf merges its branches' objects; oneOf and anyOf answer with their first branch. */
  private combined(param: ParamItem): Compiled {
    const branches = param.children.map((branch) => this.row({ ...branch, name: branch.name || param.name }));
    const plans = branches.map((b) => b.plan);
    const allConstant = branches.every((b) => b.constant);
    if (param.combine !== 'allOf') {
      const first = branches[0];
      return first ? { constant: first.constant, plan: (run, depth) => first.plan(run, depth + 1) } : constant(null);
    }
    return {
      constant: allConstant,
      plan: (run, depth) => {
        const values = plans.map((plan) => plan(run, depth + 1));
        const objects = values.filter((b): b is Record<string, unknown> => !!b && typeof b === 'object' && !Array.isArray(b));
        return objects.length ? (Object.assign({}, ...objects) as Record<string, unknown>) : (values[0] ?? null);
      },
    };
  }
}

/**
 * A string row: its format's value when it has a format the generator knows, else a value of its name's kind, fitted
 * to its lengths; with a pattern, that value only when it matches the pattern, else a value made from the pattern.
 */
function stringPlan(param: ParamItem, kind: FieldKind): Plan {
  const format = param.format ? FORMATS[param.format] : undefined;
  const name = param.name;
  const make = format ?? textPlan(kind, name);
  const { minLength, maxLength } = param;
  const usual = minLength === undefined && maxLength === undefined ? make : (run: Run) => run.fitted(make(run), minLength, maxLength);
  return matchingPattern(param.pattern, usual, { minLength, maxLength });
}

/**
 * `usual`'s value when it matches the pattern, else one made from the pattern; `usual`'s value still when the
 * pattern cannot be honoured (it does not compile, needs lookaround, or no value made from it matches).
 *
 * The pattern outranks the format (and the name's kind): it is the rule a client checks values against (a frontend's
 * `^1[3-9]\d{9}$` for a phone rejects anything else, while many validators ignore a format they do not know), so
 * a row with both must answer what the pattern allows. The format's value is tried first and kept when it matches,
 * so `date` with `^\d{4}-\d\d-\d\d$` still answers a real date rather than `7310-94-58`.
 */
function matchingPattern(pattern: string | undefined, usual: (run: Run) => string, lengths: LengthBounds): (run: Run) => string {
  const compiled = pattern ? compilePattern(pattern) : undefined;
  if (!compiled) return usual;
  return (run) => {
    const value = usual(run);
    return compiled.matches(value) ? value : (compiled.generate(run.randomInt, lengths) ?? value);
  };
}

/** A string of the kind a name suggests; a name of no known kind gets a word, or letters if it has no words. */
function textPlan(kind: FieldKind, name: string): (run: Run) => string {
  if (kind !== 'unknown') return (run) => run.text(kind, name);
  return nameWords(name).length > 0 ? (run) => run.faker.word.sample() : (run) => run.faker.string.alpha(8);
}

/**
 * An array row's string item: one of its enum, else a value of its format or `fallback` matching its pattern (an
 * array row's enum, format and pattern are its items': shared/import/json-schema.ts puts them there).
 */
function itemPlan(choices: ParamItem['enum'], row: ParamItem, fallback: (run: Run) => string): Plan {
  if (choices) return (run) => run.faker.helpers.arrayElement(choices);
  const formatted = row.format ? FORMATS[row.format] : undefined;
  return matchingPattern(row.pattern, formatted ?? fallback, {});
}

function itemCount(param: ParamItem): { min: number; max: number } {
  const min = Math.min(param.minItems ?? DEFAULT_ITEMS.min, MOCK_CAPS.repeat);
  const max = Math.min(Math.max(param.maxItems ?? Math.max(DEFAULT_ITEMS.max, min), min), MOCK_CAPS.repeat);
  return { min, max };
}

/** One generation: the faker of its language, its deadline and what is left of the caps. */
class Run {
  private nodesLeft = MOCK_CAPS.nodes;
  /** The run's faker draws the characters of values made from patterns, so a seeded answer stays the same. */
  readonly randomInt: RandomInt = (low, high) => this.faker.number.int({ min: low, max: high });

  constructor(
    readonly faker: Faker,
    private readonly locale: MockLocale,
    private readonly deadline: number,
  ) {}

  tick() {
    if (--this.nodesLeft < 0) throw new MockAbort('output_too_large', `the generated data would have more than ${MOCK_CAPS.nodes} values`);
    if ((this.nodesLeft & 63) === 0 && Date.now() > this.deadline)
      throw new MockAbort('timeout', 'the mock data took too long to generate');
  }

  items(depth: number, count: { min: number; max: number }, item: () => unknown): unknown[] {
    if (depth > MOCK_CAPS.depth) return [];
    const length = count.min === count.max ? count.min : this.faker.number.int(count);
    return Array.from({ length }, () => {
      this.tick();
      return item();
    });
  }

  /** A number inside the row's minimum and maximum: the generated one when it already is, else one drawn between. */
  within(param: ParamItem, value: number, integer: boolean): number {
    const { minimum, maximum } = param;
    if (minimum === undefined && maximum === undefined) return value;
    const step = integer ? 1 : 0.01;
    let low = minimum === undefined ? -Infinity : param.exclusiveMinimum ? minimum + step : minimum;
    let high = maximum === undefined ? Infinity : param.exclusiveMaximum ? maximum - step : maximum;
    if (integer) {
      low = Math.ceil(low);
      high = Math.floor(high);
    }
    if (value >= low && value <= high) return value;
    if (low > high) return minimum ?? maximum ?? value;
    if (low === -Infinity) low = high - 1_000;
    if (high === Infinity) high = low + 1_000;
    return integer ? this.faker.number.int({ min: low, max: high }) : this.faker.number.float({ min: low, max: high, fractionDigits: 2 });
  }

  /** A string padded to its minLength and cut to its maxLength. */
  fitted(text: string, minLength: number | undefined, maxLength: number | undefined): string {
    let out = text;
    const short = Math.min(minLength ?? 0, MAX_PADDING) - out.length;
    if (short > 0) out += this.faker.string.alpha(short);
    return maxLength !== undefined && out.length > maxLength ? out.slice(0, maxLength) : out;
  }

  moment(): Date {
    return this.faker.date.recent({ days: 365 });
  }

  /*
   * Names and addresses straight from faker's word lists: its own person.fullName and internet.email expand
   * weighted templates and transliterate each time (8-23 µs and 12-17 µs a value, most of a generated person).
   */
  firstName(): string {
    const names = wordsOf(this.faker, this.locale).firstNames;
    return names.length ? this.faker.helpers.arrayElement(names) : this.faker.person.firstName();
  }

  lastName(): string {
    const names = wordsOf(this.faker, this.locale).lastNames;
    return names.length ? this.faker.helpers.arrayElement(names) : this.faker.person.lastName();
  }

  /** `wei.zhang42@qq.com`-like: a local part of letters (a romanised name in English), a free mail domain. */
  email(): string {
    const f = this.faker;
    const local =
      this.locale === 'zh'
        ? f.string.alphanumeric({ length: { min: 5, max: 9 }, casing: 'lower' })
        : `${this.firstName()}.${this.lastName()}${f.number.int(99)}`.replace(/[^A-Za-z0-9._-]/g, '');
    return `${local}@${f.helpers.arrayElement(wordsOf(f, this.locale).mailDomains)}`;
  }

  private words(count: number): string {
    const f = this.faker;
    if (this.locale === 'zh')
      return Array.from({ length: count }, () =>
        f.helpers.arrayElement([() => f.word.noun(), () => f.word.adjective(), () => f.word.verb()])(),
      ).join('');
    return f.lorem.words(count);
  }

  private sentence(): string {
    const f = this.faker;
    if (this.locale === 'zh')
      return `${f.word.adjective()}的${f.word.noun()}${f.word.verb()}${f.word.noun()}，${this.words(f.number.int({ min: 2, max: 4 }))}。`;
    return f.lorem.sentence();
  }

  /** A string field: a value of the kind its name suggests, else a word (spec: "or string"). */
  text(kind: FieldKind, name: string): string {
    const f = this.faker;
    switch (kind) {
      case 'id':
        return f.string.numeric({ length: 8, allowLeadingZeros: false });
      case 'uuid':
        return f.string.uuid();
      case 'email':
        return this.email();
      case 'username':
        return f.internet.username();
      case 'nickname':
        return this.locale === 'zh' ? this.firstName() : f.internet.displayName();
      case 'password':
        return f.internet.password();
      case 'avatar':
        return f.image.avatar();
      case 'image':
        return f.image.url();
      case 'url':
        return f.internet.url();
      case 'domain':
        return f.internet.domainName();
      case 'ip':
        return f.internet.ipv4();
      case 'ipv6':
        return f.internet.ipv6();
      case 'mac':
        return f.internet.mac();
      case 'phone':
        return f.phone.number();
      case 'address':
        return this.locale === 'zh'
          ? `${f.location.state()}${f.location.city()}${f.location.streetAddress()}`
          : f.location.streetAddress(true);
      case 'province':
        return f.location.state();
      case 'city':
        return f.location.city();
      case 'district':
        return this.locale === 'zh' ? `${f.location.street()}区` : f.location.county();
      case 'country':
        return f.location.country();
      case 'street':
        return f.location.street();
      case 'zip':
        return f.location.zipCode();
      case 'latitude':
        return String(f.location.latitude());
      case 'longitude':
        return String(f.location.longitude());
      case 'date':
        return isoDate(this.moment());
      case 'time':
        return isoTime(this.moment());
      case 'datetime': {
        const moment = this.moment();
        return `${isoDate(moment)} ${isoTime(moment)}`;
      }
      case 'timestamp':
        return String(this.moment().getTime());
      case 'fullName':
        return this.locale === 'zh' ? `${this.lastName()}${this.firstName()}` : `${this.firstName()} ${this.lastName()}`;
      case 'firstName':
        return this.firstName();
      case 'lastName':
        return this.lastName();
      case 'title':
        return this.locale === 'zh' ? this.words(f.number.int({ min: 2, max: 4 })) : capitalize(f.lorem.words({ min: 2, max: 5 }));
      case 'sentence':
        return this.sentence();
      case 'paragraph':
        return Array.from({ length: f.number.int({ min: 2, max: 4 }) }, () => this.sentence()).join(this.locale === 'zh' ? '' : ' ');
      case 'gender':
        return f.person.sex();
      case 'color':
        return f.color.rgb();
      case 'token':
        return f.internet.jwt();
      case 'version':
        return f.system.semver();
      case 'userAgent':
        return f.internet.userAgent();
      case 'currency':
        return f.finance.currencyCode();
      case 'company':
        return f.company.name();
      case 'product':
        return f.commerce.productName();
      case 'jobTitle':
        return f.person.jobTitle();
      case 'fileName':
        return f.system.fileName();
      case 'filePath':
        return f.system.filePath();
      case 'fileExt':
        return f.system.fileExt();
      case 'mimeType':
        return f.system.mimeType();
      case 'code':
        return f.string.alphanumeric({ length: 6, casing: 'upper' });
      case 'price':
        return f.finance.amount();
      case 'flag':
        return String(f.datatype.boolean());
      case 'year':
      case 'month':
      case 'day':
      case 'hour':
      case 'minute':
      case 'second':
      case 'count':
      case 'age':
      case 'page':
      case 'pageSize':
      case 'offset':
      case 'percent':
        return String(this.integer(kind, 'integer'));
      case 'rate':
        return String(this.number(kind));
      case 'status':
      case 'tag':
        return f.word.noun();
      case 'unknown':
        return nameWords(name).length > 0 ? f.word.sample() : f.string.alpha(8);
    }
  }

  /** Ids are positive; counts, pages and sizes look like counts, pages and sizes; moments are epoch times. */
  integer(kind: FieldKind, type: 'integer' | 'int32' | 'int64'): number {
    const f = this.faker;
    const between = (min: number, max: number) => f.number.int({ min, max });
    const moment = () => this.moment().getTime();
    switch (kind) {
      case 'id':
      case 'uuid':
        return between(1, type === 'int64' ? 1_000_000_000 : 100_000);
      case 'age':
        return between(18, 65);
      case 'year':
        return between(2000, 2030);
      case 'month':
        return between(1, 12);
      case 'day':
        return between(1, 28);
      case 'hour':
        return between(0, 23);
      case 'minute':
      case 'second':
        return between(0, 59);
      case 'page':
        return between(1, 10);
      case 'pageSize':
        return f.helpers.arrayElement([10, 20, 50]);
      case 'offset':
        return between(0, 100);
      case 'percent':
        return between(0, 100);
      case 'price':
        return between(1, 10_000);
      case 'code':
        return 0;
      case 'status':
      case 'gender':
      case 'flag':
        return between(0, 3);
      case 'date':
      case 'datetime':
      case 'timestamp':
      case 'time':
        // int32 cannot hold milliseconds since 1970; seconds fit until 2038.
        return type === 'int32' ? Math.floor(moment() / 1000) : moment();
      case 'phone':
        return Number(`1${f.string.numeric({ length: 10 })}`);
      default:
        return between(0, 1_000);
    }
  }

  number(kind: FieldKind): number {
    const f = this.faker;
    switch (kind) {
      case 'price':
        return f.number.float({ min: 1, max: 10_000, fractionDigits: 2 });
      case 'latitude':
        return f.location.latitude();
      case 'longitude':
        return f.location.longitude();
      case 'rate':
        return f.number.float({ min: 0, max: 1, fractionDigits: 4 });
      case 'percent':
        return f.number.float({ min: 0, max: 100, fractionDigits: 1 });
      case 'unknown':
        return f.number.float({ min: 0, max: 1_000, fractionDigits: 2 });
      default:
        return this.integer(kind, 'int64');
    }
  }
}

interface LocaleWords {
  firstNames: string[];
  lastNames: string[];
  mailDomains: string[];
}
const localeWords = new Map<MockLocale, LocaleWords>();

/** Faker's word lists of a locale, flattened once (first and last names are kept by sex: `generic`, `female`...). */
function wordsOf(faker: Faker, locale: MockLocale): LocaleWords {
  let words = localeWords.get(locale);
  if (!words) {
    const person = faker.rawDefinitions.person;
    const flat = (lists: unknown) => (lists ? Object.values(lists as Record<string, string[]>).flat() : []);
    words = {
      firstNames: flat(person?.first_name),
      lastNames: flat(person?.last_name),
      mailDomains: faker.rawDefinitions.internet?.free_email?.length ? faker.rawDefinitions.internet.free_email : ['example.com'],
    };
    localeWords.set(locale, words);
  }
  return words;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const itemKind = (name: string) => fieldKind(singular(name));

/** A parameter's example, as its type reads it (shared with the web app's examples: shared/param-example.ts). */
const fromExample = (param: ParamItem): unknown => exampleFromText(param.type, param.value);

/** A response body compiled once (per document revision, in the mock origin), generated on each request. */
export interface CompiledBody {
  generate(options?: Omit<GenerateOptions, 'models'>): MockResult<RenderedJson>;
}

/** Compiles the response parameters of an `auto` mock and the models they refer to (see generateFromParams). */
export function compileBody(params: ParamItem[], models: ModelRows = () => undefined): CompiledBody {
  const body = new Compiler(models).body(params);
  let kept: MockResult<RenderedJson> | undefined;
  return {
    generate(options = {}) {
      if (kept) return kept;
      const result = runPlan(body.plan, options);
      // Examples all the way down answer the same every time; a failure (a deadline on a busy machine) is not kept.
      if (body.constant && result.ok) kept = result;
      return result;
    },
  };
}

/**
 * The response body of an `auto` mock: an object of the response's top-level parameters, or the value of its root
 * row (an array of a model, a string...).
 */
export function generateFromParams(params: ParamItem[], options: GenerateOptions = {}): MockResult<RenderedJson> {
  return compileBody(params, options.models).generate(options);
}

function runPlan(plan: Plan, options: Omit<GenerateOptions, 'models'>): MockResult<RenderedJson> {
  const locale = options.locale ?? 'zh';
  const faker = fakerFor(locale);
  if (options.seed !== undefined) {
    faker.seed(options.seed);
    faker.setDefaultRefDate(SEEDED_REFERENCE_DATE);
  }
  try {
    const value = plan(new Run(faker, locale, options.deadline ?? Date.now() + MOCK_CAPS.renderMs), 1);
    const json = JSON.stringify(value);
    if (json.length > MOCK_CAPS.outputChars)
      return mockFail('output_too_large', `the mock data is larger than ${MOCK_CAPS.outputChars} characters`);
    return mockOk({ value, json });
  } catch (error) {
    if (error instanceof MockAbort) return mockFail(error.kind, error.message);
    return mockFail('invalid_template', 'the response parameters could not be turned into mock data');
  } finally {
    if (options.seed !== undefined) {
      // The faker instances are shared; a seeded run must not leave later runs predictable.
      faker.seed();
      faker.setDefaultRefDate();
    }
  }
}
