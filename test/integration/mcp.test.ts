/**
 * `apiloom mcp` (issue 26) answering the official SDK's own client over stdio: the built CLI, which runs the
 * server's own bundle beside it, as a separate process, reading a project of the local stack through the open API with a read token. Search finds the
 * project's HTTP APIs, get_api answers an OpenAPI fragment whose $ref'd model is resolved, get_page answers
 * markdown, and a bad token or a document of another kind is a tool error that says so.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectTokenScope } from '@shared/constants';
import { buildCli } from '../../scripts/build-cli';
import { buildMcp } from '../../scripts/build-mcp';
import { useLocalApi } from '../support/local-api';
import { projectToWrite, row } from '../support/project-documents';

const api = useLocalApi();
let cli = '';
const clients: Client[] = [];

// The two bundles as `npm run build:cli` lays them out: the CLI, and the MCP server beside it, which `apiloom mcp` runs.
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'apiloom-cli-'));
  [cli] = await Promise.all([buildCli(join(dir, 'apiloom.mjs')), buildMcp(join(dir, 'mcp.mjs'))]);
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

/** The SDK's client, connected to `apiloom mcp --project P` (the built CLI running the server's bundle) with this token. */
async function connect(projectId: string, token: string) {
  const client = new Client({ name: 'apiloom-test', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'mcp', '--project', projectId],
    env: { APILOOM_URL: `${api.url()}/api`, APILOOM_TOKEN: token, PATH: process.env.PATH ?? '' },
    stderr: 'pipe',
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function project() {
  const { owner, project: p, create } = await projectToWrite(api, 'Maker', { name: 'Pet Store' });
  const folder = await create('Pets', { type: 'folder' });
  const pet = await create('Pet', {
    type: 'model',
    parentId: folder.id,
    content: { name: 'Pet', schema: [row('id', 'integer'), row('name', 'string')] },
  });
  const getPet = await create('Get a pet', {
    type: 'api',
    parentId: folder.id,
    content: {
      method: 'GET',
      path: '/pets/{id}',
      description: 'Reads one pet.',
      reqPath: [row('id', 'integer', { required: true })],
      responses: [{ status: '200', body: [row('', 'object', { ref: pet.id })] }],
    },
  });
  const addPet = await create('Add a pet', {
    type: 'api',
    parentId: folder.id,
    content: { method: 'POST', path: '/pets', description: 'Adds one.' },
  });
  const order = await create('Place an order', { type: 'api', content: { method: 'POST', path: '/orders', description: 'Orders.' } });
  const guide = await create('Guide', { content: { markdown: 'Read **this** first.' } });
  const token = async (scopes: ProjectTokenScope[]) => {
    const res = await api.call('token.create', {
      token: owner.token,
      body: { projectId: p.id, name: `mcp ${scopes.join(' ')}`, scopes, expiresInDays: 30 },
    });
    expect(res.code, res.message).toBe(0);
    return res.data.secret;
  };
  return { p, folder, pet, getPet, addPet, order, guide, token };
}

type ToolResult = { content: { type: string; text: string }[]; isError?: boolean };
const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as ToolResult;
const textOf = (r: ToolResult) => r.content.map((c) => c.text).join('\n');

describe('apiloom mcp, through the SDK client over stdio', () => {
  it(
    'lists its four tools (get_changes: test/integration/changes.test.ts), searches the APIs, reads one as OpenAPI with its model resolved, and a page as markdown',
    { timeout: 90_000 },
    async () => {
      const s = await project();
      const client = await connect(s.p.id, await s.token(['read']));
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['get_api', 'get_changes', 'get_page', 'search_apis']);

      const found = await call(client, 'search_apis', { query: 'pet' });
      expect(found.isError).toBeFalsy();
      expect(JSON.parse(textOf(found))).toEqual([
        { id: s.addPet.id, name: 'Add a pet', method: 'POST', path: '/pets', folder: 'Pets' },
        { id: s.getPet.id, name: 'Get a pet', method: 'GET', path: '/pets/{id}', folder: 'Pets' },
      ]);
      const orders = JSON.parse(textOf(await call(client, 'search_apis', { query: 'POST orders' }))) as { id: string }[];
      expect(orders.map((m) => m.id)).toEqual([s.order.id]);
      expect(JSON.parse(textOf(await call(client, 'search_apis', { query: '' })))).toHaveLength(3);

      const fragment = await call(client, 'get_api', { id: s.getPet.id });
      expect(fragment.isError).toBeFalsy();
      const openapi = JSON.parse(textOf(fragment)) as {
        openapi: string;
        paths: Record<string, Record<string, unknown>>;
        components?: unknown;
      };
      expect(openapi.openapi).toMatch(/^3\.1/);
      const get = openapi.paths['/pets/{id}']!.get as { responses: Record<string, { content: Record<string, { schema: unknown }> }> };
      // The model the response names, in place: no reference left to follow.
      expect(JSON.stringify(openapi)).not.toContain('$ref');
      expect(get.responses['200']!.content['application/json']!.schema).toMatchObject({
        type: 'object',
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
      });

      const page = await call(client, 'get_page', { id: s.guide.id });
      expect(page.isError).toBeFalsy();
      expect(textOf(page)).toContain('# Guide');
      expect(textOf(page)).toContain('Read **this** first.');
      expect(textOf(await call(client, 'get_page', { id: s.getPet.id }))).toContain('GET /pets/{id}');

      // A page is not an HTTP API; an unknown id is not found.
      const notApi = await call(client, 'get_api', { id: s.guide.id });
      expect(notApi.isError).toBe(true);
      expect(textOf(notApi)).toContain('not an HTTP API');
      const missing = await call(client, 'get_page', { id: `${s.p.id}_ZZZZZZZZZZZZ` });
      expect(missing.isError).toBe(true);
      expect(textOf(missing)).toContain('404');
    },
  );

  it(
    'a bad token, or one without the read scope, is a tool error that says what to do and never shows the token',
    { timeout: 90_000 },
    async () => {
      const s = await project();
      const wrong = `apl_${'x'.repeat(40)}`;
      for (const [token, status, advice] of [
        [wrong, '401', 'APILOOM_TOKEN'],
        [await s.token(['import']), '403', 'read scope'],
      ] as const) {
        const client = await connect(s.p.id, token);
        const res = await call(client, 'search_apis', { query: 'pet' });
        expect(res.isError).toBe(true);
        expect(textOf(res)).toContain(`Apiloom answered ${status}`);
        expect(textOf(res)).toContain(advice);
        expect(textOf(res)).not.toContain(token);
      }
    },
  );
});
