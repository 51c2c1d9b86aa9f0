import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ApiContent } from '../../schemas/document';
import { importInput } from '../index';

const read = (name: string) => importInput({ bytes: readFileSync(new URL(`./fixtures/${name}`, import.meta.url)), name });

describe('Postman importer', () => {
  it('reads a collection: folders, :id variables, every body mode, saved responses as examples, scripts flagged', async () => {
    const r = await read('shop.postman_collection.json');
    expect(r.format).toBe('postman');
    expect(r.documents.map((d) => [d.key, d.folder])).toEqual([
      ['api:GET /orders/{}', ['Orders']],
      ['api:POST /orders', ['Orders']],
      ['api:POST /login', []],
      ['api:PUT /files/{}', []],
      ['api:POST /graphql', []],
    ]);
    const get = r.documents[0]!.content as ApiContent;
    expect(get.path).toBe('/orders/{orderId}');
    expect(get.reqPath[0]).toMatchObject({ name: 'orderId', value: '42', description: 'The order', required: true });
    expect(get.reqQuery[0]).toMatchObject({ name: 'expand', value: 'lines', description: 'What to include' });
    expect(get.reqHeaders.map((h) => h.name)).toEqual(['Accept']);
    expect(get.responses.map((x) => [x.status, x.examples.length])).toEqual([
      ['200', 1],
      ['404', 1],
    ]);
    expect(get.responses[0]!.body.map((p) => p.name)).toEqual(['id', 'lines']);
    expect(JSON.parse(get.responses[0]!.examples[0]!.value)).toEqual({ id: 42, lines: [{ sku: 'A-1' }] });

    const create = r.documents[1]!.content as ApiContent;
    expect(create.requestType).toBe('json');
    expect(create.reqBody.map((p) => [p.name, p.type, p.value])).toEqual([
      ['sku', 'string', 'A-1'],
      ['qty', 'integer', '2'],
    ]);
    // A request's test event is its API's post-response script, run in the Run tab, not text in the description.
    expect(create.scripts).toEqual({ pre: '', post: "pm.test('created', () => pm.response.to.have.status(201));" });
    expect(create.description).not.toContain('pm.test');
    expect((r.documents[2]!.content as ApiContent).requestType).toBe('form');
    const upload = r.documents[3]!.content as ApiContent;
    expect(upload.reqBody.map((p) => [p.name, p.type])).toEqual([
      ['file', 'file'],
      ['title', 'string'],
    ]);
    expect((r.documents[4]!.content as ApiContent).reqExamples[0]!.value).toContain('orders { id }');

    // The collection's own script has no API to belong to: flagged.
    expect(r.warnings.filter((w) => w.code === 'script').map((w) => w.pointer)).toEqual(['/event/0']);
    expect(r.project.environments[0]!.variables).toEqual([
      { name: 'baseUrl', value: 'https://shop.example.com' },
      { name: 'apiKey', value: '', secret: true },
    ]);
  });

  it('reads an environment file, leaving secrets blank', async () => {
    const r = await read('staging.postman_environment.json');
    expect(r.format).toBe('postman-environment');
    expect(r.documents).toEqual([]);
    expect(r.project.environments).toEqual([
      {
        name: 'Staging',
        variables: [
          { name: 'baseUrl', value: 'https://staging.example.com' },
          { name: 'token', value: '', secret: true },
        ],
      },
    ]);
  });
});
