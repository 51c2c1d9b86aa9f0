import { describe, expect, it } from 'vitest';
import type { ApiContent, ParamItem } from '../schemas/document';
import { newResponse } from '../schemas/api-content';
import { paramRow } from '../schemas/param-row';
import { CHECKS, SUBJECTS, type Subject } from './checks';
import { compareStates, failsOn, nextSemver, sameValue } from './engine';
import { RULE_FIXTURES } from './fixtures';
import { reportMarkdown, reportText, verdictLines } from './render';
import { REPORT_WORDS } from './words';
import type { CompatReport, Finding, ProjectState, StateDocument } from './types';

const apiContent = (over: Partial<ApiContent> = {}): ApiContent => ({
  method: 'GET',
  path: '/pets',
  status: 'developing',
  valid: true,
  description: 'Lists pets',
  requestType: 'json',
  reqHeaders: [],
  reqQuery: [],
  reqPath: [],
  reqBody: [],
  reqExamples: [],
  responses: [{ ...newResponse('200'), body: [paramRow('id', 'string', { required: true })] }],
  tags: [],
  servers: [],
  ...over,
});
const api = (over: Partial<ApiContent> = {}, id = 'doc1', name = 'List pets', folder: string[] = []): StateDocument => ({
  id,
  type: 'api',
  name,
  folder,
  content: apiContent(over),
});
const model = (id: string, name: string, schema: ParamItem[]): StateDocument => ({
  id,
  type: 'model',
  name,
  folder: ['Models'],
  content: { name, description: '', schema },
});
const state = (...documents: StateDocument[]): ProjectState => ({ documents });
const ids = (r: CompatReport) => [...r.findings, ...r.changes].map((f) => f.id).sort();
const produced = new Set<string>();
/** Frozen all the way down: a state may be shared by many reports (the API keeps what it read), never changed. */
const frozen = <T>(value: T): T => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) frozen(v);
  }
  return value;
};
const compare = (a: ProjectState, b: ProjectState) => {
  const report = compareStates(frozen(a), frozen(b));
  for (const f of [...report.findings, ...report.changes]) produced.add(f.id);
  return report;
};

/** An API with one field `tag` where a subject sees it. */
const withField = (subject: Subject, row: ParamItem) =>
  subject === 'request-parameter'
    ? api({ reqQuery: [row] })
    : subject === 'request-property'
      ? api({ method: 'POST', reqBody: [row] })
      : api({ responses: [{ ...newResponse('200'), body: [row] }] });
const FIELD_OF: Record<Subject, string> = {
  'request-parameter': 'request query tag',
  'request-property': 'request body application/json body.tag',
  'response-property': 'response 200 application/json body.tag',
};

const CJK = /[\u4e00-\u9fff]/;
function expectMessages(f: Finding) {
  // The message names what its check's title names: the field, the values before and after.
  const title = CHECKS.get(f.id)!.title;
  for (const [placeholder, value] of [
    ['{field}', f.field],
    ['{before}', f.before],
    ['{after}', f.after],
  ] as const)
    if (title.en.includes(placeholder)) {
      expect(value).toBeTruthy();
      expect(f.message.en).toContain(value);
      expect(f.message.zh).toContain(value);
    }
  expect(
    f.message.en
      .replace(f.field, '')
      .replace(f.before ?? '', '')
      .replace(f.after ?? '', ''),
  ).not.toMatch(CJK);
  expect(f.message.zh).toMatch(CJK);
  expect(f.message.en).not.toMatch(/\{(S|field|before|after)\}/);
  expect(f.message.zh).not.toMatch(/\{(S|field|before|after)\}/);
  // A finding says why it breaks clients, in a second sentence.
  if (f.severity) {
    expect(f.message.en).toMatch(/\. \S.*[.]$/);
    expect(f.message.zh).toMatch(/。.+。$/);
  }
}

describe('schema rules, one fixture pair per check and place', () => {
  for (const subject of Object.keys(SUBJECTS) as Subject[])
    for (const [suffix, [before, after]] of Object.entries(RULE_FIXTURES)) {
      const id = `${subject}-${suffix}`;
      it(id, () => {
        const report = compare(
          state(withField(subject, paramRow('tag', 'string', before))),
          state(withField(subject, paramRow('tag', 'string', after))),
        );
        expect(ids(report)).toEqual([id]);
        const f = [...report.findings, ...report.changes][0]!;
        expect(f.severity).toBe(CHECKS.get(id)!.severity);
        expect(f.field).toBe(FIELD_OF[subject]);
        expect(f.operation?.before?.docId).toBe('doc1');
        expectMessages(f);
      });
    }
});

describe('direction-aware pairs', () => {
  const severityOf = (subject: Subject, before: Partial<ParamItem>, after: Partial<ParamItem>) => {
    const r = compare(
      state(withField(subject, paramRow('tag', 'string', before))),
      state(withField(subject, paramRow('tag', 'string', after))),
    );
    return [...r.findings, ...r.changes].map((f) => f.severity ?? 'change');
  };
  it('a new enum value is safe in a request, a warning in a response', () => {
    expect(severityOf('request-property', { enum: ['a'] }, { enum: ['a', 'b'] })).toEqual(['change']);
    expect(severityOf('response-property', { enum: ['a'] }, { enum: ['a', 'b'] })).toEqual(['warning']);
  });
  it('a removed enum value breaks a request, not a response', () => {
    expect(severityOf('request-parameter', { enum: ['a', 'b'] }, { enum: ['a'] })).toEqual(['error']);
    expect(severityOf('response-property', { enum: ['a', 'b'] }, { enum: ['a'] })).toEqual(['change']);
  });
  it('a lowered maximum length breaks a request; a raised one warns a response', () => {
    expect(severityOf('request-property', { maxLength: 10 }, { maxLength: 5 })).toEqual(['error']);
    expect(severityOf('response-property', { maxLength: 10 }, { maxLength: 5 })).toEqual(['change']);
    expect(severityOf('request-property', { maxLength: 5 }, { maxLength: 10 })).toEqual(['change']);
    expect(severityOf('response-property', { maxLength: 5 }, { maxLength: 10 })).toEqual(['warning']);
  });
  it('nullable breaks a response, not a request', () => {
    expect(severityOf('request-property', {}, { nullable: true })).toEqual(['change']);
    expect(severityOf('response-property', {}, { nullable: true })).toEqual(['error']);
  });
  it('required: a request field becoming required breaks, a response field becoming optional breaks', () => {
    expect(severityOf('request-property', {}, { required: true })).toEqual(['error']);
    expect(severityOf('response-property', {}, { required: true })).toEqual(['change']);
    expect(severityOf('request-property', { required: true }, {})).toEqual(['change']);
    expect(severityOf('response-property', { required: true }, {})).toEqual(['error']);
  });
  it('a new required field breaks a request, not a response', () => {
    const base = paramRow('id', 'string');
    const added = paramRow('name', 'string', { required: true });
    const request = compare(state(api({ method: 'POST', reqBody: [base] })), state(api({ method: 'POST', reqBody: [base, added] })));
    expect(request.findings.map((f) => [f.id, f.severity])).toEqual([['new-required-request-property', 'error']]);
    const response = compare(
      state(api({ responses: [{ ...newResponse('200'), body: [base] }] })),
      state(api({ responses: [{ ...newResponse('200'), body: [base, added] }] })),
    );
    expect(response.findings).toEqual([]);
    expect(response.changes.map((f) => f.id)).toEqual(['response-required-property-added']);
  });
});

/** The other checks: operations, parameters, bodies, responses, security and models. */
const q = (name: string, extra: Partial<ParamItem> = {}) => paramRow(name, 'string', extra);
const CASES: { id: string; before: ProjectState; after: ProjectState; field: string; also?: string[] }[] = [
  { id: 'api-removed-without-deprecation', before: state(api()), after: state(), field: 'GET /pets' },
  { id: 'api-removed-with-deprecation', before: state(api({ status: 'deprecated' })), after: state(), field: 'GET /pets' },
  { id: 'endpoint-added', before: state(), after: state(api()), field: 'GET /pets' },
  { id: 'endpoint-deprecated', before: state(api()), after: state(api({ status: 'deprecated' })), field: 'GET /pets' },
  { id: 'endpoint-reactivated', before: state(api({ status: 'deprecated' })), after: state(api()), field: 'GET /pets' },
  {
    id: 'api-operation-id-removed',
    before: state(api({ operationId: 'listPets' })),
    after: state(api({ operationId: 'getPets' })),
    field: 'GET /pets',
  },
  { id: 'api-tag-removed', before: state(api({ tags: ['pets'] })), after: state(api()), field: 'GET /pets' },
  { id: 'api-tag-added', before: state(api()), after: state(api({ tags: ['pets'] })), field: 'GET /pets' },
  { id: 'api-description-changed', before: state(api()), after: state(api({ description: 'Lists all pets' })), field: 'GET /pets' },
  {
    id: 'api-examples-changed',
    before: state(api()),
    after: state(api({ reqExamples: [{ name: 'a', value: '{}' }] })),
    field: 'request',
  },
  { id: 'api-renamed', before: state(api()), after: state(api({}, 'doc1', 'All pets')), field: 'GET /pets' },
  { id: 'api-folder-changed', before: state(api()), after: state(api({}, 'doc1', 'List pets', ['Pets'])), field: 'GET /pets' },
  { id: 'api-security-added', before: state(api()), after: state(api({ security: [{ oauth: [] }] })), field: 'security' },
  {
    id: 'api-security-scope-added',
    before: state(api({ security: [{ oauth: ['read'] }] })),
    after: state(api({ security: [{ oauth: ['read', 'write'] }] })),
    field: 'security',
  },
  { id: 'api-security-removed', before: state(api({ security: [{ oauth: [] }] })), after: state(api()), field: 'security' },
  {
    id: 'api-security-scope-removed',
    before: state(api({ security: [{ oauth: ['read', 'write'] }] })),
    after: state(api({ security: [{ oauth: ['read'] }] })),
    field: 'security',
  },
  { id: 'api-schema-removed', before: state(model('m1', 'Pet', [q('id')])), after: state(), field: 'Pet' },
  { id: 'api-schema-added', before: state(), after: state(model('m1', 'Pet', [q('id')])), field: 'Pet' },
  { id: 'request-parameter-removed', before: state(api({ reqQuery: [q('limit')] })), after: state(api()), field: 'request query limit' },
  {
    id: 'new-required-request-parameter',
    before: state(api()),
    after: state(api({ reqHeaders: [q('X-Tenant', { required: true })] })),
    field: 'request header X-Tenant',
  },
  {
    id: 'new-request-path-parameter',
    before: state(api()),
    after: state(api({ path: '/pets/{id}', reqPath: [q('id', { required: true })] })),
    field: 'request path id',
    // A new path parameter is a new path: the document moved too.
    also: ['api-moved'],
  },
  {
    id: 'new-optional-request-parameter',
    before: state(api()),
    after: state(api({ reqQuery: [q('limit')] })),
    field: 'request query limit',
  },
  {
    id: 'new-required-request-parameter-with-default',
    before: state(api()),
    after: state(api({ reqQuery: [q('limit', { required: true, default: '10' })] })),
    field: 'request query limit',
  },
  {
    id: 'request-property-removed',
    before: state(api({ reqBody: [q('a'), q('b')] })),
    after: state(api({ reqBody: [q('a')] })),
    field: 'request body application/json body.b',
  },
  {
    id: 'new-required-request-property',
    before: state(api({ reqBody: [q('a')] })),
    after: state(api({ reqBody: [q('a'), q('b', { required: true })] })),
    field: 'request body application/json body.b',
  },
  {
    id: 'new-required-request-property-with-default',
    before: state(api({ reqBody: [q('a')] })),
    after: state(api({ reqBody: [q('a'), q('b', { required: true, default: 'x' })] })),
    field: 'request body application/json body.b',
  },
  {
    id: 'new-optional-request-property',
    before: state(api({ reqBody: [q('a')] })),
    after: state(api({ reqBody: [q('a'), q('b')] })),
    field: 'request body application/json body.b',
  },
  {
    id: 'request-body-media-type-removed',
    before: state(api({ reqBody: [q('a')] })),
    after: state(api({ requestType: 'form', reqBody: [q('a')] })),
    field: 'request body',
  },
  {
    id: 'request-body-added-required',
    before: state(api()),
    after: state(api({ reqBody: [q('a', { required: true })] })),
    field: 'request body',
  },
  { id: 'request-body-added-optional', before: state(api()), after: state(api({ reqBody: [q('a')] })), field: 'request body' },
  { id: 'request-body-removed', before: state(api({ reqBody: [q('a')] })), after: state(api()), field: 'request body' },
  {
    id: 'response-required-property-removed',
    before: state(api({ responses: [{ ...newResponse(), body: [q('id', { required: true }), q('name', { required: true })] }] })),
    after: state(api({ responses: [{ ...newResponse(), body: [q('id', { required: true })] }] })),
    field: 'response 200 application/json body.name',
  },
  {
    id: 'response-optional-property-removed',
    before: state(api({ responses: [{ ...newResponse(), body: [q('id', { required: true }), q('name')] }] })),
    after: state(api({ responses: [{ ...newResponse(), body: [q('id', { required: true })] }] })),
    field: 'response 200 application/json body.name',
  },
  {
    id: 'response-optional-property-added',
    before: state(api()),
    after: state(api({ responses: [{ ...newResponse(), body: [q('id', { required: true }), q('name')] }] })),
    field: 'response 200 application/json body.name',
  },
  {
    id: 'response-success-status-removed',
    before: state(api({ responses: [newResponse('200'), newResponse('201')] })),
    after: state(api({ responses: [newResponse('200')] })),
    field: 'response 201',
  },
  {
    id: 'response-non-success-status-removed',
    before: state(api({ responses: [newResponse('200'), newResponse('404')] })),
    after: state(api({ responses: [newResponse('200')] })),
    field: 'response 404',
  },
  {
    id: 'response-success-status-added',
    before: state(api({ responses: [newResponse('200')] })),
    after: state(api({ responses: [newResponse('200'), newResponse('201')] })),
    field: 'response 201',
  },
  {
    id: 'response-non-success-status-added',
    before: state(api({ responses: [newResponse('200')] })),
    after: state(api({ responses: [newResponse('200'), newResponse('404')] })),
    field: 'response 404',
  },
  {
    id: 'response-media-type-removed',
    before: state(api()),
    after: state(api({ responses: [{ ...newResponse('200'), format: 'xml', body: [q('id', { required: true })] }] })),
    field: 'response 200',
  },
  {
    id: 'response-description-changed',
    before: state(api()),
    after: state(api({ responses: [{ ...newResponse('200'), description: 'The pets', body: [q('id', { required: true })] }] })),
    field: 'response 200',
  },
  {
    id: 'required-response-header-removed',
    before: state(api({ responses: [{ ...newResponse(), headers: [q('X-Rate', { required: true })] }] })),
    after: state(api({ responses: [newResponse()] })),
    field: 'response 200 header X-Rate',
  },
  {
    id: 'optional-response-header-removed',
    before: state(api({ responses: [{ ...newResponse(), headers: [q('X-Rate')] }] })),
    after: state(api({ responses: [newResponse()] })),
    field: 'response 200 header X-Rate',
  },
  {
    id: 'response-header-added',
    before: state(api({ responses: [newResponse()] })),
    after: state(api({ responses: [{ ...newResponse(), headers: [q('X-Rate')] }] })),
    field: 'response 200 header X-Rate',
  },
  {
    id: 'response-header-type-changed',
    before: state(api({ responses: [{ ...newResponse(), headers: [q('X-Rate')] }] })),
    after: state(api({ responses: [{ ...newResponse(), headers: [paramRow('X-Rate', 'integer')] }] })),
    field: 'response 200 header X-Rate',
  },
  {
    id: 'response-header-became-optional',
    before: state(api({ responses: [{ ...newResponse(), headers: [q('X-Rate', { required: true })] }] })),
    after: state(api({ responses: [{ ...newResponse(), headers: [q('X-Rate')] }] })),
    field: 'response 200 header X-Rate',
  },
];

describe('operation, parameter, body, response and security checks', () => {
  for (const c of CASES)
    it(c.id, () => {
      const report = compare(c.before, c.after);
      expect(ids(report)).toEqual([c.id, ...(c.also ?? [])].sort());
      const f = [...report.findings, ...report.changes].find((x) => x.id === c.id)!;
      expect(f.severity).toBe(CHECKS.get(c.id)!.severity);
      expect(f.field).toBe(c.field);
      expectMessages(f);
    });
});

describe('matching operations', () => {
  it('a method or path changed on the same document is one finding, a move', () => {
    const report = compare(state(api()), state(api({ method: 'POST', path: '/animals' })));
    expect(ids(report)).toEqual(['api-moved']);
    const [f] = report.findings;
    expect(f).toMatchObject({ severity: 'error', before: 'GET /pets', after: 'POST /animals' });
    expect(f!.operation).toMatchObject({
      before: { docId: 'doc1', path: '/pets' },
      after: { docId: 'doc1', method: 'POST', path: '/animals' },
    });
    expect(report.summary.operations).toEqual({ added: 0, removed: 0, changed: 1 });
  });
  it('documents with other ids are matched by method and path (a path parameter renamed included)', () => {
    const before = state(api({ path: '/pets/{id}', reqPath: [q('id', { required: true })] }, 'old'));
    const after = state(api({ path: '/pets/{petId}', reqPath: [q('petId', { required: true })] }, 'new'));
    const report = compare(before, after);
    expect(report.identical).toBe(true);
    expect(report.summary.operations).toEqual({ added: 0, removed: 0, changed: 0 });
  });
  it('a version against itself is an empty report that says so', () => {
    const s = state(api(), model('m1', 'Pet', [q('id')]));
    const report = compare(s, s);
    expect(report).toMatchObject({ identical: true, findings: [], changes: [], bump: 'patch' });
  });
});

describe('shared data models', () => {
  const pet = (rows: ParamItem[]) => model('m-pet', 'Pet', rows);
  const owner = model('m-owner', 'Owner', [paramRow('pets', 'array', { ref: 'm-pet' })]);
  const ops = [
    api({ responses: [{ ...newResponse(), body: [paramRow('', 'object', { ref: 'm-pet' })] }] }, 'd-get', 'Get pet'),
    api({ path: '/owners', responses: [{ ...newResponse(), body: [paramRow('', 'object', { ref: 'm-owner' })] }] }, 'd-own', 'Get owner'),
    api({ path: '/stores' }, 'd-other', 'Stores'),
  ];
  it('a change to a model is reported once, with every operation that uses it, directly or through other models', () => {
    const before = state(pet([q('id', { required: true }), q('price', { required: true })]), owner, ...ops);
    const after = state(pet([q('id', { required: true })]), owner, ...ops);
    const report = compare(before, after);
    expect(report.findings).toHaveLength(1);
    const [f] = report.findings;
    expect(f).toMatchObject({ id: 'response-required-property-removed', severity: 'error', field: 'model Pet .price' });
    expect(f!.model).toMatchObject({ id: 'm-pet', name: 'Pet', direction: 'response' });
    expect(f!.model!.operations.map((o) => o.after!.docId)).toEqual(['d-get', 'd-own']);
    expect(report.summary.operations.changed).toBe(2);
  });
  it('the same model seen from a request is judged as a request', () => {
    const used = api({ method: 'POST', reqBody: [paramRow('', 'object', { ref: 'm-pet' })] }, 'd-post');
    const before = state(pet([q('id')]), used);
    const after = state(pet([q('id'), q('price', { required: true })]), used);
    const report = compare(before, after);
    expect(report.findings.map((f) => [f.id, f.field, f.model?.direction])).toEqual([
      ['new-required-request-property', 'model Pet .price', 'request'],
    ]);
  });
  it('an inline schema replaced by a model is compared by what the model holds', () => {
    const before = state(
      pet([q('id', { required: true })]),
      api({ responses: [{ ...newResponse(), body: [q('id', { required: true }), q('name')] }] }),
    );
    const after = state(
      pet([q('id', { required: true })]),
      api({ responses: [{ ...newResponse(), body: [paramRow('', 'object', { ref: 'm-pet' })] }] }),
    );
    expect(ids(compare(before, after))).toEqual(['response-optional-property-removed']);
  });
});

describe('unchanged operations and models (only their references are walked)', () => {
  const body = (ref: string) => [{ ...newResponse(), body: [paramRow('', 'object', { ref })] }];
  it('an operation the same on both sides, naming a model that another took the place of, is compared by what each holds', () => {
    // An import's references name models: the same name, another model behind it.
    const op = api({ responses: body('Pet') });
    const before = state(model('m-old', 'Pet', [q('id', { required: true }), q('price', { required: true })]), op);
    const after = state(model('m-new', 'Pet', [q('id', { required: true })]), structuredClone(op));
    const report = compare(before, after);
    expect(ids(report)).toEqual(['api-schema-added', 'api-schema-removed', 'response-required-property-removed']);
    expect(report.findings.find((f) => f.id === 'response-required-property-removed')).toMatchObject({
      field: 'response 200 application/json body.price',
      operation: { after: { docId: 'doc1' } },
    });
  });
  it('an operation the same on both sides still lists under a changed model it uses, through an unchanged one', () => {
    const owner = model('m-owner', 'Owner', [paramRow('pet', 'object', { ref: 'm-pet' })]);
    const op = api({ path: '/owners', responses: body('m-owner') }, 'd-own');
    const before = state(model('m-pet', 'Pet', [q('id'), q('price')]), owner, op);
    const after = state(model('m-pet', 'Pet', [q('id')]), structuredClone(owner), structuredClone(op));
    const [f] = compare(before, after).findings;
    expect(f).toMatchObject({ id: 'response-optional-property-removed', field: 'model Pet .price' });
    expect(f!.model!.operations.map((o) => o.after!.docId)).toEqual(['d-own']);
  });
  it('content is the same when its values are, a key left undefined counting as absent (as after JSON)', () => {
    expect(sameValue({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1, ref: undefined }, { a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, ref: undefined })).toBe(true);
    expect(sameValue({ a: 1, ref: undefined }, { a: 1, ref: 'Pet' })).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ a: [] }, { a: {} })).toBe(false);
    expect(sameValue({ a: null }, { a: undefined })).toBe(false);
  });
});

describe('verdict, policy and semver', () => {
  const breaking = [state(api({ reqQuery: [q('limit')] })), state(api({ reqQuery: [q('limit', { required: true })] }))] as const;
  it('major when anything breaks, minor when something was added, patch otherwise', () => {
    expect(compare(...breaking).bump).toBe('major');
    expect(compare(state(api()), state(api(), api({ path: '/stores' }, 'doc2'))).bump).toBe('minor');
    expect(compare(state(api()), state(api({ description: 'Other words' }))).bump).toBe('patch');
    expect(nextSemver('1.0.0', 'major')).toBe('2.0.0');
    expect(nextSemver('v1.4.2', 'minor')).toBe('v1.5.0');
    expect(nextSemver('1.4.2', 'patch')).toBe('1.4.3');
    expect(nextSemver(undefined, 'major')).toBe('1.0.0');
    expect(nextSemver('spring', 'minor')).toBe('spring.1');
  });
  it('a policy changes a check severity, turns one off, and accepts one finding with a reason', () => {
    const plain = compare(...breaking);
    expect(failsOn(plain, 'breaking')).toBe(true);
    const lowered = compareStates(...breaking, { severities: { 'request-parameter-became-required': 'warning' } });
    expect(lowered.findings[0]!.severity).toBe('warning');
    expect([failsOn(lowered, 'breaking'), failsOn(lowered, 'warning')]).toEqual([false, true]);
    const off = compareStates(...breaking, { severities: { 'request-parameter-became-required': 'off' } });
    expect(off.findings).toEqual([]);
    const accepted = compareStates(...breaking, { accepted: [{ key: plain.findings[0]!.key, reason: 'Only our app calls it' }] });
    expect(accepted.findings[0]!.accepted).toEqual({ reason: 'Only our app calls it' });
    expect(accepted.summary).toMatchObject({ error: 0, accepted: 1 });
    expect(failsOn(accepted, 'breaking')).toBe(false);
    expect(accepted.bump).not.toBe('major');
  });

  it('the renderers word a report with the words the screen shows, an accepted finding with its reason', () => {
    const plain = compare(...breaking);
    const accepted = compareStates(...breaking, { accepted: [{ key: plain.findings[0]!.key, reason: 'Only our app calls it' }] });
    expect(verdictLines(plain, 'en')).toEqual([
      'Operations: 0 added, 1 changed, 0 removed; 1 errors, 0 warnings, 0 info',
      'Suggested version bump: major',
      '  error request-parameter-became-required  GET /pets: ' + plain.findings[0]!.message.en,
    ]);
    expect(verdictLines(plain, 'zh')[1]).toBe(`建议版本号升级：${REPORT_WORDS.zh.bumps.major}`);
    expect(reportMarkdown(plain, 'zh')).toContain(`建议版本号升级：**${REPORT_WORDS.zh.bumps.major}**`);
    expect(reportMarkdown(accepted, 'en')).toContain('(Reason: Only our app calls it)');
    expect(reportText(accepted, 'en')).toContain('error (accepted)');
    expect(verdictLines(accepted, 'en')[2]).toMatch(/^ {2}error \(accepted\) request-parameter-became-required/);
  });
});

describe('the catalogue', () => {
  it('has at least 60 checks that can fail a report', () => {
    expect([...CHECKS.values()].filter((c) => c.severity).length).toBeGreaterThanOrEqual(60);
  });
  it('every check has a fixture that produced it (this file runs them all before)', () => {
    const missing = [...CHECKS.keys()].filter((id) => !produced.has(id));
    expect(missing).toEqual([]);
  });
});
