/**
 * The compatibility engine (issue 35): two states of a project in, findings out, with no I/O.
 *
 * Operations are matched by document id first, then by method and path, so an API whose method or path changed is
 * one finding (a move), not a removal and an addition. A data model that both versions reference is compared once
 * per place it is seen from (request or response side), and its findings list every operation that uses it,
 * directly or through other models; a reference that changed, or a schema written inline on one side, is compared
 * by what it resolves to.
 */
import { bodyRoot, type ApiContent, type ApiResponse, type ParamItem } from '../schemas/document';
import { CHECKS, SUBJECTS, type Subject } from './checks';
import type { Bump, CompatPolicy, CompatReport, Finding, OperationRef, ProjectState, StateDocument } from './types';

type Api = Extract<StateDocument, { type: 'api' }>;
type Model = Extract<StateDocument, { type: 'model' }>;

/** The media type each request type sends, and each response format answers with. */
export const REQUEST_MEDIA: Record<ApiContent['requestType'], string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  'form-data': 'multipart/form-data',
  xml: 'application/xml',
  raw: 'text/plain',
  none: '',
};
export const RESPONSE_MEDIA: Record<ApiResponse['format'], string> = {
  json: 'application/json',
  xml: 'application/xml',
  text: 'text/plain',
  html: 'text/html',
};

/** Inline expansions deeper than this stop (a model that contains itself, written out, never ends). */
const MAX_DEPTH = 32;

/** `/pets/{petId}` and `/pets/{id}` are the same path to a client. */
const pathShape = (path: string) =>
  `/${path
    .trim()
    .replace(/[?#].*$/, '')
    .split('/')
    .filter(Boolean)
    .map((s) => (/^\{[^}]*\}$/.test(s) || /^:[^/]+$/.test(s) ? '{}' : s))
    .join('/')}`;
const operationKey = (c: ApiContent) => `${c.method} ${pathShape(c.path)}`;

/** The names of a path's parameters, in order: `/a/{x}/b/:y` → x, y. */
const pathParamNames = (path: string) =>
  path
    .split('/')
    .map((s) => /^\{([^}]*)\}$/.exec(s)?.[1] ?? /^:([^/]+)$/.exec(s)?.[1])
    .filter((n): n is string => n !== undefined);

/** One version: its models by id and by name (an import's references name models, a project's carry ids). */
class Side {
  readonly models = new Map<string, Model>();
  private readonly byName = new Map<string, Model>();
  constructor(readonly state: ProjectState) {
    for (const d of state.documents)
      if (d.type === 'model') {
        this.models.set(d.id, d);
        this.byName.set(d.content.name, d);
      }
  }
  model = (ref: string | undefined) => (ref === undefined ? undefined : (this.models.get(ref) ?? this.byName.get(ref)));
}

/** A model as a row: its root row, or an object of its properties. */
function modelRoot(model: Model): ParamItem {
  const schema = model.content.schema;
  return bodyRoot(schema) ?? { id: model.id, name: '', type: 'object', required: false, value: '', description: '', children: schema };
}
/** A body or model's rows as one root row. */
const rootOf = (rows: ParamItem[]): ParamItem =>
  bodyRoot(rows) ?? { id: '', name: '', type: 'object', required: false, value: '', description: '', children: rows };

const isArray = (row: ParamItem) => row.type.startsWith('array');
const typeLabel = (row: ParamItem) => (row.format ? `${row.type}(${row.format})` : row.type);
const show = (v: unknown) => (v === undefined ? undefined : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * Deep equality of parsed content: the same values under the same keys, arrays in order. A key whose value is
 * undefined counts as absent, as it is once the content has been through JSON.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let unmatched = 0;
  for (const key of Object.keys(x)) {
    if (x[key] === undefined) continue;
    unmatched++;
    if (!sameValue(x[key], y[key])) return false;
  }
  for (const key of Object.keys(y)) if (y[key] !== undefined) unmatched--;
  return unmatched === 0;
}

/** Where a comparison is: which operation or model it reports to, seen from which side, under which field prefix. */
interface Place {
  subject: Subject;
  /** `request query`, `response 200 application/json`, `model Pet`. */
  where: string;
  /** Who uses what is compared here: an operation's index, or a model use's key. */
  user: string;
  /** Model references being expanded inline (a cycle stops). */
  expanding: Set<string>;
}

interface ModelUse {
  model: Model;
  subject: Subject;
  users: Set<string>;
  findings: Finding[];
}

export class Comparison {
  private readonly before: Side;
  private readonly after: Side;
  private readonly operations: OperationRef[] = [];
  /** Findings of each operation, by its index. */
  private readonly opFindings = new Map<string, Finding[]>();
  private readonly modelUses = new Map<string, ModelUse>();
  private current: Finding[] = [];
  private added = 0;
  private removed = 0;

  constructor(before: ProjectState, after: ProjectState) {
    this.before = new Side(before);
    this.after = new Side(after);
  }

  run(): Finding[] {
    this.compareOperations();
    this.compareModels();
    return this.collect();
  }

  /** Operations added, removed, and changed (a finding or change of their own, or of a model they use). */
  get counts() {
    const touched = new Set<OperationRef>();
    for (const [user, list] of this.opFindings)
      if (user.startsWith('op:') && list.length) touched.add(this.operations[Number(user.slice(3))]!);
    for (const [key, use] of this.modelUses) if (use.findings.length) for (const op of this.operationsOf(key)) touched.add(op);
    const changed = [...touched].filter((op) => op.before && op.after).length;
    return { added: this.added, removed: this.removed, changed };
  }

  // ---- operations ----

  private compareOperations() {
    const apis = (s: Side) => s.state.documents.filter((d): d is Api => d.type === 'api');
    const olds = apis(this.before);
    const news = apis(this.after);
    const newById = new Map(news.map((d) => [d.id, d]));
    const pairs: [Api | undefined, Api | undefined][] = [];
    const taken = new Set<string>();
    const unmatched: Api[] = [];
    for (const o of olds) {
      const n = newById.get(o.id);
      if (n) {
        pairs.push([o, n]);
        taken.add(n.id);
      } else unmatched.push(o);
    }
    const newByKey = new Map<string, Api>();
    for (const n of news) if (!taken.has(n.id) && !newByKey.has(operationKey(n.content))) newByKey.set(operationKey(n.content), n);
    for (const o of unmatched) {
      const n = newByKey.get(operationKey(o.content));
      if (n) {
        newByKey.delete(operationKey(o.content));
        taken.add(n.id);
      }
      pairs.push([o, n]);
    }
    for (const n of news) if (!taken.has(n.id)) pairs.push([undefined, n]);

    for (const [o, n] of pairs) {
      const at = (d: Api) => ({ docId: d.id, method: d.content.method, path: d.content.path });
      const shown = (n ?? o)!;
      const ref: OperationRef = {
        ...(o ? { before: at(o) } : {}),
        ...(n ? { after: at(n) } : {}),
        name: shown.name,
        folder: shown.folder,
      };
      const user = `op:${this.operations.length}`;
      this.operations.push(ref);
      this.current = [];
      this.opFindings.set(user, this.current);
      const label = (d: Api) => `${d.content.method} ${d.content.path}`;
      if (!o) {
        this.added++;
        this.emit('endpoint-added', label(n!));
      } else if (!n) {
        this.removed++;
        this.emit(o.content.status === 'deprecated' ? 'api-removed-with-deprecation' : 'api-removed-without-deprecation', label(o));
      } else this.compareOperation(o, n, user);
    }
  }

  private compareOperation(o: Api, n: Api, user: string) {
    const a = o.content;
    const b = n.content;
    const label = `${b.method} ${b.path}`;
    if (operationKey(a) !== operationKey(b)) this.emit('api-moved', label, `${a.method} ${a.path}`, label);
    if (a.status !== 'deprecated' && b.status === 'deprecated') this.emit('endpoint-deprecated', label);
    if (a.status === 'deprecated' && b.status !== 'deprecated') this.emit('endpoint-reactivated', label);
    if (a.operationId && b.operationId && a.operationId !== b.operationId)
      this.emit('api-operation-id-removed', label, a.operationId, b.operationId);
    for (const tag of a.tags) if (!b.tags.includes(tag)) this.emit('api-tag-removed', label, tag);
    for (const tag of b.tags) if (!a.tags.includes(tag)) this.emit('api-tag-added', label, undefined, tag);
    if (a.description !== b.description) this.emit('api-description-changed', label);
    if (JSON.stringify(a.reqExamples) !== JSON.stringify(b.reqExamples)) this.emit('api-examples-changed', 'request');
    if (o.name !== n.name) this.emit('api-renamed', label, o.name, n.name);
    if (o.folder.join('/') !== n.folder.join('/')) this.emit('api-folder-changed', label, o.folder.join('/'), n.folder.join('/'));

    this.compareSecurity(a, b);
    const place = (subject: Subject, where: string): Place => ({ subject, where, user, expanding: new Set() });
    if (sameValue(a, b) && this.usesOfUnchanged(this.rowsCompared(a, place))) return;
    // Path parameters are matched by position: `{id}` renamed `{petId}` is the same parameter to a client.
    const oldPathNames = pathParamNames(a.path);
    const newPathNames = pathParamNames(b.path);
    const renamed = a.reqPath.map((p) => {
      const i = oldPathNames.indexOf(p.name);
      return i >= 0 && newPathNames[i] !== undefined ? { ...p, name: newPathNames[i] } : p;
    });
    this.compareParameters(renamed, b.reqPath, place('request-parameter', 'request path'), 'path');
    this.compareParameters(a.reqQuery, b.reqQuery, place('request-parameter', 'request query'), 'query');
    this.compareParameters(a.reqHeaders, b.reqHeaders, place('request-parameter', 'request header'), 'header');
    this.compareRequestBody(a, b, place);
    this.compareResponses(a, b, user);
  }

  /** The root rows an operation's comparison starts from, each in its place (the order compareOperation takes). */
  private rowsCompared(c: ApiContent, place: (subject: Subject, where: string) => Place): [ParamItem, Place][] {
    const rows: [ParamItem, Place][] = [];
    for (const [list, where] of [
      [c.reqPath, 'request path'],
      [c.reqQuery, 'request query'],
      [c.reqHeaders, 'request header'],
    ] as const)
      for (const row of list) rows.push([row, place('request-parameter', where)]);
    if (c.requestType !== 'none' && c.reqBody.length > 0)
      rows.push([rootOf(c.reqBody), place('request-property', `request body ${REQUEST_MEDIA[c.requestType]}`)]);
    for (const r of c.responses)
      if (r.body.length > 0) rows.push([rootOf(r.body), place('response-property', `response ${r.status} ${RESPONSE_MEDIA[r.format]}`)]);
    return rows;
  }

  /**
   * Rows that did not change (an operation or a model the same on both sides, most of a large project): comparing
   * them finds nothing, but the models they use are still used (a changed model reports every operation that uses
   * it, directly or through other models). So only the references are walked, as far as compareRow would go, and
   * each model reached is recorded as used from its place. False, with nothing recorded, when a reference resolves
   * differently on the two sides (a model gone or come): those rows are compared in full.
   */
  private usesOfUnchanged(roots: [ParamItem, Place][]): boolean {
    const uses: [Model, Place][] = [];
    const walk = (row: ParamItem, place: Place, depth: number): boolean => {
      if (depth > MAX_DEPTH) return true;
      if (row.ref !== undefined) {
        const old = this.before.model(row.ref);
        const now = this.after.model(row.ref);
        if (old && now) {
          uses.push([now, place]);
          // Another model under the same name: compareRow compares the two expanded.
          return old.id === now.id;
        }
        // Resolving on neither side, nothing is compared beneath it; on one side only, its expansion is.
        return !old && !now;
      }
      if (row.combine) return row.children.every((c) => walk(c, place, depth + 1));
      if (isArray(row)) {
        const item = this.itemOf(row);
        return !item || walk(item, place, depth + 1);
      }
      return row.children.every((c) => c.name === '' || walk(c, place, depth + 1));
    };
    if (!roots.every(([row, place]) => walk(row, place, 0))) return false;
    for (const [model, place] of uses) this.use(model, place, place.user);
    return true;
  }

  private compareSecurity(a: ApiContent, b: ApiContent) {
    const effective = (c: ApiContent, s: Side) => c.security ?? s.state.security ?? [];
    const olds = effective(a, this.before);
    const news = effective(b, this.after);
    const schemes = (alt: Record<string, string[]>) => Object.keys(alt).sort().join(' + ');
    const describe = (alts: Record<string, string[]>[]) => alts.map(schemes).join(' | ');
    if (olds.length === 0 || olds.some((alt) => Object.keys(alt).length === 0)) {
      // Anonymous callers were admitted; now every alternative needs something.
      if (news.length > 0 && news.every((alt) => Object.keys(alt).length > 0))
        this.emit('api-security-added', 'security', undefined, describe(news));
      return;
    }
    if (news.length === 0 || news.some((alt) => Object.keys(alt).length === 0)) {
      this.emit('api-security-removed', 'security', describe(olds));
      return;
    }
    for (const alt of olds) {
      const same = news.find((n) => schemes(n) === schemes(alt));
      if (same) {
        for (const [scheme, scopes] of Object.entries(same))
          for (const scope of scopes)
            if (!alt[scheme]!.includes(scope)) this.emit('api-security-scope-added', 'security', undefined, `${scheme}: ${scope}`);
        for (const [scheme, scopes] of Object.entries(alt))
          for (const scope of scopes)
            if (!same[scheme]!.includes(scope)) this.emit('api-security-scope-removed', 'security', `${scheme}: ${scope}`);
        continue;
      }
      // Callers who met this alternative are still admitted if a new one asks no more of them.
      const subset = news.some((n) => Object.keys(n).every((s) => s in alt && n[s]!.every((scope) => alt[s]!.includes(scope))));
      if (!subset) this.emit('api-security-added', 'security', schemes(alt), describe(news));
    }
  }

  private compareParameters(olds: ParamItem[], news: ParamItem[], place: Place, location: 'path' | 'query' | 'header') {
    // Header names are case-insensitive.
    const key = (p: ParamItem) => (location === 'header' ? p.name.toLowerCase() : p.name);
    const newByName = new Map(news.map((p) => [key(p), p]));
    const oldNames = new Set(olds.map(key));
    for (const o of olds) {
      const n = newByName.get(key(o));
      const field = `${place.where} ${o.name}`;
      if (!n) this.emit('request-parameter-removed', field);
      else this.compareRow(o, n, place, n.name, 0);
    }
    for (const n of news) {
      if (oldNames.has(key(n))) continue;
      const field = `${place.where} ${n.name}`;
      if (location === 'path') this.emit('new-request-path-parameter', field);
      else if (!n.required) this.emit('new-optional-request-parameter', field);
      else this.emit(n.default !== undefined ? 'new-required-request-parameter-with-default' : 'new-required-request-parameter', field);
    }
  }

  private compareRequestBody(a: ApiContent, b: ApiContent, place: (subject: Subject, where: string) => Place) {
    const has = (c: ApiContent) => c.requestType !== 'none' && c.reqBody.length > 0;
    const oldMedia = REQUEST_MEDIA[a.requestType];
    const newMedia = REQUEST_MEDIA[b.requestType];
    if (has(a) && !has(b)) return this.emit('request-body-removed', 'request body', oldMedia);
    if (!has(a) && has(b)) {
      const required = b.reqBody.some((r) => r.required);
      return this.emit(required ? 'request-body-added-required' : 'request-body-added-optional', 'request body', undefined, newMedia);
    }
    if (!has(a)) return;
    if (oldMedia !== newMedia) this.emit('request-body-media-type-removed', 'request body', oldMedia, newMedia);
    this.compareRow(rootOf(a.reqBody), rootOf(b.reqBody), place('request-property', `request body ${newMedia}`), 'body', 0);
  }

  private compareResponses(a: ApiContent, b: ApiContent, user: string) {
    const newByStatus = new Map(b.responses.map((r) => [r.status, r]));
    const oldStatuses = new Set(a.responses.map((r) => r.status));
    for (const o of a.responses) {
      const n = newByStatus.get(o.status);
      const success = o.status.startsWith('2');
      const field = `response ${o.status}`;
      if (!n) {
        this.emit(success ? 'response-success-status-removed' : 'response-non-success-status-removed', field);
        continue;
      }
      if (o.description !== n.description) this.emit('response-description-changed', field);
      if (o.format !== n.format && o.body.length > 0)
        this.emit('response-media-type-removed', field, RESPONSE_MEDIA[o.format], RESPONSE_MEDIA[n.format]);
      if (JSON.stringify(o.examples) !== JSON.stringify(n.examples)) this.emit('api-examples-changed', field);
      this.compareResponseHeaders(o.headers, n.headers, field);
      const place: Place = { subject: 'response-property', where: `${field} ${RESPONSE_MEDIA[n.format]}`, user, expanding: new Set() };
      if (o.body.length > 0 || n.body.length > 0) this.compareRow(rootOf(o.body), rootOf(n.body), place, 'body', 0);
    }
    for (const n of b.responses)
      if (!oldStatuses.has(n.status))
        this.emit(n.status.startsWith('2') ? 'response-success-status-added' : 'response-non-success-status-added', `response ${n.status}`);
  }

  private compareResponseHeaders(olds: ParamItem[], news: ParamItem[], where: string) {
    const newByName = new Map(news.map((h) => [h.name.toLowerCase(), h]));
    const oldNames = new Set(olds.map((h) => h.name.toLowerCase()));
    for (const o of olds) {
      const n = newByName.get(o.name.toLowerCase());
      const field = `${where} header ${o.name}`;
      if (!n) this.emit(o.required ? 'required-response-header-removed' : 'optional-response-header-removed', field);
      else {
        if (typeLabel(o) !== typeLabel(n)) this.emit('response-header-type-changed', field, typeLabel(o), typeLabel(n));
        if (o.required && !n.required) this.emit('response-header-became-optional', field);
      }
    }
    for (const n of news) if (!oldNames.has(n.name.toLowerCase())) this.emit('response-header-added', `${where} header ${n.name}`);
  }

  // ---- schemas ----

  /** Emits `<subject>-<suffix>` at a field of a place. */
  private rule(place: Place, suffix: string, field: string, before?: unknown, after?: unknown) {
    this.emit(`${place.subject}-${suffix}`, `${place.where} ${field}`, show(before), show(after));
  }

  private compareRow(o: ParamItem, n: ParamItem, place: Place, field: string, depth: number) {
    if (depth > MAX_DEPTH) return;
    const request = SUBJECTS[place.subject].direction === 'request';
    // A row's own facts, which a reference does not carry: whether it must be there, and its words.
    if (!o.required && n.required) this.rule(place, 'became-required', field);
    if (o.required && !n.required) this.rule(place, 'became-optional', field);
    if (!o.deprecated && n.deprecated) this.rule(place, 'deprecated', field);
    if (o.deprecated && !n.deprecated) this.rule(place, 'reactivated', field);
    if (o.description !== n.description) this.rule(place, 'description-changed', field);
    if (o.value !== n.value) this.rule(place, 'example-changed', field, o.value, n.value);

    const oldModel = this.before.model(o.ref);
    const newModel = this.after.model(n.ref);
    if (oldModel && newModel && oldModel.id === newModel.id && isArray(o) === isArray(n)) {
      // The same model on both sides: compared once, wherever it is used, and reported with all its users.
      this.use(newModel, place, place.user);
      return;
    }
    if (o.ref !== undefined || n.ref !== undefined) {
      const pair = `${o.ref ?? ''}>${n.ref ?? ''}`;
      if (place.expanding.has(pair)) return;
      const a = this.expand(o, this.before);
      const b = this.expand(n, this.after);
      if (a === o && b === n) {
        // Neither side resolves: all that can be told is which model each names.
        if (o.ref !== n.ref) this.rule(place, 'type-changed', field, o.ref ?? typeLabel(o), n.ref ?? typeLabel(n));
        return;
      }
      place.expanding.add(pair);
      this.compareShape(a, b, place, field, depth, request);
      place.expanding.delete(pair);
      return;
    }
    this.compareShape(o, n, place, field, depth, request);
  }

  /** A row with its reference replaced by the model it names (for an array, as its item). */
  private expand(row: ParamItem, side: Side): ParamItem {
    const model = side.model(row.ref);
    if (!model) return row;
    const root = modelRoot(model);
    if (isArray(row)) return { ...row, ref: undefined, children: [{ ...root, name: '' }] };
    return { ...root, name: row.name, required: row.required, description: row.description, value: row.value };
  }

  /** Type, composition, constraints and nested fields. */
  private compareShape(o: ParamItem, n: ParamItem, place: Place, field: string, depth: number, request: boolean) {
    if (typeLabel(o) !== typeLabel(n)) {
      if (n.type === 'any') this.rule(place, 'type-generalized', field, typeLabel(o));
      else this.rule(place, 'type-changed', field, typeLabel(o), typeLabel(n));
      if (o.type !== n.type) return;
    }
    if (o.combine !== n.combine) {
      this.rule(place, 'type-changed', field, o.combine ?? typeLabel(o), n.combine ?? typeLabel(n));
      return;
    }
    if (o.combine) {
      const name = o.combine === 'allOf' ? 'all-of' : o.combine === 'oneOf' ? 'one-of' : 'any-of';
      for (let i = n.children.length; i < o.children.length; i++) this.rule(place, `${name}-removed`, field);
      for (let i = o.children.length; i < n.children.length; i++) this.rule(place, `${name}-added`, field);
      const common = Math.min(o.children.length, n.children.length);
      for (let i = 0; i < common; i++) this.compareRow(o.children[i]!, n.children[i]!, place, `${field}<${i}>`, depth + 1);
      return;
    }
    this.compareValues(o, n, place, field);
    this.compareChildren(o, n, place, field, depth, request);
  }

  private compareValues(o: ParamItem, n: ParamItem, place: Place, field: string) {
    if (o.enum && n.enum) {
      const had = new Set(o.enum.map((v) => JSON.stringify(v)));
      const has = new Set(n.enum.map((v) => JSON.stringify(v)));
      for (const v of o.enum) if (!has.has(JSON.stringify(v))) this.rule(place, 'enum-value-removed', field, v);
      for (const v of n.enum) if (!had.has(JSON.stringify(v))) this.rule(place, 'enum-value-added', field, undefined, v);
    } else if (!o.enum && n.enum) this.rule(place, 'became-enum', field, undefined, n.enum);
    else if (o.enum && !n.enum) this.rule(place, 'became-not-enum', field, o.enum);
    if (!o.nullable && n.nullable) this.rule(place, 'became-nullable', field);
    if (o.nullable && !n.nullable) this.rule(place, 'became-not-nullable', field);
    const limits: [keyof ParamItem, string][] = [
      ['maxLength', 'max-length'],
      ['minLength', 'min-length'],
      ['maximum', 'max'],
      ['minimum', 'min'],
      ['maxItems', 'max-items'],
      ['minItems', 'min-items'],
    ];
    for (const [key, name] of limits) {
      const a = o[key] as number | undefined;
      const b = n[key] as number | undefined;
      if (a === b) continue;
      if (a === undefined) this.rule(place, `${name}-set`, field, undefined, b);
      else if (b === undefined) this.rule(place, `${name}-unset`, field, a);
      else this.rule(place, `${name}-${b < a ? 'decreased' : 'increased'}`, field, a, b);
    }
    if (!o.exclusiveMaximum && n.exclusiveMaximum) this.rule(place, 'exclusive-max-set', field);
    if (o.exclusiveMaximum && !n.exclusiveMaximum) this.rule(place, 'exclusive-max-unset', field);
    if (!o.exclusiveMinimum && n.exclusiveMinimum) this.rule(place, 'exclusive-min-set', field);
    if (o.exclusiveMinimum && !n.exclusiveMinimum) this.rule(place, 'exclusive-min-unset', field);
    if (o.pattern !== n.pattern) {
      if (o.pattern === undefined) this.rule(place, 'pattern-added', field, undefined, n.pattern);
      else if (n.pattern === undefined) this.rule(place, 'pattern-removed', field, o.pattern);
      else this.rule(place, 'pattern-changed', field, o.pattern, n.pattern);
    }
    if (o.default !== n.default) {
      if (o.default === undefined) this.rule(place, 'default-value-added', field, undefined, n.default);
      else if (n.default === undefined) this.rule(place, 'default-value-removed', field, o.default);
      else this.rule(place, 'default-value-changed', field, o.default, n.default);
    }
  }

  /** An object's properties by name, an array's item. */
  private compareChildren(o: ParamItem, n: ParamItem, place: Place, field: string, depth: number, request: boolean) {
    if (isArray(o) && isArray(n)) {
      const a = this.itemOf(o);
      const b = this.itemOf(n);
      if (a && b) this.compareRow(a, b, place, `${field}[]`, depth + 1);
      return;
    }
    const olds = this.propertiesOf(o, this.before);
    const news = this.propertiesOf(n, this.after);
    const newByName = new Map(news.map((p) => [p.name, p]));
    const oldNames = new Set(olds.map((p) => p.name));
    const param = place.subject === 'request-parameter';
    for (const p of olds) {
      const q = newByName.get(p.name);
      const at = `${field}.${p.name}`;
      if (q) this.compareRow(p, q, place, at, depth + 1);
      else if (request) this.emit(param ? 'request-parameter-removed' : 'request-property-removed', `${place.where} ${at}`);
      else this.emit(p.required ? 'response-required-property-removed' : 'response-optional-property-removed', `${place.where} ${at}`);
    }
    for (const q of news) {
      if (oldNames.has(q.name)) continue;
      const at = `${place.where} ${field}.${q.name}`;
      if (!request) this.emit(q.required ? 'response-required-property-added' : 'response-optional-property-added', at);
      else if (!q.required) this.emit(param ? 'new-optional-request-parameter' : 'new-optional-request-property', at);
      else if (q.default !== undefined)
        this.emit(param ? 'new-required-request-parameter-with-default' : 'new-required-request-property-with-default', at);
      else this.emit(param ? 'new-required-request-parameter' : 'new-required-request-property', at);
    }
  }

  private itemOf(row: ParamItem): ParamItem | undefined {
    const only = bodyRoot(row.children);
    if (only) return only;
    if (row.ref !== undefined)
      return { id: '', name: '', type: 'object', required: false, value: '', description: '', children: [], ref: row.ref };
    if (row.children.length)
      return { id: '', name: '', type: 'object', required: false, value: '', description: '', children: row.children };
    return undefined;
  }

  private propertiesOf(row: ParamItem, side: Side): ParamItem[] {
    const model = side.model(row.ref);
    return model ? this.propertiesOf(modelRoot(model), side) : row.children.filter((c) => c.name !== '');
  }

  // ---- shared models ----

  private use(model: Model, place: Place, user: string) {
    const key = `model:${model.id}|${place.subject}`;
    let use = this.modelUses.get(key);
    if (!use) {
      use = { model, subject: place.subject, users: new Set(), findings: [] };
      this.modelUses.set(key, use);
    }
    use.users.add(user);
  }

  private compareModels() {
    const done = new Set<string>();
    for (let pending = [...this.modelUses.keys()]; pending.length; pending = [...this.modelUses.keys()].filter((k) => !done.has(k)))
      for (const key of pending) {
        done.add(key);
        const use = this.modelUses.get(key)!;
        const old = this.before.models.get(use.model.id);
        if (!old) continue;
        this.current = use.findings;
        const place: Place = { subject: use.subject, where: `model ${use.model.content.name}`, user: key, expanding: new Set() };
        if (sameValue(old.content, use.model.content) && this.usesOfUnchanged([[modelRoot(use.model), place]])) continue;
        this.compareRow({ ...modelRoot(old), required: false }, { ...modelRoot(use.model), required: false }, place, '', 0);
      }
    // Models that went away or came (their users, if any, report the changed references).
    for (const [id, model] of this.before.models) if (!this.after.models.has(id)) this.lone('api-schema-removed', model.content.name);
    for (const [id, model] of this.after.models) if (!this.before.models.has(id)) this.lone('api-schema-added', model.content.name);
  }

  private lone(id: string, field: string) {
    this.current = [];
    this.opFindings.set(`lone:${id}:${field}`, this.current);
    this.emit(id, field);
  }

  /**
   * The operations that use a model, directly or through other models, wherever they use it (after `run`; a state
   * compared with itself walks every use). What a message about the model's change lists (issue 38).
   */
  operationsUsing(modelId: string): OperationRef[] {
    const using = new Set<OperationRef>();
    for (const [key, use] of this.modelUses) if (use.model.id === modelId) for (const op of this.operationsOf(key)) using.add(op);
    return [...using];
  }

  /** The operations that use a model use, directly or through other models. */
  private operationsOf(key: string): OperationRef[] {
    const seen = new Set<string>([key]);
    const out = new Set<number>();
    const queue = [key];
    while (queue.length) {
      for (const user of this.modelUses.get(queue.pop()!)?.users ?? []) {
        if (user.startsWith('op:')) out.add(Number(user.slice(3)));
        else if (!seen.has(user)) {
          seen.add(user);
          queue.push(user);
        }
      }
    }
    return [...out].sort((a, b) => a - b).map((i) => this.operations[i]!);
  }

  // ---- findings ----

  private emit(id: string, field: string, before?: string, after?: string) {
    this.current.push(makeFinding(id, field, before, after));
  }

  private collect(): Finding[] {
    const out: Finding[] = [];
    for (const [user, list] of this.opFindings) {
      const operation = user.startsWith('op:') ? this.operations[Number(user.slice(3))] : undefined;
      for (const f of list) out.push({ ...f, ...(operation ? { operation } : {}), key: findingKey(f.id, operation, undefined, f.field) });
    }
    for (const [key, use] of this.modelUses) {
      if (!use.findings.length) continue;
      const operations = this.operationsOf(key);
      const model = { id: use.model.id, name: use.model.content.name, direction: SUBJECTS[use.subject].direction, operations };
      for (const f of use.findings)
        out.push({
          ...f,
          model,
          ...(operations[0] ? { operation: operations[0] } : {}),
          key: findingKey(f.id, undefined, use.model.id, f.field),
        });
    }
    return out;
  }
}

const findingKey = (id: string, op: OperationRef | undefined, modelId: string | undefined, field: string) =>
  `${id}|${modelId ? `model:${modelId}` : (op?.before?.docId ?? op?.after?.docId ?? '')}|${field}`;

/** A finding of a check, its message filled in: the title, and for a finding, why it breaks clients. */
export function makeFinding(id: string, field: string, before?: string, after?: string): Finding {
  const check = CHECKS.get(id);
  if (!check) throw new Error(`no check ${id}`);
  const fill = (s: string) =>
    s
      .replaceAll('{field}', field)
      .replaceAll('{before}', before ?? '')
      .replaceAll('{after}', after ?? '');
  const message = {
    en: fill(check.title.en) + (check.why ? `. ${check.why.en}` : ''),
    zh: fill(check.title.zh) + (check.why ? `。${check.why.zh}` : ''),
  };
  return {
    id,
    ...(check.severity ? { severity: check.severity } : {}),
    field,
    ...(before !== undefined ? { before } : {}),
    ...(after !== undefined ? { after } : {}),
    message,
    key: '',
  };
}

/** What added something a client may use: a minor version. */
const ADDS = /(^endpoint-added$|^new-optional-|-added$|^new-required-.*-with-default$)/;

/** Compares two states of a project under a policy. */
export function compareStates(before: ProjectState, after: ProjectState, policy: CompatPolicy = {}): CompatReport {
  const comparison = new Comparison(before, after);
  const all = comparison.run();
  const accepted = new Map((policy.accepted ?? []).map((a) => [a.key, a.reason]));
  const findings: Finding[] = [];
  const changes: Finding[] = [];
  for (const raw of all) {
    const override = policy.severities?.[raw.id];
    if (override === 'off') continue;
    const f: Finding = override ? { ...raw, severity: override } : raw;
    const reason = accepted.get(f.key);
    if (reason !== undefined && f.severity) f.accepted = { reason };
    (f.severity ? findings : changes).push(f);
  }
  const live = findings.filter((f) => !f.accepted);
  const count = (s: string) => live.filter((f) => f.severity === s).length;
  const summary = {
    operations: comparison.counts,
    error: count('error'),
    warning: count('warning'),
    info: count('info'),
    changes: changes.length,
    accepted: findings.length - live.length,
  };
  const bump: Bump = summary.error > 0 ? 'major' : [...findings, ...changes].some((f) => ADDS.test(f.id)) ? 'minor' : 'patch';
  return { findings, changes, summary, bump, identical: all.length === 0 };
}

/** Whether a report fails a threshold: `breaking` on any error, `warning` on any error or warning (accepted ones pass). */
export const failsOn = (report: CompatReport, threshold: 'breaking' | 'warning') =>
  report.summary.error > 0 || (threshold === 'warning' && report.summary.warning > 0);

/** The next version number by semver from a verdict: 1.4.2 with major → 2.0.0. Non-semver versions get `.1`. */
export function nextSemver(previous: string | undefined, bump: Bump): string {
  if (!previous) return '1.0.0';
  const match = /^(v?)(\d+)\.(\d+)\.(\d+)(.*)$/.exec(previous.trim());
  if (!match) return `${previous}.1`;
  const [, v, major, minor, patch] = match;
  const [M, m, p] = [Number(major), Number(minor), Number(patch)];
  if (bump === 'major') return `${v}${M + 1}.0.0`;
  if (bump === 'minor') return `${v}${M}.${m + 1}.0`;
  return `${v}${M}.${m}.${p + 1}`;
}
