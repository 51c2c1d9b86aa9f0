/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-explicit-any -- written descriptions read as plain JSON */
/**
 * Issue 39, "nothing lost without a word": one fixture per shape that public descriptions use and that was lost
 * silently, through import, OpenAPI export and re-import.
 */
import { describe, expect, it } from 'vitest';
import { importOpenApi } from '../../../shared/import/openapi';
import { IMPORT_WARNING_CODES, type ImportResult } from '../../../shared/import/types';
import { IMPORT_WARNING_KINDS, IMPORT_WARNING_TEXTS, warningCounts, warningCountsText, warningText } from '../../../shared/import/warnings';
import { CUT_MARK } from '../../../shared/import/build';
import type { ApiContent, ModelContent } from '../../../shared/schemas/document';
import { LOCALES } from '../../../shared/messages';
import { asProjectFile } from './fidelity';
import { openApiOf } from '.';

type Obj = Record<string, any>;

const ok = { '200': { description: 'ok' } };
const describeSpec = (extra: Obj): Obj => ({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, ...extra });

const roundTrip = async (spec: Obj) => {
  const first = await importOpenApi(spec, { validate: false });
  const exported = JSON.parse(JSON.stringify(openApiOf(asProjectFile(first)))) as Obj;
  const again = await importOpenApi(exported, { validate: false });
  return { first, exported, again };
};
const api = (r: ImportResult, key: string): ApiContent => {
  const d = r.documents.find((x) => x.key === key);
  if (d?.type !== 'api') throw new Error(`no API ${key}: ${r.documents.map((x) => x.key).join(', ')}`);
  return d.content;
};
const model = (r: ImportResult, name: string): ModelContent => {
  const d = r.documents.find((x) => x.key === `model:${name}`);
  if (d?.type !== 'model') throw new Error(`no model ${name}`);
  return d.content;
};

describe('nothing lost without a word (issue 39)', () => {
  it('keeps the properties beside a oneOf of required-only branches, records the rule and exports it back', async () => {
    const fields = Object.fromEntries(Array.from({ length: 19 }, (_, i) => [`field${i}`, { type: 'string' }]));
    const body = {
      type: 'object',
      properties: { url: { type: 'string' }, html: { type: 'string' }, ...fields },
      oneOf: [{ required: ['url'] }, { required: ['html'] }],
    };
    const spec = describeSpec({
      paths: { '/render': { post: { requestBody: { content: { 'application/json': { schema: body } } }, responses: ok } } },
      components: { schemas: { Choice: { ...body, anyOf: [{ required: ['url', 'field1'] }], oneOf: undefined } } },
    });
    const { first, exported, again } = await roundTrip(spec);
    const [root] = api(first, 'api:POST /render').reqBody;
    expect(root!.children.map((r) => r.name)).toEqual(['url', 'html', ...Object.keys(fields)]);
    expect(root!.requires).toEqual({ combine: 'oneOf', sets: [['url'], ['html']] });
    expect(model(first, 'Choice').schema[0]!.requires).toEqual({ combine: 'anyOf', sets: [['url', 'field1']] });

    const schema = exported.paths['/render'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toHaveLength(21);
    expect(schema.oneOf).toEqual([{ required: ['url'] }, { required: ['html'] }]);
    expect(api(again, 'api:POST /render').reqBody).toEqual(api(first, 'api:POST /render').reqBody);
  });

  it('keeps paths that differ only by a fragment as documents of their own', async () => {
    const spec = describeSpec({
      paths: {
        '/files/{file_id}': { get: { summary: 'Get a file', responses: ok } },
        '/files/{file_id}#get_shared_link': { get: { summary: 'Get a shared link', responses: ok } },
        '/#Action=DescribeInstances': { get: { summary: 'Describe instances', responses: ok } },
        '/#Action=RunInstances': { get: { summary: 'Run instances', responses: ok } },
      },
    });
    const { first, exported, again } = await roundTrip(spec);
    expect(first.documents.map((d) => d.key)).toEqual([
      'api:GET /files/{}',
      'api:GET /files/{}#get_shared_link',
      'api:GET /#Action=DescribeInstances',
      'api:GET /#Action=RunInstances',
    ]);
    expect(first.warnings.filter((w) => w.code === 'duplicateOperation')).toEqual([]);
    expect(Object.keys(exported.paths)).toEqual(Object.keys(spec.paths));
    expect(again.documents.map((d) => d.name)).toEqual(['Get a file', 'Get a shared link', 'Describe instances', 'Run instances']);
  });

  it('counts every warning by kind, in both languages, however many there are', () => {
    const warnings = [
      ...Array.from({ length: 1186 }, () => ({ pointer: '/paths/~1', code: 'duplicateOperation' as const })),
      { pointer: '/x', code: 'cutText' as const },
    ];
    expect(warningCounts(warnings)).toEqual({ duplicateOperation: 1186, cutText: 1 });
    expect(warningCountsText('zh', warningCounts(warnings))).toBe('重复的接口 1186，截断的文本 1');
    expect(warningCountsText('en', warningCounts(warnings))).toBe('duplicate operations 1186, cut text 1');
  });

  it('exports a Google-style custom method with its colon, not as a path parameter', async () => {
    const { exported, again } = await roundTrip(
      describeSpec({
        paths: {
          '/keypairs/{keyPairId}:disable': {
            post: { parameters: [{ name: 'keyPairId', in: 'path', required: true, schema: { type: 'string' } }], responses: ok },
          },
        },
      }),
    );
    expect(Object.keys(exported.paths)).toEqual(['/keypairs/{keyPairId}:disable']);
    expect(exported.paths['/keypairs/{keyPairId}:disable'].post.parameters.map((p: Obj) => p.name)).toEqual(['keyPairId']);
    expect(api(again, 'api:POST /keypairs/{keyPairId}:disable').path).toBe('/keypairs/{keyPairId}:disable');
  });

  it('keeps an operation and a model whose descriptions are over the limit, cut visibly, and says so in zh and en', async () => {
    const long = 'x'.repeat(23_515);
    const { first } = await roundTrip(
      describeSpec({
        paths: { '/long': { get: { summary: 'Long', description: long, responses: ok } } },
        components: { schemas: { Big: { type: 'object', description: 'y'.repeat(10_500 * 2), properties: { a: { type: 'string' } } } } },
      }),
    );
    const operation = api(first, 'api:GET /long');
    expect(operation.description).toHaveLength(20_000);
    expect(operation.description.endsWith(CUT_MARK)).toBe(true);
    expect(model(first, 'Big').description.endsWith(CUT_MARK)).toBe(true);
    const cut = first.warnings.filter((w) => w.code === 'cutText');
    expect(cut.map((w) => [w.pointer, w.params])).toEqual([
      ['/components/schemas/Big', { field: 'description', length: 21_000, max: 20_000 }],
      ['/paths/~1long/get', { field: 'description', length: 23_515, max: 20_000 }],
    ]);
    expect(warningText('zh', cut[1]!)).toBe('description 长 23515 个字符，超过上限 20000，已截断（末尾以“…”标明），文档保留');
    expect(warningText('en', cut[1]!)).toContain('is 23515 characters long, over the limit of 20000: cut');
    expect(first.warnings.filter((w) => w.code === 'unreadable')).toEqual([]);
  });

  it('says every warning in both languages, never as an untranslated key', () => {
    for (const locale of LOCALES)
      for (const code of IMPORT_WARNING_CODES) {
        expect(IMPORT_WARNING_TEXTS[locale][code], `${locale} ${code}`).toBeTruthy();
        expect(IMPORT_WARNING_KINDS[locale][code], `${locale} ${code}`).toBeTruthy();
      }
    // A document that still does not read names the field's rule, not its message key.
    const unreadable = { code: 'unreadable' as const, params: { detail: 'description: v.apiDescription' } };
    expect(warningText('zh', unreadable)).toBe('无法读取：description: 请填写接口描述');
    expect(warningText('en', unreadable)).toBe('Could not read: description: Enter a description of the API');
  });

  it('imports OpenAPI 3.1 webhooks into a Webhooks folder and exports them back as webhooks', async () => {
    const { first, exported, again } = await roundTrip(
      describeSpec({
        webhooks: {
          newPet: {
            post: {
              summary: 'A pet was added',
              requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'integer' } } } } } },
              responses: ok,
            },
          },
        },
      }),
    );
    const [hook] = first.documents;
    expect(hook).toMatchObject({ key: 'api:POST /webhook:newPet', name: 'A pet was added', folder: ['Webhooks'] });
    expect(api(first, 'api:POST /webhook:newPet').reqBody.map((r) => r.name)).toEqual(['id']);
    expect(exported.paths).toEqual({});
    expect(Object.keys(exported.webhooks.newPet)).toEqual(['post']);
    expect(again.documents.map((d) => [d.key, d.folder])).toEqual([['api:POST /webhook:newPet', ['Webhooks']]]);
  });

  it('keeps an enum written on a body field that refers to a named schema through the export', async () => {
    const { first, exported, again } = await roundTrip(
      describeSpec({
        paths: {
          '/issues': {
            patch: {
              requestBody: {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        state: { $ref: '#/components/schemas/State', enum: ['open'] },
                        reason: { allOf: [{ $ref: '#/components/schemas/State' }], enum: ['closed'], description: 'Why' },
                      },
                    },
                  },
                },
              },
              responses: ok,
            },
          },
        },
        components: { schemas: { State: { type: 'string', enum: ['open', 'closed'] } } },
      }),
    );
    const rows = api(first, 'api:PATCH /issues').reqBody;
    expect(rows.map((r) => [r.name, r.ref, r.enum])).toEqual([
      ['state', 'State', ['open']],
      ['reason', 'State', ['closed']],
    ]);
    const properties = exported.paths['/issues'].patch.requestBody.content['application/json'].schema.properties;
    expect(properties.state).toEqual({ $ref: '#/components/schemas/State', enum: ['open'] });
    expect(properties.reason).toEqual({ $ref: '#/components/schemas/State', enum: ['closed'], description: 'Why' });
    expect(api(again, 'api:PATCH /issues').reqBody.map((r) => r.enum)).toEqual([['open'], ['closed']]);
  });

  it('shows a model by its name, not its title, and keeps the name through export and re-import', async () => {
    const name = 'repository-ruleset-conditions-repository-property-target';
    const { first, again } = await roundTrip(
      describeSpec({
        components: {
          schemas: {
            'simple-user': { title: 'Simple User', type: 'object', properties: { id: { type: 'integer' } } },
            'nullable-simple-user': { title: 'Simple User', type: 'object', properties: { id: { type: 'integer' } } },
            [name]: { title: 'Target', type: 'object', properties: { a: { type: 'string' } } },
          },
        },
      }),
    );
    expect(first.documents.map((d) => d.name)).toEqual(['simple-user', 'nullable-simple-user', 'repository-ruleset-conditions…']);
    for (const r of [first, again])
      expect(r.documents.map((d) => (d.content as ModelContent).name)).toEqual(['simple-user', 'nullable-simple-user', name]);
  });

  it('keeps the schema and examples of a 3.0 binary body, which the upgrade to 3.1 drops, and says which examples hold nothing', async () => {
    const { first } = await roundTrip({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/assets': {
          post: {
            requestBody: {
              content: {
                'application/octet-stream': {
                  schema: { type: 'string', format: 'binary' },
                  examples: { default: { value: '@example.zip' }, empty: { summary: 'No value' } },
                },
              },
            },
            responses: ok,
          },
        },
      },
    });
    const upload = api(first, 'api:POST /assets');
    expect(upload.reqBody.map((r) => r.type)).toEqual(['file']);
    expect(upload.reqExamples.map((e) => e.value)).toEqual(['@example.zip']);
    expect(first.warnings.map((w) => [w.code, w.params?.detail])).toContainEqual(['skippedEntry', 'empty']);
  });

  it('reads an array of objects put together (allOf) as objects, the same before and after a round trip', async () => {
    const { first, again } = await roundTrip(
      describeSpec({
        components: {
          schemas: {
            Scan: { type: 'object', properties: { type: { type: 'string' } } },
            History: {
              type: 'object',
              properties: {
                custom: {
                  type: 'array',
                  items: {
                    allOf: [{ $ref: '#/components/schemas/Scan' }, { type: 'object', properties: { pattern: { type: 'string' } } }],
                  },
                },
              },
            },
          },
        },
      }),
    );
    const [custom] = model(first, 'History').schema;
    expect(custom).toMatchObject({ type: 'array[object]', children: [{ name: 'type' }, { name: 'pattern' }] });
    expect(model(again, 'History').schema).toEqual(model(first, 'History').schema);
  });

  it("keeps the pattern of an array's string items (the mock answers items that match it) through a round trip", async () => {
    const phones = { type: 'array', items: { type: 'string', format: 'phone', pattern: '^1[3-9]\\d{9}$' } };
    const { first, exported, again } = await roundTrip(
      describeSpec({ components: { schemas: { Contact: { type: 'object', properties: { phones } } } } }),
    );
    const [row] = model(first, 'Contact').schema;
    expect(row).toMatchObject({ type: 'array[string]', format: 'phone', pattern: '^1[3-9]\\d{9}$' });
    expect(exported.components.schemas.Contact.properties.phones).toEqual(phones);
    expect(model(again, 'Contact').schema).toEqual(model(first, 'Contact').schema);
  });
});
