/**
 * `apiloom diff` (issue 35) as CI runs it: the one-file build as a child process. Two files with no server at all
 * (the importers and the engine bundled), text, `--json` and `--markdown`, `--fail-on breaking` failing a breaking
 * change and passing a description-only one, an unreadable file refused by the importer (exit 2); and a project's
 * report through the open API, a missing release named.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump, load } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompatReport } from '@shared/compat/types';
import { buildCli } from '../../scripts/build-cli';
import { routeClient } from '../../scripts/local/route-client';
import { signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();
const dir = mkdtempSync(join(tmpdir(), 'apiloom-diff-'));
const cli = join(dir, 'apiloom.mjs');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: dir, env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** A small OpenAPI description in YAML: `limit` required or not, the pet's fields, the summary's words. */
const spec = (opts: { limitRequired: boolean; fields: string[]; summary?: string }) => `openapi: 3.0.3
info: { title: Pets, version: '1' }
paths:
  /pets:
    get:
      summary: ${opts.summary ?? 'List pets'}
      parameters:
        - { name: limit, in: query, required: ${opts.limitRequired}, schema: { type: integer } }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
components:
  schemas:
    Pet:
      type: object
      required: [${opts.fields.join(', ')}]
      properties:
${opts.fields.map((f) => `        ${f}: { type: string }`).join('\n')}
`;
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return name;
};

beforeAll(async () => {
  await buildCli(cli);
  file('v1.yaml', spec({ limitRequired: false, fields: ['id', 'price'] }));
  file('v2.yaml', spec({ limitRequired: true, fields: ['id'] }));
  file('v1-words.yaml', spec({ limitRequired: false, fields: ['id', 'price'], summary: 'Lists every pet' }));
  file('notes.txt', 'just some words, no API here');
}, 60_000);

describe('apiloom diff OLD NEW, with no server', () => {
  it('reports what breaks as text, and --fail-on breaking exits 1 on it', async () => {
    const text = await run(['diff', 'v1.yaml', 'v2.yaml']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('2 errors');
    expect(text.stdout).toContain('request-parameter-became-required');
    // The model's change is reported once, with the operation that uses it.
    expect(text.stdout).toMatch(/response-required-property-removed {2}Data model Pet \(GET \/pets\)/);
    const failing = await run(['diff', 'v1.yaml', 'v2.yaml', '--fail-on', 'breaking']);
    expect(failing.code).toBe(1);
  });

  it('passes --fail-on breaking when only descriptions changed', async () => {
    const words = await run(['diff', 'v1.yaml', 'v1-words.yaml', '--fail-on', 'breaking', '--json']);
    expect(words.code, words.stderr).toBe(0);
    const report = JSON.parse(words.stdout) as CompatReport;
    expect(report.findings).toEqual([]);
    expect(report.changes.map((c) => c.id)).toContain('api-description-changed');
  });

  it('writes JSON and Markdown for a pull request comment', async () => {
    const json = JSON.parse((await run(['diff', 'v1.yaml', 'v2.yaml', '--json'])).stdout) as CompatReport;
    expect(json.summary).toMatchObject({ error: 2 });
    expect(json.bump).toBe('major');
    const md = await run(['diff', 'v1.yaml', 'v2.yaml', '--markdown', '--lang', 'zh']);
    expect(md.stdout).toContain('## v1.yaml → v2.yaml');
    expect(md.stdout).toContain('| error | `request-parameter-became-required` | request query limit |');
    expect(md.stdout).toContain('请求参数 request query limit 变为必填');
  });

  it('reads a description written as JSON and the same written as YAML alike: the same report', async () => {
    // JSON is read by JSON.parse (fast), YAML by the YAML reader: values YAML could read another way (a date, `no`,
    // a hex number, a version) must come out the same, as must everything the report says.
    const described = (limitRequired: boolean, fields: string[], example: string) => {
      const value = load(spec({ limitRequired, fields })) as {
        components: { schemas: { Pet: { properties: Record<string, Record<string, unknown>> } } };
      };
      const { properties } = value.components.schemas.Pet;
      properties.id = { ...properties.id, example, enum: ['no', 'yes', '0x1F', '1.0', '2025-01-01'], default: 'no' };
      return value;
    };
    const older = described(false, ['id', 'price'], '2025-01-01');
    const newer = described(true, ['id'], '2025-01-02T10:00:00Z');
    file('v1.json', JSON.stringify(older, null, 2));
    file('v2.json', JSON.stringify(newer, null, 2));
    file('v1-dumped.yaml', dump(older));
    file('v2-dumped.yaml', dump(newer));
    const report = async (a: string, b: string) => {
      const r = await run(['diff', a, b, '--json']);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as CompatReport;
    };
    const fromJson = await report('v1.json', 'v2.json');
    expect(fromJson.summary).toMatchObject({ error: 2 });
    expect(fromJson.changes.map((c) => [c.id, c.before, c.after])).toContainEqual([
      'response-property-example-changed',
      '2025-01-01',
      '2025-01-02T10:00:00Z',
    ]);
    expect(await report('v1-dumped.yaml', 'v2-dumped.yaml')).toEqual(fromJson);
    expect(await report('v1.json', 'v2-dumped.yaml')).toEqual(fromJson);
  });

  it('refuses an unreadable file with the importer refusal, exit 2', async () => {
    const r = await run(['diff', 'v1.yaml', 'notes.txt']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('notes.txt:');
    expect(r.stderr).toContain('notes.txt: Invalid type: choose a correct file');
    const missing = await run(['diff', 'v1.yaml', 'nowhere.yaml']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read nowhere.yaml');
    expect((await run(['diff', 'v1.yaml', 'v2.yaml', '--fail-on', 'sometimes'])).code).toBe(2);
  });
});

describe('apiloom diff --project', () => {
  it("reads the project's report through the open API; a missing release is named", { timeout: 60_000 }, async () => {
    const call = routeClient(`${api.url()}/api`);
    const owner = await signUp('Differ');
    const opts = { token: owner.token };
    const project = await call('project.create', { body: { name: 'Diffed' } }, opts);
    const row = (name: string, required: boolean) => ({
      id: name,
      name,
      type: 'string' as const,
      required,
      value: '',
      description: '',
      children: [],
    });
    const content = (required: boolean) => ({ method: 'GET', path: '/pets', description: 'x', reqQuery: [row('limit', required)] });
    const doc = await call(
      'document.create',
      { body: { projectId: project.id, name: 'Pets', type: 'api', content: content(false) } },
      opts,
    );
    await call('release.publish', { body: { projectId: project.id, version: '1.0.0', desc: '' } }, opts);
    await call('document.update', { body: { id: doc.id, rev: doc.rev, content: content(true) } }, opts);
    const { secret } = await call(
      'token.create',
      { body: { projectId: project.id, name: 'CI', scopes: ['read'], expiresInDays: 1 } },
      opts,
    );
    const env = { APILOOM_URL: api.url(), APILOOM_TOKEN: secret };

    const r = await run(['diff', '--project', project.id, '--from', '1.0.0', '--fail-on', 'breaking'], env);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('request-parameter-became-required');
    const missing = await run(['diff', '--project', project.id, '--from', '0.0.9', '--lang', 'en'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('There is no version 0.0.9');
    expect(`${r.stdout}${r.stderr}${missing.stdout}${missing.stderr}`).not.toContain(secret);
    expect(readFileSync(cli, 'utf8')).not.toContain(secret);
  });
});

describe('apiloom push --fail-on', () => {
  it(
    'exits 1 with nothing written when the file breaks clients, and pushes one that only changes words',
    { timeout: 120_000 },
    async () => {
      const call = routeClient(`${api.url()}/api`);
      const owner = await signUp('Pusher');
      const opts = { token: owner.token };
      const project = await call('project.create', { body: { name: 'Pushed' } }, opts);
      const { secret } = await call(
        'token.create',
        { body: { projectId: project.id, name: 'CI', scopes: ['import', 'read'], expiresInDays: 1 } },
        opts,
      );
      const env = { APILOOM_URL: api.url(), APILOOM_TOKEN: secret };
      // CI pushes one file, changed between runs: a re-import of the same source merges three ways.
      const push = (version: string) => {
        file('api.yaml', readFileSync(join(dir, version), 'utf8'));
        return run(['push', 'api.yaml', '--project', project.id, '--fail-on', 'breaking'], env);
      };
      const limitRequired = async () => {
        const tree = await call('document.tree', { params: { projectId: project.id } }, opts);
        const apiNode = tree
          .flatMap(function all(n): typeof tree {
            return [n, ...n.children.flatMap(all)];
          })
          .find((n) => n.type === 'api')!;
        const doc = await call('document.get', { params: { id: apiNode.id } }, opts);
        return doc.type === 'api' ? { required: doc.content.reqQuery[0]!.required, summary: doc.name } : undefined;
      };

      const first = await push('v1.yaml');
      expect(first.code, first.stderr).toBe(0);
      expect(await limitRequired()).toEqual({ required: false, summary: 'List pets' });

      const breaking = await push('v2.yaml');
      expect(breaking.code).toBe(1);
      expect(breaking.stdout).toContain('Not pushed: api.yaml would break clients (2 errors, 0 warnings)');
      expect(breaking.stdout).toContain('error response-required-property-removed');
      expect(breaking.stdout).toContain('error request-parameter-became-required');
      // Nothing was written: the live API is as the first push left it.
      expect(await limitRequired()).toEqual({ required: false, summary: 'List pets' });

      const words = await push('v1-words.yaml');
      expect(words.code, words.stdout + words.stderr).toBe(0);
      expect(await limitRequired()).toEqual({ required: false, summary: 'Lists every pet' });
      expect(`${first.stdout}${breaking.stdout}${words.stdout}`).not.toContain(secret);

      // A dry run says what the file would break, under its counts, and writes nothing.
      file('api.yaml', readFileSync(join(dir, 'v2.yaml'), 'utf8'));
      const told = await run(['push', 'api.yaml', '--project', project.id, '--dry-run', '--lang', 'en'], env);
      expect(told.code, told.stderr).toBe(0);
      expect(told.stdout).toContain('  Operations: 0 added, 1 changed, 0 removed; 2 errors, 0 warnings, 0 info');
      expect(told.stdout).toContain('  Suggested version bump: major');
      expect(told.stdout).toContain(
        '    error request-parameter-became-required  GET /pets: Request parameter request query limit became required',
      );

      // The team accepts both findings with a reason (issue 35's policy): the same breaking file then pushes.
      const dryRun = await run(['push', 'api.yaml', '--project', project.id, '--dry-run', '--json'], env);
      const findings = (JSON.parse(dryRun.stdout) as { report: { compat: CompatReport } }).report.compat.findings;
      expect(findings.map((f) => f.severity)).toEqual(['error', 'error']);
      for (const [rev, f] of findings.entries())
        await call('compat.accept', { body: { projectId: project.id, rev, key: f.key, reason: 'v2 ships with the new app' } }, opts);
      const accepted = await push('v2.yaml');
      expect(accepted.code, accepted.stdout + accepted.stderr).toBe(0);
      expect(await limitRequired()).toEqual({ required: true, summary: 'List pets' });
    },
  );
});
