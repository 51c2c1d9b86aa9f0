/**
 * The CLI (issue 26) as CI runs it: the one-file build, run as a child process against a local stack. Push (a
 * readable summary, `--json`), push unchanged, a dry run, pull, status; the exit codes (0 done, 1 the import
 * failed, 2 usage or authentication); the token never in its output; `apiloom mcp` handing over to the MCP
 * server's own file; and the README's GitHub Actions and GitLab CI lines, run as written.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectTokenScope } from '@shared/constants';
import { buildCli } from '../../scripts/build-cli';
import { ROOT } from '../../scripts/local/paths';
import { signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();
const dir = mkdtempSync(join(tmpdir(), 'apiloom-cli-'));
const cli = join(dir, 'bin', 'apiloom.mjs');

const SPEC = (summary: string, more: Record<string, unknown> = {}) =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'CLI', version: '1' },
    paths: { '/items': { get: { summary, responses: { '200': { description: 'ok' } } } }, ...more },
  });

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI in `cwd` (a child process, so this process's local stack keeps answering meanwhile). */
function run(args: string[], env: Record<string, string>, cwd = dir): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, env: { PATH: process.env.PATH ?? '', LANG: 'en_US.UTF-8', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

async function setup() {
  const user = await signUp('CLI');
  const project = (await api.call('project.create', { token: user.token, body: { name: 'CLI' } })).data;
  const token = async (scopes: ProjectTokenScope[]) => {
    const res = await api.call('token.create', {
      token: user.token,
      body: { projectId: project.id, name: 'CI', scopes, expiresInDays: 7 },
    });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const made = await token(['import', 'read']);
  const env = { APILOOM_URL: api.url(), APILOOM_TOKEN: made.secret };
  return { user, project, token, made, env };
}

const noToken = (r: Run, secret: string) => expect(`${r.stdout}${r.stderr}`).not.toContain(secret);

beforeAll(async () => {
  await buildCli(cli);
}, 60_000);

describe('the CLI', () => {
  it('is one file that imports nothing but Node builtins', () => {
    const code = readFileSync(cli, 'utf8');
    const imports = [...code.matchAll(/(?:from|import\()\s*["']([^"']+)["']/g)].map((m) => m[1]!);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((i) => !i.startsWith('node:'))).toEqual([]);
  });

  it(
    'pushes, pushes unchanged as a no-op, dry-runs, pulls and reports status, never printing the token',
    { timeout: 120_000 },
    async () => {
      const s = await setup();
      writeFileSync(
        join(dir, 'api.json'),
        SPEC('List items', { '/items/{id}': { get: { summary: 'One item', responses: { '200': { description: 'ok' } } } } }),
      );
      const first = await run(['push', 'api.json', '--project', s.project.id], s.env);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain('created 2, updated 0, skipped 0, deleted 0, failed 0');
      noToken(first, s.made.secret);

      const again = await run(['push', 'api.json', '--project', s.project.id, '--json'], s.env);
      expect(again.code, again.stderr).toBe(0);
      const job = JSON.parse(again.stdout) as { state: string; report: { created: number; updated: number; skipped: number } };
      expect(job).toMatchObject({ state: 'done', report: { created: 0, updated: 0, skipped: 2 } });

      // The same file, changed: a dry run answers what a push would do.
      writeFileSync(join(dir, 'api.json'), SPEC('List all items'));
      const dry = await run(['push', 'api.json', '--project', s.project.id, '--dry-run', '--delete-missing'], s.env);
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout).toMatch(/^Dry run of api\.json/);
      expect(dry.stdout).toContain('created 0, updated 1, skipped 0, deleted 1');

      const pulled = await run(['pull', '--project', s.project.id, '--format', 'openapi', '--out', 'pulled.json'], s.env);
      expect(pulled.code, pulled.stderr).toBe(0);
      const file = JSON.parse(readFileSync(join(dir, 'pulled.json'), 'utf8')) as { openapi: string; paths: Record<string, unknown> };
      expect(file.openapi).toBe('3.1.0');
      expect(Object.keys(file.paths).sort()).toEqual(['/items', '/items/{id}']);

      const status = await run(['status', '--project', s.project.id], s.env);
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout.trim().split('\n')).toHaveLength(3);
      expect(status.stdout).toContain('api.json  by token CI  (dry run)');
      for (const r of [again, dry, pulled, status]) noToken(r, s.made.secret);
    },
  );

  it('exits 1 when the import fails, 2 on usage and authentication errors, and names no token', { timeout: 120_000 }, async () => {
    const s = await setup();
    writeFileSync(join(dir, 'one.json'), SPEC('One'));
    const failed = await run(['push', 'one.json', '--project', s.project.id, '--format', 'postman'], s.env);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('failed');

    const usage = await run(['push', 'one.json'], s.env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--project is required');
    expect((await run(['push', 'one.json', '--project', s.project.id, '--mode', 'replace'], s.env)).code).toBe(2);
    expect((await run(['push', 'missing.json', '--project', s.project.id], s.env)).code).toBe(2);
    expect((await run(['push', 'one.json', '--project', s.project.id], { APILOOM_URL: api.url() })).code).toBe(2);

    const reader = await s.token(['read']);
    const scope = await run(['push', 'one.json', '--project', s.project.id, '--token', reader.secret], s.env);
    expect(scope.code).toBe(2);
    expect(scope.stderr).toContain('HTTP 403');
    noToken(scope, reader.secret);

    await api.call('token.revoke', { params: { id: s.made.token.id }, token: s.user.token });
    const revoked = await run(['status', '--project', s.project.id], s.env);
    expect(revoked.code).toBe(2);
    expect(revoked.stderr).toContain('The project token is invalid or revoked (HTTP 401');
    noToken(revoked, s.made.secret);
  });

  it('hands `apiloom mcp` to the MCP server file beside it, and says so when there is none', async () => {
    const lone = await run(['mcp', '--project', 'P'], {});
    expect(lone.code).toBe(2);
    expect(lone.stderr).toContain('MCP server is not installed');
    writeFileSync(join(dir, 'bin', 'mcp.mjs'), 'process.stdout.write(JSON.stringify(process.argv.slice(2))); process.exit(7);\n');
    const handed = await run(['mcp', '--project', 'P'], {});
    expect([handed.code, handed.stdout]).toEqual([7, '["--project","P"]']);
  });
});

describe('the README’s CI examples', () => {
  /** The `apiloom` command lines of the README's YAML examples, as CI's shell would split them. */
  function exampleLines(): string[][] {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const blocks = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const lines = blocks.flatMap((b) => b.split('\n')).filter((l) => /\bnpx apiloom /.test(l));
    return lines.map((line) => {
      const command = line.slice(line.indexOf('npx apiloom ') + 'npx apiloom '.length);
      return [...command.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
    });
  }

  it('run as written against a local stack', { timeout: 120_000 }, async () => {
    const lines = exampleLines();
    expect(lines.length).toBeGreaterThanOrEqual(4);
    const s = await setup();
    const cwd = mkdtempSync(join(tmpdir(), 'apiloom-ci-'));
    writeFileSync(
      join(cwd, 'openapi.yaml'),
      'openapi: 3.0.3\ninfo: {title: CI, version: "1"}\npaths:\n  /ci:\n    get:\n      responses:\n        "200": {description: ok}\n',
    );
    const env: Record<string, string> = { ...s.env, APILOOM_PROJECT: s.project.id };
    for (const args of lines) {
      const expanded = args.map((a) => a.replace(/\$(\w+)/g, (_, name: string) => env[name] ?? ''));
      const result = await run(expanded, env, cwd);
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
      noToken(result, s.made.secret);
    }
    expect(JSON.parse(readFileSync(join(cwd, 'api.json'), 'utf8'))).toMatchObject({ paths: { '/ci': {} } });
  });
});
