/**
 * The `auto` mock: a response made from the document's response parameters (spec section 5). A parameter's own
 * example (`value`) wins; otherwise its type and name decide, with realistic values from faker in the caller's
 * language. Arrays get 1-3 items. The tree a document describes can multiply out (arrays of arrays of objects),
 * so generation stops at MOCK_CAPS.nodes values; past MOCK_CAPS.depth levels objects and arrays come out empty.
 */
import { exampleFromText } from '@shared/param-example';
import { bodyRoot, type ParamItem } from '@shared/schemas/document';
import { fakerFor, type Faker, type MockLocale } from './faker-bridge';
import { fieldKind, nameWords, singular, type FieldKind } from './field-names';
import { MOCK_CAPS } from './limits';
import { MockAbort, mockFail, mockOk, type MockResult } from './mock-error';
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

class Generator {
  private nodesLeft = MOCK_CAPS.nodes;

  constructor(
    private readonly faker: Faker,
    private readonly locale: MockLocale,
    private readonly deadline: number,
    private readonly models: ModelRows,
  ) {}

  /** A body or model: its root row's value when it has one, else the object of its rows. */
  body(params: ParamItem[], depth: number): unknown {
    const root = bodyRoot(params);
    return root ? this.value(root, depth) : this.object(params, depth);
  }

  object(params: ParamItem[], depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    if (depth > MOCK_CAPS.depth) return out;
    for (const param of params) {
      const name = param.name.trim();
      if (name === '' || name === '__proto__') continue;
      out[name] = this.value(param, depth + 1);
    }
    return out;
  }

  private tick() {
    if (--this.nodesLeft < 0) throw new MockAbort('output_too_large', `the generated data would have more than ${MOCK_CAPS.nodes} values`);
    if ((this.nodesLeft & 63) === 0 && Date.now() > this.deadline)
      throw new MockAbort('timeout', 'the mock data took too long to generate');
  }

  value(param: ParamItem, depth: number): unknown {
    this.tick();
    if (param.value.trim() !== '') return fromExample(param);
    if (param.default !== undefined && param.default.trim() !== '') return fromExample({ ...param, value: param.default });
    if (param.enum?.length) return this.faker.helpers.arrayElement(param.enum);
    if (param.combine) return this.combined(param, depth);
    // A model reference; cycles end at MOCK_CAPS.depth like any deep tree.
    if (param.ref !== undefined) {
      const rows = this.models(param.ref) ?? [];
      if (param.type === 'array' || param.type === 'array[object]') return this.items(depth, () => this.body(rows, depth + 1));
      return depth > MOCK_CAPS.depth ? {} : this.body(rows, depth);
    }
    const kind = fieldKind(param.name);
    switch (param.type) {
      case 'string':
        return this.text(kind, param.name);
      case 'file':
        return this.faker.system.fileName();
      case 'integer':
      case 'int32':
      case 'int64':
        return this.integer(kind, param.type);
      case 'number':
        return this.number(kind);
      case 'boolean':
        return this.faker.datatype.boolean();
      case 'object':
        return this.object(param.children, depth);
      case 'array':
      case 'array[object]':
        return this.items(depth, () =>
          param.children.length > 0 || param.type === 'array[object]'
            ? this.object(param.children, depth + 1)
            : this.text(itemKind(param.name), param.name),
        );
      case 'array[string]':
        return this.items(depth, () => this.text(itemKind(param.name), param.name));
      case 'array[number]':
        return this.items(depth, () => this.number(itemKind(param.name)));
      case 'array[boolean]':
        return this.items(depth, () => this.faker.datatype.boolean());
      case 'array[array]':
        return this.items(depth, () =>
          this.items(depth + 1, () =>
            param.children.length > 0 ? this.object(param.children, depth + 2) : this.text(itemKind(param.name), param.name),
          ),
        );
      default:
        // An untyped parameter (older or imported documents): a string chosen by its name, as spec section 5 says.
        return this.text(kind, param.name);
    }
  }

  /** allOf merges its branches' objects; oneOf and anyOf answer with their first branch. */
  private combined(param: ParamItem, depth: number): unknown {
    const branches = param.children.map((branch) => this.value({ ...branch, name: branch.name || param.name }, depth + 1));
    if (param.combine !== 'allOf') return branches[0] ?? null;
    const objects = branches.filter((b): b is Record<string, unknown> => !!b && typeof b === 'object' && !Array.isArray(b));
    return objects.length ? Object.assign({}, ...objects) : (branches[0] ?? null);
  }

  private items(depth: number, item: () => unknown): unknown[] {
    if (depth > MOCK_CAPS.depth) return [];
    const count = this.faker.number.int({ min: 1, max: 3 });
    return Array.from({ length: count }, () => {
      this.tick();
      return item();
    });
  }

  private moment(): Date {
    return this.faker.date.recent({ days: 365 });
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
        return f.internet.email();
      case 'username':
        return f.internet.username();
      case 'nickname':
        return this.locale === 'zh' ? f.person.firstName() : f.internet.displayName();
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
        return f.person.fullName();
      case 'firstName':
        return f.person.firstName();
      case 'lastName':
        return f.person.lastName();
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

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const itemKind = (name: string) => fieldKind(singular(name));

/** A parameter's example, as its type reads it (shared with the web app's examples: shared/param-example.ts). */
const fromExample = (param: ParamItem): unknown => exampleFromText(param.type, param.value);

/**
 * The response body of an `auto` mock: an object of the response's top-level parameters, or the value of its root
 * row (an array of a model, a string...).
 */
export function generateFromParams(params: ParamItem[], options: GenerateOptions = {}): MockResult<RenderedJson> {
  const locale = options.locale ?? 'zh';
  const faker = fakerFor(locale);
  if (options.seed !== undefined) {
    faker.seed(options.seed);
    faker.setDefaultRefDate(SEEDED_REFERENCE_DATE);
  }
  try {
    const value = new Generator(
      faker,
      locale,
      options.deadline ?? Date.now() + MOCK_CAPS.renderMs,
      options.models ?? (() => undefined),
    ).body(params, 1);
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
