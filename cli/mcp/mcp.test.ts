import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';
import { resolveRefs } from './resolve';
import { searchApis } from './server';
import type { TreeNode } from './open-api';

describe('get_api resolves an OpenAPI fragment', () => {
  it('inlines the models an operation names, keeping a $ref sibling, and drops components nothing needs', () => {
    const doc = {
      openapi: '3.1.0',
      paths: {
        '/pets/{id}': {
          get: {
            responses: {
              '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet', description: 'The pet' } } } },
              '404': { $ref: '#/components/responses/Missing' },
            },
          },
        },
      },
      components: {
        schemas: {
          Pet: { type: 'object', properties: { tag: { $ref: '#/components/schemas/Tag' } } },
          Tag: { type: 'string' },
          Unused: { type: 'number' },
        },
        responses: { Missing: { description: 'No such pet' } },
      },
    };
    expect(resolveRefs(doc)).toEqual({
      openapi: '3.1.0',
      paths: {
        '/pets/{id}': {
          get: {
            responses: {
              '200': {
                content: {
                  'application/json': { schema: { type: 'object', properties: { tag: { type: 'string' } }, description: 'The pet' } },
                },
              },
              '404': { description: 'No such pet' },
            },
          },
        },
      },
    });
  });

  it('a model that refers back to itself stays a $ref once, and its schema is kept', () => {
    const doc = {
      paths: {
        '/pets': { get: { responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } } } },
      },
      components: { schemas: { Pet: { type: 'object', properties: { parent: { $ref: '#/components/schemas/Pet' } } } } },
    };
    const resolved = resolveRefs(doc) as { paths: Record<string, unknown>; components: unknown };
    expect(JSON.stringify(resolved.paths)).toBe(
      JSON.stringify({
        '/pets': {
          get: {
            responses: {
              '200': {
                content: {
                  'application/json': { schema: { type: 'object', properties: { parent: { $ref: '#/components/schemas/Pet' } } } },
                },
              },
            },
          },
        },
      }),
    );
    expect(resolved.components).toEqual({
      schemas: { Pet: { type: 'object', properties: { parent: { $ref: '#/components/schemas/Pet' } } } },
    });
  });

  it('leaves references it cannot follow as they are', () => {
    const doc = { a: { $ref: '#/components/schemas/Nope' }, b: { $ref: 'https://example.com/x.json' } };
    expect(resolveRefs(doc)).toEqual(doc);
  });
});

describe('search_apis', () => {
  const node = (id: string, name: string, method: string, path: string, folderPath = ''): TreeNode => ({
    id,
    parentId: '',
    name,
    type: 'api',
    method,
    path,
    folderPath,
  });
  const nodes: TreeNode[] = [
    node('1', 'Get a pet', 'GET', '/pets/{id}', 'Pets'),
    node('2', 'Add a pet', 'POST', '/pets', 'Pets'),
    node('3', 'Place an order', 'POST', '/orders', 'Store / Orders'),
    { id: '4', parentId: '', name: 'Pet guide', type: 'doc', folderPath: 'Pets' },
  ];

  it('matches every word, any case, in the name, method, path or folder; only HTTP APIs', () => {
    expect(searchApis(nodes, 'pet').map((m) => m.id)).toEqual(['1', '2']);
    expect(searchApis(nodes, 'POST pets').map((m) => m.id)).toEqual(['2']);
    expect(searchApis(nodes, 'store')).toEqual([
      { id: '3', name: 'Place an order', method: 'POST', path: '/orders', folder: 'Store / Orders' },
    ]);
    expect(searchApis(nodes, '  ').map((m) => m.id)).toEqual(['1', '2', '3']);
    expect(searchApis(nodes, 'guide')).toEqual([]);
  });
});

describe('apiloom mcp arguments', () => {
  it('reads the project from its flag, the address and token from flags or the environment', () => {
    const env = { APILOOM_URL: 'https://docs.example.com/api', APILOOM_TOKEN: 'apl_secret' };
    expect(parseArgs(['mcp', '--project', 'P'], env)).toEqual({ projectId: 'P', url: env.APILOOM_URL, token: 'apl_secret' });
    expect(parseArgs(['--project=P', '--url', 'http://127.0.0.1:3000/api'], env)).toMatchObject({ url: 'http://127.0.0.1:3000/api' });
    expect(parseArgs(['mcp'], env)).toEqual({ error: '--project is required' });
    expect(parseArgs(['--project', 'P'], {})).toEqual({ error: 'Set APILOOM_URL (or --url) to the API base' });
    expect(parseArgs(['--project', 'P', '--url', 'u'], {})).toEqual({
      error: 'Set APILOOM_TOKEN (or --token) to a read token of the project',
    });
    expect(parseArgs(['--project', 'P', '--verbose'], env)).toEqual({ error: 'Unknown argument: --verbose' });
  });
});
