/**
 * `apiloom run` as CI runs it (issue 36): the one-file CLI build, a child process, against a live local stack and a
 * loopback target on this machine. A scenario of the project (an ad-hoc log-in whose token is kept, and a step on
 * an API document checked against its documented response) runs over a three-row CSV with the staging
 * environment's plain variables; its JUnit is read back with an XML parser; a `run` token's run is in the
 * scenario's history, a `read` token's is not; a folder runs with --parallel, a report each; exit codes 0, 1, 2
 * (an unknown scenario, folder or environment: the catalogue's "not found", naming which); the steps' pre/post
 * scripts run in the CLI's own sandbox (a value a script sets used by the next step, a failing pm.test exits 1).
 * Routes are called by id (no literal paths): the lint test forbids Apiloom's paths here.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectTokenScope } from '@shared/constants';
import { translate } from '@shared/messages';
import { paramRow } from '@shared/schemas/param-row';
import { buildCli } from '../../scripts/build-cli';
import { signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();
const dir = mkdtempSync(join(tmpdir(), 'apiloom-cli-run-'));
const cli = join(dir, 'bin', 'apiloom.mjs');

/** The API under test: POST /acme/login answers a token for the user sent; anything else, what it was sent. */
let target: Server;
let targetUrl = '';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: dir, env: { PATH: process.env.PATH ?? '', LANG: 'en_US.UTF-8', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

interface JUnit {
  testsuites: {
    tests: string;
    failures: string;
    testsuite: { name: string; testcase: { name: string; failure?: { message: string } }[] }[];
  };
}
const readJUnit = (file: string) =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => ['testsuite', 'testcase'].includes(n) }).parse(
    readFileSync(file, 'utf8'),
  ) as JUnit;

const login = {
  id: 'login',
  name: 'log in',
  type: 'request',
  source: { kind: 'adhoc', method: 'POST', url: '/{{area}}/login' },
  overrides: { body: { type: 'json', text: '{"user":"{{user}}"}' } },
  extract: [{ variable: 'token', from: 'jsonPath', expression: '$.token' }],
  checks: [{ kind: 'status', equals: 200 }],
};
const readItem = (documentId: string, expectedAuth: string) => ({
  id: 'read',
  name: 'read item',
  type: 'request',
  source: { kind: 'document', documentId },
  overrides: { pathParams: [{ name: 'id', value: '{{item}}' }], headers: [{ name: 'Authorization', value: 'Bearer {{token}}' }] },
  checks: [
    { kind: 'jsonPath', path: '$.path', op: 'equals', value: '/acme/items/{{item}}' },
    { kind: 'jsonPath', path: '$.auth', op: 'matches', value: expectedAuth },
  ],
});

async function setup() {
  const user = await signUp('CLI run');
  const { token } = user;
  const project = (await api.call('project.create', { token, body: { name: 'CLI run' } })).data;
  const doc = await api.call('document.create', {
    token,
    body: {
      projectId: project.id,
      type: 'api',
      name: 'Item',
      content: {
        method: 'GET',
        path: '/acme/items/{id}',
        description: 'An item',
        responses: [
          { status: '200', body: [paramRow('path', 'string', { required: true }), paramRow('auth', 'string', { required: true })] },
        ],
      },
    },
  });
  expect(doc.code, doc.message).toBe(0);
  const env = await api.call('env.create', { token, body: { projectId: project.id, name: 'staging', baseUrl: targetUrl } });
  expect(env.code, env.message).toBe(0);
  for (const variable of [
    { name: 'area', value: 'acme' },
    { name: 'user', value: 'nobody' },
    { name: 'apiKey', value: 'never-leaves', secret: true },
  ]) {
    const made = await api.call('variable.create', { token, body: { envId: env.data.id, ...variable } });
    expect(made.code, made.message).toBe(0);
  }
  const folder = (await api.call('scenarioFolder.create', { token, body: { projectId: project.id, name: 'Nightly' } })).data;
  const scenario = async (name: string, expectedAuth: string) => {
    const res = await api.call('scenario.create', {
      token,
      body: {
        projectId: project.id,
        name,
        folderId: folder.id,
        // Its own data set names the rows and requires the columns; CI's --data file replaces its rows.
        content: {
          steps: [login, readItem(doc.data.id, expectedAuth)],
          dataSet: { format: 'csv', text: 'case,user,item\nown,dan,9\n', nameColumn: 'case', requiredColumns: ['user', 'item'] },
        },
      },
    });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const items = await scenario('Items', '^Bearer tok-(ann|bob|carol)$');
  const broken = await scenario('Broken', '^Bearer tok-(ann|bob)$');
  const tokenWith = async (scopes: ProjectTokenScope[]) => {
    const res = await api.call('token.create', {
      token,
      body: { projectId: project.id, name: `CI ${scopes.join('+')}`, scopes, expiresInDays: 7 },
    });
    expect(res.code, res.message).toBe(0);
    return res.data.secret;
  };
  const [runToken, readToken] = await Promise.all([tokenWith(['run']), tokenWith(['read'])]);
  const envOf = (secret: string) => ({ APILOOM_URL: api.url(), APILOOM_TOKEN: secret });
  const runsOf = async (scenarioId: string) => (await api.call('scenarioRun.list', { token, params: { id: scenarioId } })).data;
  return { token, project, items, broken, runToken, readToken, envOf, runsOf, environmentId: env.data.id };
}
let s: Awaited<ReturnType<typeof setup>>;

beforeAll(async () => {
  target = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && req.url === '/acme/login') {
        res.end(JSON.stringify({ token: `tok-${(JSON.parse(body) as { user: string }).user}` }));
        return;
      }
      res.end(JSON.stringify({ method: req.method, path: req.url, auth: req.headers.authorization ?? null }));
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  await buildCli(cli);
  s = await setup();
}, 120_000);
afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())));

const rows = join(dir, 'rows.csv');
writeFileSync(rows, 'case,user,item\nfirst,ann,1\nsecond,bob,2\nthird,carol,3\n');

describe('apiloom run', () => {
  it(
    'runs a scenario from this machine over a data file, writes its JUnit and records the run (run token): exit 0',
    { timeout: 120_000 },
    async () => {
      const out = join(dir, 'passing');
      const r = await run(
        ['run', 'Items', '--project', s.project.id, '--env', 'staging', '--data', rows, '--reporters', 'cli,junit,json', '--out-dir', out],
        s.envOf(s.runToken),
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/✓ Items: 6 passed, 0 failed, 0 skipped; 6 requests in \d+ ms/);
      expect(r.stdout).toMatch(/recorded in the run history: run \S+/);
      expect(`${r.stdout}${r.stderr}`).not.toContain(s.runToken);

      const junit = readJUnit(join(out, 'junit.xml'));
      expect(junit.testsuites).toMatchObject({ tests: '6', failures: '0' });
      expect(junit.testsuites.testsuite.map((t) => t.name)).toEqual(['Items [first]', 'Items [second]', 'Items [third]']);
      expect(junit.testsuites.testsuite[1]!.testcase.map((c) => c.name)).toEqual(['log in [second]', 'read item [second]']);

      const runs = await s.runsOf(s.items.id);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({
        place: 'cli',
        environmentId: s.environmentId,
        environmentName: 'staging',
        ranByName: 'CI run',
        summary: { status: 'passed', requests: 6 },
      });
      const kept = (await api.call('scenarioRun.get', { token: s.token, params: { id: runs[0]!.id } })).data;
      expect(kept.results.map((x) => `${x.stepId} ${x.iterationName} ${x.status}`)).toContain('read third passed');
    },
  );

  it('exits 1 when a check fails, naming it, and a read token runs without recording', { timeout: 120_000 }, async () => {
    const out = join(dir, 'failing');
    const r = await run(
      [
        'run',
        s.broken.id,
        '--project',
        s.project.id,
        '--env',
        s.environmentId,
        '--data',
        rows,
        '--reporters',
        'junit,cli',
        '--out-dir',
        out,
      ],
      s.envOf(s.readToken),
    );
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('✗ read item [third]');
    expect(r.stdout).toContain('not recorded in the run history: the token has no run scope');
    const third = readJUnit(join(out, 'junit.xml')).testsuites.testsuite[2]!;
    expect(third.testcase[1]!.failure!.message).toBe('$.auth matches ^Bearer tok-(ann|bob)$, was "Bearer tok-carol"');
    expect(await s.runsOf(s.broken.id)).toEqual([]);
  });

  it('runs every scenario of a folder, two at once, a report each, and exits 1 when any failed', { timeout: 120_000 }, async () => {
    const out = join(dir, 'folder');
    const r = await run(
      [
        'run',
        '--folder',
        'Nightly',
        '--parallel',
        '2',
        '--project',
        s.project.id,
        '--env',
        'staging',
        '--data',
        rows,
        '--reporters',
        'junit',
        '--out-dir',
        out,
      ],
      s.envOf(s.runToken),
    );
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('✗ 2 scenarios: 1 passed, 1 failed');
    expect(readdirSync(out).sort()).toEqual(['Broken.junit.xml', 'Items.junit.xml']);
    expect(readJUnit(join(out, 'Broken.junit.xml')).testsuites.failures).toBe('1');
    expect((await s.runsOf(s.broken.id)).map((x) => x.summary.status)).toEqual(['failed']);
  });

  it(
    'runs the steps’ scripts: a post script’s environment value feeds the next step, and a failing pm.test exits 1',
    { timeout: 120_000 },
    async () => {
      // The log-in keeps its token with a script (no extraction); the read sends it and checks it with pm.test.
      const scripted = async (name: string, expectedAuth: string) => {
        const res = await api.call('scenario.create', {
          token: s.token,
          body: {
            projectId: s.project.id,
            name,
            content: {
              steps: [
                {
                  ...login,
                  extract: [],
                  postScript: `const token = pm.response.json().token;
pm.test('a token came back', () => pm.expect(token).to.match(/^tok-/));
pm.environment.set('bearer', 'Bearer ' + token);`,
                },
                {
                  id: 'read',
                  name: 'read item',
                  type: 'request',
                  source: { kind: 'adhoc', method: 'GET', url: '/{{area}}/items/7' },
                  overrides: { headers: [{ name: 'Authorization', value: '{{bearer}}' }] },
                  checks: [{ kind: 'status', equals: 200 }],
                  postScript: `pm.test('sent as ${expectedAuth}', () => pm.expect(pm.response.json().auth).to.equal('${expectedAuth}'));`,
                },
              ],
              dataSet: null,
            },
          },
        });
        expect(res.code, res.message).toBe(0);
        return res.data;
      };
      const passing = await scripted('Scripted', 'Bearer tok-nobody');
      const failing = await scripted('Scripted wrong', 'Bearer tok-ann');

      const ok = await run(['run', passing.id, '--project', s.project.id, '--env', 'staging', '--reporters', 'cli'], s.envOf(s.runToken));
      expect(ok.code, `${ok.stdout}${ok.stderr}`).toBe(0);
      expect(ok.stdout).not.toContain('not in the CLI');
      const kept = (await api.call('scenarioRun.get', { token: s.token, params: { id: (await s.runsOf(passing.id))[0]!.id } })).data;
      expect(
        kept.results.flatMap((x) => x.checks.filter((c) => c.kind === 'script').map((c) => `${x.stepId} ${c.target} ${c.passed}`)),
      ).toEqual(['login a token came back true', 'read sent as Bearer tok-nobody true']);

      const out = join(dir, 'scripted');
      const bad = await run(
        ['run', failing.id, '--project', s.project.id, '--env', 'staging', '--reporters', 'cli,junit', '--out-dir', out],
        s.envOf(s.runToken),
      );
      expect(bad.code, `${bad.stdout}${bad.stderr}`).toBe(1);
      const read = readJUnit(join(out, 'junit.xml')).testsuites.testsuite[0]!.testcase[1]!;
      expect(read.failure!.message).toContain('script test "sent as Bearer tok-ann" failed');
      expect(read.failure!.message).toContain('Bearer tok-nobody');
    },
  );

  it('exits 2 on bad flags and an unknown scenario, folder or environment, with the catalogued message', { timeout: 120_000 }, async () => {
    const env = s.envOf(s.runToken);
    const at = ['--project', s.project.id];
    const unknownScenario = await run(['run', 'Nope', ...at], env);
    expect(unknownScenario.code).toBe(2);
    expect(unknownScenario.stderr).toContain(`scenario "Nope": ${translate('en', 'error.notFound')}`);
    const unknownEnv = await run(['run', 'Items', '--env', 'prod', ...at], env);
    expect(unknownEnv.code).toBe(2);
    expect(unknownEnv.stderr).toContain(`environment "prod": ${translate('en', 'error.notFound')}`);
    const unknownFolder = await run(['run', '--folder', 'Weekly', ...at], env);
    expect(unknownFolder.code).toBe(2);
    expect(unknownFolder.stderr).toContain(`folder "Weekly": ${translate('en', 'error.notFound')}`);
    for (const bad of [
      ['run', ...at],
      ['run', 'Items', '--parallel', '0', ...at],
      ['run', 'Items', '--reporters', 'tap', ...at],
    ]) {
      expect((await run(bad, env)).code, bad.join(' ')).toBe(2);
    }
    writeFileSync(join(dir, 'no-user.csv'), 'case,item\nfirst,1\n');
    const missingColumn = await run(['run', 'Items', '--data', join(dir, 'no-user.csv'), ...at], env);
    expect(missingColumn.code).toBe(2);
    expect(missingColumn.stderr).toContain('user');
    const unreadable = await run(['run', 'Items', '--data', join(dir, 'absent.csv'), ...at], env);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toContain('cannot read');
  });

  it('reads an environment’s plain variables only: a secret’s value never leaves', async () => {
    const res = await api.call('open.environment', {
      params: { projectId: s.project.id, environment: 'staging' },
      headers: { authorization: `Bearer ${s.readToken}` },
    });
    expect(res.code, res.message).toBe(0);
    expect(res.data.variables).toEqual({ area: 'acme', user: 'nobody' });
  });
});
