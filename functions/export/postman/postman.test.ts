import { Collection, VariableScope, type Item } from 'postman-collection';
import { describe, expect, it } from 'vitest';
import { importInput } from '../../../shared/import';
import { fixtureFile, fixtureOptions } from '../test-fixture';
import { writePostman, writePostmanEnvironment } from '.';

const jsonOf = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as object;

describe('Postman writers', () => {
  it('writes a collection 2.1 that postman-collection reads: folders from the tree, variables kept, saved examples', async () => {
    const out = await writePostman(fixtureFile(), fixtureOptions());
    expect([out.extension, out.contentType]).toEqual(['json', 'application/json']);
    const collection = new Collection(jsonOf(out.body));
    expect(collection.name).toBe('用户中心 User Center');
    const requests: Item[] = [];
    collection.forEachItem((item) => void requests.push(item));
    expect(requests.map((r) => r.name)).toEqual(['获取用户 Get user', '创建用户 Create user', 'Delete user 删除用户']);
    expect(collection.items.map((i) => i.name)).toEqual(['用户 Users']);
    const get = requests[0]!;
    expect(get.request.method).toBe('GET');
    expect(get.request.url.path).toEqual(['users', ':id']);
    // The path variable's value fills `:id`; `{{baseUrl}}` stays for the environment.
    expect(get.request.url.toString()).toBe('{{baseUrl}}/users/42?fields=&verbose=');
    expect(get.request.url.variables.get('id')).toBe('42');
    expect(get.request.headers.get('X-Trace')).toBe('{{traceId}}');
    expect(get.responses.map((r) => [r.name, r.code])).toEqual([
      ['200 成功 OK', 200],
      ['admin', 200],
      ['missing', 404],
    ]);
    expect(JSON.parse(get.responses.idx(0).body)).toEqual({ id: 42, name: '张三' });
    const post = requests[1]!;
    expect(post.request.body?.mode).toBe('raw');
    expect(JSON.parse(post.request.body?.raw ?? '')).toEqual({ name: '李四' });
    // A response without an example still has its saved response, with its rows' example values.
    expect(post.responses.map((r) => r.code)).toEqual([201, 400]);
    expect(JSON.parse(post.responses.idx(1).body)).toEqual({ error: 'invalid' });
    expect(requests[2]!.request.url.getPath()).toBe('/users/:id');
    expect(collection.variables.get('baseUrl')).toBe('https://api.example.com/v1');
  });

  it('re-imports to the same requests, folders, statuses and examples', async () => {
    const back = await importInput({
      bytes: (await writePostman(fixtureFile(), fixtureOptions())).body,
      name: 'x.postman_collection.json',
    });
    expect(back.format).toBe('postman');
    expect(back.warnings).toEqual([]);
    const apis = back.documents.filter((d) => d.type === 'api');
    expect(apis.map((d) => [d.key, d.name, d.folder])).toEqual([
      ['api:GET /users/{}', '获取用户 Get user', ['用户 Users']],
      ['api:POST /users', '创建用户 Create user', ['用户 Users', '管理 Admin']],
      ['api:DELETE /users/{}', 'Delete user 删除用户', ['用户 Users', '管理 Admin']],
    ]);
    const get = apis[0]!.content as { responses: { status: string; examples: unknown[] }[]; reqQuery: unknown[]; reqPath: unknown[] };
    expect(get.responses.map((r) => [r.status, r.examples.length])).toEqual([
      ['200', 2],
      ['404', 1],
    ]);
    expect([get.reqPath.length, get.reqQuery.length]).toEqual([1, 2]);
  });

  it("writes an API's request scripts as Postman's prerequest and test events, and reads them back as scripts", async () => {
    const file = fixtureFile();
    const get = file.nodes.find((n) => n.type === 'api')!;
    const scripts = {
      pre: "pm.environment.set('sentAt', Date.now());\npm.request.headers.upsert({ key: 'X-A', value: '1' });",
      post: "pm.test('ok', () => pm.response.to.have.status(200));",
    };
    get.content = { ...(get.content as object), scripts };
    const out = await writePostman(file, fixtureOptions());
    interface RawItem {
      name: string;
      item?: RawItem[];
      event?: { listen: string; script: { type: string; exec: string[] } }[];
    }
    const requests: RawItem[] = [];
    const walk = (items: RawItem[]) => items.forEach((i) => (i.item ? walk(i.item) : requests.push(i)));
    walk((jsonOf(out.body) as { item: RawItem[] }).item);
    expect(requests[0]!.event).toEqual([
      { listen: 'prerequest', script: { type: 'text/javascript', exec: scripts.pre.split('\n') } },
      { listen: 'test', script: { type: 'text/javascript', exec: [scripts.post] } },
    ]);
    // The other APIs have none; postman-collection still reads the collection.
    expect(requests.slice(1).map((r) => r.event)).toEqual([undefined, undefined]);
    expect(new Collection(jsonOf(out.body)).name).toBe('用户中心 User Center');
    const back = await importInput({ bytes: out.body, name: 'x.postman_collection.json' });
    expect(back.warnings).toEqual([]);
    expect((back.documents.find((d) => d.type === 'api')!.content as { scripts?: unknown }).scripts).toEqual(scripts);
  });

  it('writes the environment postman-collection reads, secret values blank, the base URL as baseUrl', async () => {
    const file = fixtureFile();
    file.project.environments[0]!.variables[0]!.value = 'leaked?';
    const env = jsonOf((await writePostmanEnvironment(file, fixtureOptions())).body) as {
      name: string;
      values: { key: string; value: string; type: string }[];
    };
    const scope = new VariableScope(env);
    expect(env.name).toBe('生产 Prod');
    expect(scope.get('baseUrl')).toBe('https://api.example.com/v1');
    expect(scope.get('host')).toBe('api.example.com');
    expect(env.values.find((v) => v.key === 'token')).toEqual({ key: 'token', value: '', type: 'secret', enabled: true });
    const back = await importInput({ bytes: new TextEncoder().encode(JSON.stringify(env)), name: 'x.postman_environment.json' });
    expect(back.project.environments[0]!.variables.find((v) => v.name === 'token')).toEqual({ name: 'token', value: '', secret: true });
  });
});
