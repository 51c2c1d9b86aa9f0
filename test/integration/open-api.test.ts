/**
 * Project tokens and the open API (issue 26) on DynamoDB Local and s3rver: editors make, list and revoke tokens;
 * a token pushes a file through /open/v1 (the import screen's job: upload, start, poll), an unchanged push writes
 * nothing, a dry run writes nothing, delete-missing deletes; it reads the tree and documents (as Apiloom, OpenAPI
 * with the models a document uses, markdown) and pulls an export; and it is refused with the HTTP status a CLI
 * acts on: wrong scope 403, revoked or expired 401, another project's 404, no token 401, a session 401. The open
 * API's own OpenAPI file is served as generated and validates.
 */
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument -- written descriptions read as plain JSON */
import { validate } from '@scalar/openapi-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { OPEN_API_REQUESTS_PER_TOKEN, type ProjectTokenScope } from '@shared/constants';
import { ERRORS } from '@shared/errors';
import { buildPath, routes, type RouteId, type RouteResponse } from '@shared/routes';
import { importKeys, keys, tokenKeys } from '../../functions/data/keys';
import { assignMember } from '../../functions/domain/members';
import { createProjectToken } from '../../functions/domain/project-tokens';
import { openApiDescription } from '../../scripts/open-openapi';
import openApiFile from '../../functions/services/open/openapi.json';
import type { Faults } from '../support/faults';
import { importThrough, jobOver } from '../support/import-steps';
import { signUp, useLocalApi, type ApiResponse, type RouteCall } from '../support/local-api';
import { recordTableWrites } from '../support/table-writes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the description's shape is what the test checks
type Obj = Record<string, any>;

const api = useLocalApi();
const harnesses: Faults[] = [];
afterEach(() => {
  while (harnesses.length) harnesses.pop()!.restore();
});

const spec = (paths: Record<string, unknown>, schemas: Record<string, unknown> = {}) =>
  JSON.stringify({ openapi: '3.0.3', info: { title: 'Pets', version: '1' }, paths, components: { schemas } });
const op = (summary: string, extra: Record<string, unknown> = {}) => ({ summary, responses: { '200': { description: 'ok' } }, ...extra });
const PETS = spec(
  {
    '/pets': {
      get: op('List pets', {
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
      }),
    },
    '/pets/{id}': { get: op('Get a pet'), delete: op('Delete a pet') },
  },
  {
    Pet: { type: 'object', properties: { id: { type: 'integer' }, owner: { $ref: '#/components/schemas/Owner' } } },
    Owner: { type: 'object', properties: { name: { type: 'string' } } },
    Unused: { type: 'object', properties: { x: { type: 'string' } } },
  },
);

/** The open API's routes on a project (all but its OpenAPI file), and a call of one with the project filled in. */
type ProjectOpenRoute = Exclude<Extract<RouteId, `open.${string}`>, 'open.openapi'>;
type OpenRequest<Id extends ProjectOpenRoute> = Partial<Omit<RouteCall<Id>, 'params'>> & { params?: Record<string, string> };

async function setup() {
  const user = await signUp('Open');
  const project = (await api.call('project.create', { token: user.token, body: { name: 'Open' } })).data;
  const makeToken = async (scopes: ProjectTokenScope[], name = 'CI') => {
    const res = await api.call('token.create', {
      token: user.token,
      body: { projectId: project.id, name, scopes, expiresInDays: 30 },
    });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  /** A route of the open API on this project, with a project token's secret. */
  const open = <Id extends ProjectOpenRoute>(secret: string, id: Id, request: OpenRequest<Id> = {}) =>
    api.callAny(id, {
      ...request,
      params: { projectId: project.id, ...request.params },
      headers: { authorization: `Bearer ${secret}`, ...request.headers },
    }) as Promise<ApiResponse<RouteResponse<Id>>>;

  /** The open API's routes for an import's steps (test/support/import-steps.ts): push a file as a CLI does. */
  const push = (secret: string, text: string, options: Record<string, unknown> = {}, name = 'openapi.json') =>
    importThrough(
      {
        ticket: (file, size) => open(secret, 'open.importUpload', { body: { name: file, size } }),
        start: (id, opts) => open(secret, 'open.importStart', { body: { id, ...opts } }),
        job: (id) => open(secret, 'open.importGet', { params: { id } }),
      },
      name,
      new TextEncoder().encode(text),
      options,
    );
  return { ...user, project, makeToken, open, push };
}

/** Table writes a block makes, by sort key, leaving out the job's own item, the token's last use and its request count. */
function tableWrites(): string[] {
  const { writes, harness } = recordTableWrites([importKeys.job('', '').sk, tokenKeys.token('').sk, keys.throttle('openApiToken', '').sk]);
  harnesses.push(harness);
  return writes;
}

describe('project tokens', () => {
  it('are made by editors with the secret shown once, listed without it, and revoked at once', async () => {
    const s = await setup();
    const made = await s.makeToken(['import', 'read']);
    expect(made.secret).toMatch(/^apl_[A-Za-z0-9_-]{43}$/);
    expect(made.token).toMatchObject({ name: 'CI', scopes: ['import', 'read'], state: 'active', lastUsedAt: null });
    expect(made.secret.startsWith(made.token.hint)).toBe(true);
    const listed = await api.call('token.list', { params: { projectId: s.project.id }, token: s.token });
    expect(listed.data.tokens.map((t) => t.id)).toEqual([made.token.id]);
    expect(JSON.stringify(listed.data)).not.toContain(made.secret);

    // A use is noted (last use), and the token works until it is revoked; then the very next request is refused.
    expect((await s.open(made.secret, 'open.tree')).status).toBe(200);
    const after = await api.call('token.list', { params: { projectId: s.project.id }, token: s.token });
    expect(after.data.tokens[0]!.lastUsedAt).not.toBeNull();
    const revoked = await api.call('token.revoke', { params: { id: made.token.id }, token: s.token });
    expect(revoked.data.token.state).toBe('revoked');
    const refused = await s.open(made.secret, 'open.tree', { headers: { 'accept-language': 'en' } });
    expect([refused.status, refused.code, refused.message]).toEqual([
      401,
      ERRORS.tokenInvalid.code,
      'The project token is invalid or revoked',
    ]);
    const zh = await s.open(made.secret, 'open.tree');
    expect(zh.message).toBe('项目令牌无效或已撤销');
  });

  it('refuse with the status a CLI acts on: wrong scope 403, expired 401, another project 404, none 401, a session 401', async () => {
    const s = await setup();
    const other = await setup();
    const reader = await s.makeToken(['read']);
    const importer = await s.makeToken(['import']);
    const theirs = await other.makeToken(['import', 'read']);
    const expired = await createProjectToken(
      { projectId: s.project.id, name: 'old', scopes: ['import', 'read'], expiresInDays: 1, editor: { id: s.userId, name: 'x' } },
      new Date(Date.now() - 2 * 86_400_000),
    );
    const upload = { body: { name: 'a.json', size: 10 }, headers: { 'accept-language': 'en' } };
    const scoped = await s.open(reader.secret, 'open.importUpload', upload);
    expect([scoped.status, scoped.code, scoped.message]).toEqual([
      403,
      ERRORS.tokenScope.code,
      'The project token may not do this (it needs import)',
    ]);
    expect((await s.open(importer.secret, 'open.tree')).status).toBe(403);
    expect((await s.open(importer.secret, 'open.importUpload', upload)).status).toBe(200);
    const old = await s.open(expired.secret, 'open.tree');
    expect([old.status, old.code]).toEqual([401, ERRORS.tokenExpired.code]);
    const foreign = await s.open(theirs.secret, 'open.tree');
    expect([foreign.status, foreign.code]).toEqual([404, ERRORS.notFound.code]);
    const none = await api.call('open.tree', { params: { projectId: s.project.id } });
    expect([none.status, none.code]).toEqual([401, ERRORS.notLoggedIn.code]);
    // A signed-in editor's session is no token: the open API never reads sessions.
    const session = await api.call('open.tree', { params: { projectId: s.project.id }, token: s.token });
    expect([session.status, session.code]).toEqual([401, ERRORS.notLoggedIn.code]);
    // And a token signs in nowhere else.
    const elsewhere = await api.call('token.list', {
      params: { projectId: s.project.id },
      headers: { authorization: `Bearer ${reader.secret}` },
    });
    expect(elsewhere.code).toBe(ERRORS.notLoggedIn.code);
    const junk = await s.open('apl_short', 'open.tree');
    expect([junk.status, junk.code]).toEqual([401, ERRORS.tokenInvalid.code]);
    const invalid = await s.open(reader.secret, 'open.document', { params: { docId: 'nope' } });
    expect(invalid.status).toBe(422);
  });
});

// Issue 37: an editor made a read+import token, was removed from the project, and the token still read the tree
// and imported; the same after the maker deleted their account. A token acts with at most its maker's role now.
describe('a token and its maker', { timeout: 120_000 }, () => {
  type Person = Awaited<ReturnType<typeof signUp>>;
  const assign = (owner: Person, projectId: string, who: Person, role: 'edit' | 'view' | 'none') =>
    api.call('member.assign', { params: { projectId, userId: who.userId, role }, token: owner.token });
  /** A token the editor makes on the owner's project, and the two things it does. */
  async function editorsToken(owner: Person, projectId: string, editor: Person) {
    // A colleague the owner could add from the member screen: written straight to the table.
    await assignMember(projectId, editor.userId, 'edit');
    const made = await api.call('token.create', {
      token: editor.token,
      body: { projectId, name: 'CI', scopes: ['import', 'read'], expiresInDays: 30 },
    });
    expect(made.code, made.message).toBe(0);
    const bearer = { authorization: `Bearer ${made.data.secret}` };
    return {
      read: () => api.call('open.tree', { params: { projectId }, headers: bearer }),
      upload: () => api.call('open.importUpload', { params: { projectId }, headers: bearer, body: { name: 'a.json', size: 10 } }),
    };
  }
  const revoked = (res: { status: number; code: number }) => expect([res.status, res.code]).toEqual([401, ERRORS.tokenInvalid.code]);

  it('reads and imports while the maker edits, imports no more once the maker only views, and nothing once removed', async () => {
    const s = await setup();
    const editor = await signUp('Editor');
    const token = await editorsToken(s, s.project.id, editor);
    expect((await token.read()).status).toBe(200);
    expect((await token.upload()).status).toBe(200);

    expect((await assign(s, s.project.id, editor, 'view')).code).toBe(0);
    expect((await token.read()).status).toBe(200);
    revoked(await token.upload());

    expect((await api.call('member.remove', { params: { projectId: s.project.id, userId: editor.userId }, token: s.token })).code).toBe(0);
    revoked(await token.read());
    revoked(await token.upload());
    // Even when the project is public: a guest's reading is no member's.
    const opened = await api.call('project.update', {
      token: s.token,
      body: { id: s.project.id, rev: s.project.rev, visibility: 'public' },
    });
    expect(opened.code, opened.message).toBe(0);
    revoked(await token.read());
  });

  it('stops when the maker leaves the project, deletes the account, or leaves the team', async () => {
    const s = await setup();
    const [leaver, quitter] = await Promise.all([signUp('Leaver'), signUp('Quitter')]);
    const left = await editorsToken(s, s.project.id, leaver);
    const gone = await editorsToken(s, s.project.id, quitter);
    expect((await left.read()).status).toBe(200);
    expect((await gone.read()).status).toBe(200);

    expect((await api.call('project.quit', { params: { id: s.project.id }, token: leaver.token })).code).toBe(0);
    revoked(await left.read());
    const quit = await api.call('user.quit', { token: quitter.token, body: { confirmation: '注销我的账号', password: 'Secret123' } });
    expect(quit.code, quit.message).toBe(0);
    revoked(await gone.read());
    revoked(await gone.upload());

    // A team project: the maker out of the team is out of its projects, member item or not.
    const developer = await signUp('Developer');
    const team = (await api.call('team.create', { token: s.token, body: { name: 'Platform', description: '' } })).data;
    const invitation = (await api.call('team.invite', { params: { teamId: team.id }, token: s.token })).data;
    expect((await api.call('team.join', { params: { code: invitation.code }, token: developer.token })).code).toBe(0);
    const teamProject = (await api.call('project.create', { token: s.token, body: { name: 'Orders', teamId: team.id } })).data;
    const teamToken = await editorsToken(s, teamProject.id, developer);
    expect((await teamToken.upload()).status).toBe(200);
    expect((await api.call('team.quit', { params: { id: team.id }, token: developer.token })).code).toBe(0);
    revoked(await teamToken.read());
    revoked(await teamToken.upload());
  });
});

// Issue 37: 150 reads in 6.9 s with one token, none refused.
describe('the per-token limit', () => {
  it('refuses a token past its requests a window with 429, Retry-After and the envelope; another token is not slowed', async () => {
    const s = await setup();
    const [flooding, other] = await Promise.all([s.makeToken(['read'], 'Flood'), s.makeToken(['read'], 'Other')]);
    const en = { headers: { 'accept-language': 'en' } };
    const burst = await Promise.all(Array.from({ length: 150 }, () => s.open(flooding.secret, 'open.tree', en)));
    const refused = burst.filter((res) => res.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    expect(burst.length - refused.length).toBeGreaterThanOrEqual(OPEN_API_REQUESTS_PER_TOKEN.limit);
    for (const res of refused) {
      expect([res.status, res.code]).toEqual([429, ERRORS.tooManyRequests.code]);
      expect(res.message).toMatch(/^Too many attempts, try again in \d+ seconds$/);
      const wait = Number(res.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(OPEN_API_REQUESTS_PER_TOKEN.seconds);
    }
    expect((await s.open(other.secret, 'open.tree')).status).toBe(200);
  });
});

describe('pushing through the open API', () => {
  it(
    'imports a file, writes nothing for the same file again, nothing on a dry run, and deletes what is missing when asked',
    { timeout: 120_000 },
    async () => {
      const s = await setup();
      const token = (await s.makeToken(['import', 'read'])).secret;
      const first = await s.push(token, PETS);
      expect(first.state).toBe('done');
      expect(first.report).toMatchObject({ created: 6, updated: 0, deleted: 0, failed: 0 });

      const writes = tableWrites();
      const again = await s.push(token, PETS);
      expect(again.report).toMatchObject({ created: 0, updated: 0, deleted: 0, skipped: 6 });
      expect(writes).toEqual([]);

      const smaller = spec({ '/pets': { get: op('List all pets') } });
      const dry = await s.push(token, smaller, { dryRun: true, deleteMissing: true });
      expect(dry.report).toMatchObject({ updated: 1, deleted: 5 });
      expect(writes).toEqual([]);
      harnesses.pop()!.restore();

      const tree = await s.open(token, 'open.tree');
      expect(tree.data.nodes.map((n) => n.name)).toContain('Get a pet');

      const kept = await s.push(token, smaller, { mode: 'merge' });
      expect(kept.report).toMatchObject({ updated: 1, deleted: 0 });
      const pruned = await s.push(token, spec({ '/pets': { get: op('List all pets, again') } }), { deleteMissing: true });
      expect(pruned.report).toMatchObject({ deleted: 5 });
      const after = await s.open(token, 'open.tree');
      expect(after.data.nodes.filter((n) => n.type !== 'folder').map((n) => n.name)).toEqual(['List all pets, again']);

      // The file's format when named must be what the file is.
      const wrong = await s.push(token, PETS, { format: 'postman' }, 'other.json');
      expect(wrong.state).toBe('failed');
      expect(wrong.error?.code).toBe(ERRORS.importInvalidType.code);

      // The last imports, newest first, by the token's name (the Sync panel's list, and `apiloom status`).
      const history = await s.open(token, 'open.imports');
      expect(history.data.imports[0]).toMatchObject({ state: 'failed', by: { kind: 'token', name: 'CI' } });
      expect(history.data.imports).toHaveLength(6);
      const panel = await api.call('import.history', { params: { projectId: s.project.id }, token: s.token });
      expect(panel.data.imports.map((i) => i.id)).toEqual(history.data.imports.map((i) => i.id));
    },
  );
});

describe('saves a token pushes', () => {
  it("say the token's maker saved them, through the token, and that an import created or updated them", { timeout: 120_000 }, async () => {
    const s = await setup();
    const token = (await s.makeToken(['import', 'read'], 'Nightly CI')).secret;
    expect((await s.push(token, spec({ '/pets': { get: op('List all pets') } }))).report).toMatchObject({ created: 1 });
    const tree = await s.open(token, 'open.tree');
    const id = tree.data.nodes.find((n) => n.type === 'api')!.id;
    const created = await api.call('document.get', { params: { id }, token: s.token });
    expect(created.data).toMatchObject({ updatedByName: 'Open', note: { kind: 'import', action: 'created', token: 'Nightly CI' } });

    const changed = spec({ '/pets': { get: op('List all pets', { description: 'Every pet' }) } });
    expect((await s.push(token, changed)).report).toMatchObject({ updated: 1 });
    const updated = await api.call('document.get', { params: { id }, token: s.token });
    expect(updated.data).toMatchObject({ updatedByName: 'Open', note: { kind: 'import', action: 'updated', token: 'Nightly CI' } });
    // The history says the same of the version it keeps: who, through which token, and what the import did.
    const history = await api.call('document.history', { params: { id }, token: s.token });
    expect(history.data[0]).toMatchObject({
      editorName: 'Open',
      comment: '',
      note: { kind: 'import', action: 'created', token: 'Nightly CI' },
    });
  });
});

describe('reading through the open API', () => {
  it(
    'answers the tree in order, a document as Apiloom, OpenAPI with its models followed, and markdown; and pulls an export',
    { timeout: 120_000 },
    async () => {
      const s = await setup();
      const token = (await s.makeToken(['import', 'read'])).secret;
      expect((await s.push(token, PETS)).state).toBe('done');
      const tree = await s.open(token, 'open.tree');
      expect(tree.status).toBe(200);
      const list = tree.data.nodes.find((n) => n.name === 'List pets')!;
      expect(list).toMatchObject({ type: 'api', method: 'GET', path: '/pets' });
      // Parents come before their children.
      const seen = new Set<string>(['']);
      for (const n of tree.data.nodes) {
        expect(seen.has(n.parentId), n.name).toBe(true);
        seen.add(n.id);
      }
      const models = tree.data.nodes.filter((n) => n.type === 'model');
      expect(models.map((m) => m.name).sort()).toEqual(['Owner', 'Pet', 'Unused']);

      const asApiloom = await s.open(token, 'open.document', { params: { docId: list.id } });
      expect(asApiloom.data).toMatchObject({
        id: list.id,
        name: 'List pets',
        type: 'api',
        as: 'apiloom',
        content: { id: list.id, type: 'api' },
      });

      const asOpenApi = await s.open(token, 'open.document', { params: { docId: list.id }, query: { as: 'openapi' } });
      const doc = asOpenApi.data.content as Obj;
      expect(Object.keys(doc.paths)).toEqual(['/pets']);
      // Pet, and Owner through Pet; never the model nothing refers to.
      expect(Object.keys(doc.components.schemas).sort()).toEqual(['Owner', 'Pet']);
      const valid = await validate(doc);
      expect(valid.errors).toEqual([]);

      const md = await s.open(token, 'open.document', {
        params: { docId: list.id },
        query: { as: 'markdown' },
        headers: { 'accept-language': 'en' },
      });
      expect(md.data.content).toMatch(/^# List pets\n/);
      expect(md.data.content).toContain('/pets');

      const started = await s.open(token, 'open.exportStart', { body: { format: 'openapi-json' } });
      expect(started.status).toBe(200);
      const job = await jobOver(() => s.open(token, 'open.exportGet', { params: { id: started.data.id } }), 'export', 50);
      expect(job.state).toBe('done');
      const file = (await (await fetch(new URL(job.url!, api.url()))).json()) as Obj;
      expect(Object.keys(file.paths).sort()).toEqual(['/pets', '/pets/{id}']);
    },
  );
});

describe('the open API’s own OpenAPI file', () => {
  it('is served as generated from the route table, and validates', async () => {
    // The file itself, not an envelope: fetched as any client of the open API fetches it.
    const res = await fetch(`${api.url()}/api${buildPath(routes['open.openapi'])}`);
    expect(res.status).toBe(200);
    const served = (await res.json()) as Obj;
    expect(served).toEqual(openApiDescription());
    expect(served).toEqual(openApiFile);
    const result = await validate(served);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(served.paths)).toContain('/projects/{projectId}/documents/{docId}');
  });
});
