/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- a written description read as plain JSON */
import { validate } from '@scalar/openapi-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { importInput } from '../../../shared/import';
import type { ApiContent, ParamItem } from '../../../shared/schemas/document';
import { countsOf, countsOfFile, FIXTURE_IDS, fixtureFile, fixtureOptions } from '../test-fixture';
import { openApiOf, writeOpenApiJson, writeOpenApiYaml } from '.';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the description's shape is what the test checks
type Obj = Record<string, any>;

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('OpenAPI 3.1 writer', () => {
  it('writes a description the OpenAPI parser validates, in JSON and in YAML alike', async () => {
    const json = await writeOpenApiJson(fixtureFile(), fixtureOptions());
    const yaml = await writeOpenApiYaml(fixtureFile(), fixtureOptions());
    expect([json.extension, json.contentType, yaml.extension, yaml.contentType]).toEqual([
      'json',
      'application/json',
      'yaml',
      'application/yaml',
    ]);
    const fromJson = JSON.parse(text(json.body)) as Obj;
    expect(parse(text(yaml.body))).toEqual(fromJson);
    const result = await validate(fromJson);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(fromJson.openapi).toBe('3.1.0');
    expect(fromJson.info).toMatchObject({ title: '用户中心 User Center', description: '示例项目 A sample project' });
  });

  it('keeps models as components with $ref (a cycle included), every status, examples and each constraint', () => {
    const spec: Obj = openApiOf(fixtureFile());
    const { User, Group } = spec.components.schemas;
    expect(User.properties.group).toEqual({ $ref: '#/components/schemas/Group', description: 'The group 所属组' });
    expect(Group.properties.owner).toEqual({ $ref: '#/components/schemas/User' });
    expect(Group.properties.members).toEqual({ type: 'array', items: { $ref: '#/components/schemas/User' } });
    expect(User.required).toEqual(['id', 'name']);
    expect(User.properties.id).toMatchObject({
      type: 'integer',
      format: 'int64',
      minimum: 1,
      examples: [42],
      description: '用户编号 User id',
    });
    expect(User.properties.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 30, pattern: '^\\S+$', examples: ['张三'] });
    expect(User.properties.email).toMatchObject({ type: ['string', 'null'], format: 'email' });
    expect(User.properties.role).toMatchObject({ enum: ['admin', 'member'], default: 'member' });
    expect(User.properties.score).toMatchObject({ minimum: 0, exclusiveMaximum: 100 });
    expect(User.properties.legacyFlag).toMatchObject({ type: 'boolean', deprecated: true });
    expect(User.properties.address.properties.geo.properties.lat).toMatchObject({ type: 'number', examples: [39.9] });
    expect(User.properties.tags).toMatchObject({ type: 'array', items: { type: 'string' }, maxItems: 5, examples: [['a', 'b']] });
    expect(User.properties.contact.oneOf).toHaveLength(2);
    expect(User['x-apifox-folder']).toBe('用户 Users');

    const get = spec.paths['/users/{id}'].get;
    expect(Object.keys(get.responses)).toEqual(['200', '404']);
    expect(get.responses['200'].content['application/json'].example).toEqual({ id: 42, name: '张三' });
    expect(Object.keys(get.responses['200'].content['application/json'].examples)).toEqual(['admin']);
    expect(get.responses['200'].headers['X-Rate-Limit'].schema).toMatchObject({ type: 'integer' });
    expect(get.parameters.map((p: Obj) => `${p.in}:${p.name}`)).toEqual([
      'path:id',
      'query:fields',
      'query:verbose',
      'header:X-Trace',
      'cookie:session',
    ]);
    expect(get.parameters[1].schema).toEqual({ type: 'array', items: { type: 'string', enum: ['name', 'email'] } });
    // Variables stay as written.
    expect(get.parameters[3].schema.examples).toEqual(['{{traceId}}']);
    expect(get).toMatchObject({
      summary: '获取用户 Get user',
      operationId: 'getUser',
      tags: ['用户 Users'],
      'x-apifox-folder': '用户 Users',
    });

    const post = spec.paths['/users'].post;
    expect(post['x-apifox-folder']).toBe('用户 Users/管理 Admin');
    expect(post.tags).toEqual(['管理 Admin']);
    expect(post.requestBody.content['application/json'].schema.properties.profile.allOf[0]).toEqual({ $ref: '#/components/schemas/User' });
    expect(post.requestBody.content['application/json'].schema.properties.members).toMatchObject({
      type: 'array',
      items: { type: 'object' },
    });
    expect(post.responses['201'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/User' });
    expect(post.security).toEqual([]);
    // `:id` is OpenAPI's `{id}`; a deprecated API is deprecated.
    expect(spec.paths['/users/{id}'].delete).toMatchObject({ deprecated: true, 'x-apifox-status': 'deprecated' });

    expect(spec.servers).toEqual([{ url: 'https://api.example.com/v1', description: '生产 Prod' }]);
    expect(spec.components.securitySchemes).toEqual({ bearer: { type: 'http', scheme: 'bearer' } });
    expect(spec.tags.map((t: Obj) => t.name)).toEqual(['用户 Users', '管理 Admin']);
  });

  it("takes the project's imported servers when no environment has a base URL", () => {
    const file = fixtureFile();
    file.project.environments = [];
    expect(openApiOf(file).servers).toEqual([{ url: 'https://imported.example.com', description: 'imported' }]);
  });

  it('re-imports (JSON and YAML) to the same documents: operations, parameters, responses, examples, models, folders', async () => {
    const file = fixtureFile();
    const expected = countsOfFile(file);
    expect(expected).toEqual({ operations: 3, parameters: 37, responses: 5, examples: 4, models: 2 });
    for (const writer of [writeOpenApiJson, writeOpenApiYaml]) {
      const out = await writer(file, fixtureOptions());
      const back = await importInput({ bytes: out.body, name: `x.${out.extension}` });
      expect(back.format).toBe('openapi');
      expect(back.warnings).toEqual([]);
      const post = back.documents.find((d) => d.key === 'api:POST /users')!;
      expect([post.name, post.folder]).toEqual(['创建用户 Create user', ['用户 Users', '管理 Admin']]);
      const user = back.documents.find((d) => d.key === 'model:User')!;
      expect(user.folder).toEqual(['用户 Users']);
      // One difference, on purpose: the import merges an allOf of objects (profile: the User model and an extra
      // field, written as allOf) into one object's fields, so the model's rows join the count.
      const profile = (post.content as ApiContent).reqBody.find((p) => p.name === 'profile')!;
      const userFields = (user.content as { schema: ParamItem[] }).schema;
      expect(profile.combine).toBeUndefined();
      expect(profile.children.map((p) => p.name)).toEqual([...userFields.map((p) => p.name), 'extra']);
      const rows = (items: ParamItem[]): number => items.reduce((n, p) => n + 1 + rows(p.children), 0);
      // The composition's three rows (the model reference, an object, extra in it) give way to the model's rows and extra.
      expect(countsOf(back.documents)).toEqual({ ...expected, parameters: expected.parameters - 3 + rows(userFields) + 1 });
    }
  });

  it("writes an API's full name (a summary its tree title had to cut) as the summary, and a re-import gives title and name back", async () => {
    const full = 'Creates list of users with given input array';
    const file = fixtureFile();
    const get = file.nodes.find((n) => n.id === FIXTURE_IDS.getUser)!;
    get.name = 'Creates list of users with…';
    (get.content as { summary?: string }).summary = full;
    const written: Obj = openApiOf(file);
    expect(written.paths['/users/{id}'].get.summary).toBe(full);
    const back = await importInput({ bytes: (await writeOpenApiJson(file, fixtureOptions())).body, name: 'x.json' });
    const again = back.documents.find((d) => d.key === 'api:GET /users/{}')!;
    expect(again.name).toBe('Creates list of users with…');
    expect((again.content as { summary?: string }).summary).toBe(full);
    // Renamed in the tree: the person's title is the name.
    get.name = 'Bulk create';
    const renamed: Obj = openApiOf(file);
    expect(renamed.paths['/users/{id}'].get.summary).toBe('Bulk create');
  });

  it('keeps an example that holds a $ref key as text, so readers do not take it for a reference (GitHub has such)', async () => {
    const file = fixtureFile();
    const get = file.nodes.find((n) => n.id === FIXTURE_IDS.getUser)!;
    const content = get.content as { responses: { examples: { name: string; value: string }[] }[] };
    content.responses[1]!.examples.push({ name: 'ref', value: '{"$ref":"#/components/examples/issue"}' });
    const out = await writeOpenApiJson(file, fixtureOptions());
    const result = await validate(JSON.parse(text(out.body)));
    expect(result.errors).toEqual([]);
    const back = await importInput({ bytes: out.body, name: 'x.json' });
    const api = back.documents.find((d) => d.key === 'api:GET /users/{}')!.content as { responses: { examples: { value: string }[] }[] };
    expect(api.responses[1]!.examples.map((e) => e.value)).toContain('{"$ref":"#/components/examples/issue"}');
  });
});
