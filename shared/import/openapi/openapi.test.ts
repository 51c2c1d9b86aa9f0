import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ParamItem } from '../../schemas/document';
import { importInput } from '../index';
import type { ImportResult } from '../types';
import { warningText } from '../warnings';
import { fullNameOf } from '../../titles';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const read = (name: string) => importInput({ bytes: fixture(name), name });

const api = (r: ImportResult, key: string) => {
  const d = r.documents.find((x) => x.key === key);
  if (d?.type !== 'api') throw new Error(`no API ${key}`);
  return { ...d, content: d.content };
};
const model = (r: ImportResult, name: string) => {
  const d = r.documents.find((x) => x.key === `model:${name}`);
  if (d?.type !== 'model') throw new Error(`no model ${name}`);
  return d.content;
};
const byName = (rows: ParamItem[], name: string) => rows.find((p) => p.name === name)!;
const countRows = (rows: ParamItem[]): number => rows.reduce((n, p) => n + 1 + countRows(p.children), 0);

describe('OpenAPI importer', () => {
  it('reads Swagger 2.0 YAML: models with a cycle, file fields, x-nullable, examples, path-level parameters', async () => {
    const r = await read('swagger2-petstore.yaml');
    expect(r.format).toBe('openapi');
    expect(r.documents.filter((d) => d.type === 'api')).toHaveLength(4);
    expect(r.documents.filter((d) => d.type === 'model').map((d) => d.name)).toEqual(['Pet', 'Person', 'Error']);
    expect(r.project).toMatchObject({ name: 'Pet shop', servers: [{ url: 'https://shop.example.com/v1' }], security: [{ api_key: [] }] });
    expect(Object.keys(r.project.securitySchemes)).toEqual(['api_key']);

    const pet = model(r, 'Pet');
    expect(byName(pet.schema, 'owner')).toMatchObject({ type: 'object', ref: 'Person' });
    expect(byName(pet.schema, 'tag')).toMatchObject({ type: 'string', nullable: true });
    expect(byName(pet.schema, 'name')).toMatchObject({ required: true, minLength: 1, maxLength: 40, value: 'Tom' });
    expect(byName(model(r, 'Person').schema, 'pets')).toMatchObject({ type: 'array[object]', ref: 'Pet' });

    const list = api(r, 'api:GET /pets');
    expect(list.folder).toEqual(['pets']);
    expect(list.content.operationId).toBe('listPets');
    expect(byName(list.content.reqQuery, 'limit')).toMatchObject({
      type: 'integer',
      format: 'int32',
      minimum: 1,
      maximum: 100,
      default: '20',
    });
    expect(byName(list.content.reqQuery, 'kind')).toMatchObject({ enum: ['cat', 'dog'], value: 'cat' });
    expect(list.content.responses.map((x) => x.status)).toEqual(['200', 'default']);
    const ok = list.content.responses[0]!;
    expect(ok.body).toEqual([expect.objectContaining({ name: '', type: 'array[object]', ref: 'Pet' })]);
    expect(ok.headers[0]).toMatchObject({ name: 'X-Total', type: 'integer', description: 'How many there are' });
    expect(JSON.parse(ok.examples[0]!.value)).toEqual([{ id: 1, name: 'Tom', tag: 'cat' }]);

    const add = api(r, 'api:POST /pets');
    expect(add.content.requestType).toBe('form-data');
    expect(byName(add.content.reqBody, 'photo').type).toBe('file');
    expect(byName(add.content.reqBody, 'name').required).toBe(true);

    const one = api(r, 'api:GET /pets/{}');
    expect(one.content.reqPath[0]).toMatchObject({ name: 'petId', required: true, type: 'integer', format: 'int64' });
    expect(api(r, 'api:DELETE /pets/{}').content.status).toBe('deprecated');
  });

  it('honours Apifox folders, statuses and names, and keeps 3.0 nullability, exclusive bounds, $ref parameters and examples', async () => {
    const r = await read('openapi30-apifox.json');
    const list = api(r, 'api:GET /orders');
    expect(list.folder).toEqual(['订单', '查询']);
    expect(list.name).toBe('查询订单列表');
    expect(list.content.status).toBe('completed');
    expect(list.content.security).toEqual([{ bearer: [] }]);
    expect(byName(list.content.reqQuery, 'page')).toMatchObject({ value: '1', examples: ['2'] });
    const listBody = list.content.responses[0]!.body;
    expect(byName(listBody, 'list')).toMatchObject({ type: 'array[object]', ref: 'Order' });

    const create = api(r, 'api:POST /orders');
    expect(create.content.status).toBe('developing');
    expect(create.content.reqBody).toEqual([expect.objectContaining({ name: '', ref: 'Order' })]);
    expect(JSON.parse(create.content.reqExamples[0]!.value)).toMatchObject({ id: 'o-1' });
    expect(create.content.responses.map((x) => x.status)).toEqual(['201', '4XX']);

    const order = model(r, 'Order');
    expect(r.documents.find((d) => d.key === 'model:Order')!.folder).toEqual(['模型', '订单']);
    expect(byName(order.schema, 'amount')).toMatchObject({ type: 'number', nullable: true, minimum: 0, exclusiveMinimum: true });
    expect(byName(order.schema, 'status')).toMatchObject({ enum: ['paid', 'shipped'], default: 'paid' });
    expect(byName(order.schema, 'lines')).toMatchObject({ type: 'array[object]', ref: 'Line', minItems: 1 });
    expect(byName(model(r, 'Line').schema, 'sku').pattern).toBe('^[A-Z]-\\d+$');

    const cancel = api(r, 'api:PUT /orders/{}/cancel');
    expect(cancel.content.requestType).toBe('form');
    expect(cancel.content.reqHeaders[0]!.name).toBe('X-Trace');
    expect(cancel.content.responses[0]).toMatchObject({ format: 'text', examples: [{ value: 'cancelled' }] });
  });

  it('keeps oneOf as such, merges an allOf of objects into its fields, keeps a self-referencing model as a reference, and never follows a file or URL $ref', async () => {
    const r = await read('openapi31-shapes.yaml');
    const create = api(r, 'api:POST /shapes');
    expect(create.content.reqBody).toEqual([
      expect.objectContaining({
        name: '',
        combine: 'oneOf',
        children: [expect.objectContaining({ ref: 'Circle' }), expect.objectContaining({ ref: 'Square' })],
      }),
    ]);
    // allOf [Node, {createdAt}]: the response's fields are Node's and createdAt, with no composition or root row.
    const body = create.content.responses[0]!.body;
    expect(body.map((p) => p.name)).toEqual(['name', 'children', 'anything', 'createdAt']);
    expect(body.some((p) => p.combine || p.name === '')).toBe(false);
    expect(byName(body, 'children')).toMatchObject({ type: 'array[object]', ref: 'Node' });
    expect(byName(body, 'createdAt')).toMatchObject({
      type: 'string',
      nullable: true,
      format: 'date-time',
      value: '2025-01-01T00:00:00Z',
    });

    const node = model(r, 'Node');
    expect(byName(node.schema, 'children')).toMatchObject({ type: 'array[object]', ref: 'Node' });
    expect(byName(node.schema, 'name').enum).toEqual(['root']);
    expect(byName(node.schema, 'anything').type).toBe('any');
    expect(byName(model(r, 'Circle').schema, 'radius')).toMatchObject({ minimum: 0, exclusiveMinimum: true });

    const external = r.warnings.filter((w) => w.code === 'externalRef').map((w) => w.params?.ref);
    expect(external).toEqual(expect.arrayContaining(['https://example.com/params.yaml#/Limit', './local-file.yaml#/Thing']));
    expect(r.warnings.find((w) => w.params?.ref === './local-file.yaml#/Thing')!.pointer).toMatch(/^\/paths\/~1remote\/get/);
    expect(r.warnings.some((w) => w.code === 'skippedMethod' && w.params?.method === 'TRACE')).toBe(true);
    expect(r.documents.some((d) => d.key.startsWith('api:TRACE'))).toBe(false);
  });

  it('merges an allOf of objects into the fields, however deep and from whichever models, and keeps what cannot merge', async () => {
    const r = await read('openapi30-allof.yaml');
    expect(r.warnings).toEqual([]);
    const get = api(r, 'api:GET /orders/{}');
    const [ok, missing] = get.content.responses;
    // Envelope's fields and data, without a composition or an unnamed root row (the nested （根节点） rows).
    expect(ok!.body.map((p) => [p.name, p.type, p.required])).toEqual([
      ['code', 'integer', true],
      ['message', 'string', false],
      ['data', 'object', true],
    ]);
    expect(byName(ok!.body, 'code').value).toBe('0');
    // data: Order (which extends Base) and tracking, merged too.
    const data = byName(ok!.body, 'data');
    expect(data.combine).toBeUndefined();
    expect(data.children.map((p) => [p.name, p.type, p.required])).toEqual([
      ['id', 'string', true],
      ['total', 'number', false],
      ['tracking', 'string', false],
    ]);
    expect(byName(data.children, 'tracking').nullable).toBe(true);
    // A string refined by a pattern is not an object: the composition stays.
    expect(missing!.body).toEqual([expect.objectContaining({ name: '', combine: 'allOf' })]);
    // An allOf with a oneOf part stays a composition too, its parts as they are.
    const put = api(r, 'api:PUT /orders/{}');
    expect(put.content.reqBody).toEqual([expect.objectContaining({ name: '', combine: 'allOf' })]);
    expect(put.content.reqBody[0]!.children.map((c) => c.combine ?? c.ref)).toEqual(['Order', 'oneOf']);
    // The model that extends another is one object too.
    expect(model(r, 'Order').schema.map((p) => p.name)).toEqual(['id', 'total']);
  });

  it('counts what it imported: operations, parameters, examples and models', async () => {
    const counts = async (name: string) => {
      const r = await read(name);
      const apis = r.documents.filter((d) => d.type === 'api').map((d) => d.content);
      return {
        operations: apis.length,
        parameters: apis.reduce((n, a) => n + countRows([...a.reqPath, ...a.reqQuery, ...a.reqHeaders, ...a.reqBody]), 0),
        examples: apis.reduce((n, a) => n + a.reqExamples.length + a.responses.reduce((m, x) => m + x.examples.length, 0), 0),
        models: r.documents.filter((d) => d.type === 'model').length,
      };
    };
    expect(await counts('swagger2-petstore.yaml')).toEqual({ operations: 4, parameters: 6, examples: 1, models: 3 });
    expect(await counts('openapi30-apifox.json')).toEqual({ operations: 3, parameters: 5, examples: 3, models: 2 });
    expect(await counts('openapi31-shapes.yaml')).toEqual({ operations: 2, parameters: 3, examples: 0, models: 3 });
  });

  it('imports an invalid description as far as it maps, with what is wrong as warnings', async () => {
    const r = await importInput({
      text: JSON.stringify({ openapi: '3.0.0', paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } } }),
    });
    expect(r.documents.map((d) => d.key)).toEqual(['api:GET /a']);
    expect(r.warnings).toContainEqual({ pointer: '/info', code: 'specRequired', params: { field: 'info' } });
  });

  it('leaves the value it was given as it was', async () => {
    const spec = { swagger: '2.0', info: { title: 't', version: '1' }, paths: {} };
    const { importOpenApi } = await import('./index');
    await importOpenApi(spec);
    expect(spec.swagger).toBe('2.0');
  });

  it('keeps a long summary whole as the API name, cuts the tree title visibly and distinctly, and reports the cut', async () => {
    const long = 'Creates list of users with given input array';
    const cjk = '根据用户编号批量查询用户的详细资料以及其所属团队和角色权限信息';
    const op = (summary: string, description?: string) => ({
      summary,
      ...(description ? { description } : {}),
      tags: ['user'],
      responses: ok,
    });
    const ok = { '200': { description: 'ok' } };
    const r = await importInput({
      text: JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Users', version: '1' },
        paths: {
          '/user/createWithArray': { post: op(long) },
          '/user/createWithList': { post: op(long, 'Takes a list') },
          '/user/batch': { get: op(cjk) },
          '/user/short': { get: op('Short name') },
        },
      }),
    });
    const byKey = (key: string) => api(r, key);
    const first = byKey('api:POST /user/createWithArray');
    const second = byKey('api:POST /user/createWithList');
    expect([first.name, second.name]).toEqual(['Creates list of users with…', 'Creates list of users… (2)']);
    expect([first.content.summary, second.content.summary]).toEqual([long, long]);
    expect([first.content.description, second.content.description]).toEqual([long, 'Takes a list']);
    const batch = byKey('api:GET /user/batch');
    expect(batch.name).toBe(`${[...cjk].slice(0, 29).join('')}…`);
    expect(batch.content.summary).toBe(cjk);
    const short = byKey('api:GET /user/short');
    expect([short.name, short.content.summary]).toEqual(['Short name', undefined]);
    for (const d of r.documents) expect([...d.name].length).toBeLessThanOrEqual(30);
    // The header and the exports show the full name while the title is its short form.
    expect([first, second, batch].map((d) => fullNameOf(d.name, d.content))).toEqual([long, long, cjk]);
    expect(fullNameOf('Renamed by a person', first.content)).toBe('Renamed by a person');
    // The report lists every cut, where it is in the source, in both languages.
    const cuts = r.warnings.filter((w) => w.code === 'shortenedTitle');
    expect(cuts.map((w) => [w.pointer, w.params?.title])).toEqual([
      ['/paths/~1user~1createWithArray/post', 'Creates list of users with…'],
      ['/paths/~1user~1createWithList/post', 'Creates list of users… (2)'],
      ['/paths/~1user~1batch/get', batch.name],
    ]);
    expect(warningText('zh', cuts[0]!)).toBe(`名称过长，目录中显示为「Creates list of users with…」（完整名称：${long}）`);
    expect(warningText('en', cuts[1]!)).toBe(`Name too long for the tree: shown as “Creates list of users… (2)” (full name: ${long})`);
  });

  it('names every file or URL reference where it stands, even in parts it does not map, each once', async () => {
    const elsewhere = { $ref: 'https://example.com/docs.yaml#/Intro' };
    const r = await importInput({
      text: JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Refs', version: '1' },
        paths: { '/a~b/{id}': { get: { responses: { '200': { description: 'ok' } }, 'x-docs': [elsewhere, elsewhere] } } },
        'x-more': { list: [{ $ref: './other.yaml' }] },
      }),
    });
    expect(r.warnings.filter((w) => w.code === 'externalRef').map((w) => [w.pointer, w.params?.ref])).toEqual([
      ['/x-more/list/0', './other.yaml'],
      ['/paths/~1a~0b~1{id}/get/x-docs/1', 'https://example.com/docs.yaml#/Intro'],
    ]);
  });
});
