/**
 * The runner's code snippets, written by @readme/httpsnippet. The curl snippet is run by bash with `curl` replaced
 * by a function that prints what it was given, so the test sees what a pasted snippet would send.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { apiContentV2 } from '@shared/schemas/document';
import type { RunRequest } from '@shared/schemas/runner';
import { buildRequest, draftFromApi } from './draft';
import { SNIPPET_TARGETS, toSnippet } from './snippets';

/** Runs `snippet` in bash; `curl` prints its arguments, one a line, then what it reads on standard input. */
const pasted = (snippet: string) =>
  execFileSync('bash', ['--noprofile', '--norc', '-c', `curl() { printf 'ARG %s\\n' "$@"; cat; }\n${snippet}`], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: '/home/someone' },
    input: '',
  });

const request = (overrides: Partial<RunRequest> = {}): RunRequest => ({
  method: 'POST',
  url: 'https://api.example.test/users?team=7',
  headers: [
    { name: 'Authorization', value: 'Bearer tk-123' },
    { name: 'Content-Type', value: 'application/json' },
  ],
  body: { kind: 'none' },
  ...overrides,
});

describe('code snippets', () => {
  it('write a documented GET without a body as it is sent: no --data, no Content-Type, no empty optional header', async () => {
    const api = apiContentV2.parse({
      method: 'GET',
      path: '/pet/{petId}',
      description: 'Find a pet',
      reqPath: [{ id: 'p', name: 'petId', type: 'integer', value: '7' }],
      reqHeaders: [
        { id: 'h1', name: 'token', type: 'string', value: '' },
        { id: 'h2', name: 'X-Tenant', type: 'string', value: '', required: true },
      ],
      reqQuery: [{ id: 'q', name: 'fields', type: 'string', value: '' }],
    });
    const { request: sent } = buildRequest(draftFromApi(api), {}, 'https://api.example.test');
    const args = pasted(await toSnippet(sent, 'curl'))
      .split('\n')
      .filter((line) => line.startsWith('ARG '));
    expect(args).toEqual(['ARG --request', 'ARG GET', 'ARG --url', 'ARG https://api.example.test/pet/7', 'ARG --header', 'ARG X-Tenant: ']);
  });

  it('keep the body and its Content-Type where the document describes one', async () => {
    const api = apiContentV2.parse({
      method: 'POST',
      path: '/pet',
      description: 'Add a pet',
      reqBody: [{ id: 'b', name: 'name', type: 'string', value: 'Rex' }],
    });
    const { request: sent } = buildRequest(draftFromApi(api), {}, 'https://api.example.test');
    const snippet = await toSnippet(sent, 'curl');
    expect(snippet).toContain("--header 'Content-Type: application/json'");
    expect(snippet).toMatch(/--data '\{\s*"name": "Rex"\s*\}'/);
  });

  it('quote the curl here-document: $HOME, $(...) and backticks in a JSON body reach the server as written', async () => {
    const body = { note: "it's `whoami` in $HOME and $(id)", path: '$PATH' };
    const snippet = await toSnippet(request({ body: { kind: 'text', text: JSON.stringify(body) } }), 'curl');
    expect(snippet).toContain("--data @- <<'EOF'");
    const output = pasted(snippet);
    const stdin = output
      .split('\n')
      .filter((line) => !line.startsWith('ARG '))
      .join('\n');
    expect(JSON.parse(stdin)).toEqual(body);
    expect(output).toContain('ARG https://api.example.test/users?team=7');
    expect(output).toContain('ARG Authorization: Bearer tk-123');
  });

  it('quote a form field name in curl, so a file field named $(...) is sent as a name', async () => {
    const snippet = await toSnippet(
      request({
        headers: [],
        body: {
          kind: 'form',
          fields: [
            { name: '$(echo injected)', file: { fileName: "a b's.png", contentType: 'image/png', base64: '' } },
            { name: 'title', value: '$HOME' },
          ],
        },
      }),
      'curl',
    );
    const args = pasted(snippet)
      .split('\n')
      .filter((line) => line.startsWith('ARG '))
      .map((line) => line.slice(4));
    expect(args).toContain("$(echo injected)=@a b's.png");
    expect(args).toContain('title=$HOME');
    expect(args.join('\n')).not.toContain('injected=');
  });

  it('writes every target with the substituted address, the headers and the body', async () => {
    const req = request({ body: { kind: 'text', text: '{"name":"Ada"}' } });
    for (const target of SNIPPET_TARGETS) {
      const code = await toSnippet(req, target);
      expect(code, target).toContain('api.example.test/users');
      expect(code, target).toContain('Bearer tk-123');
      expect(code, target).toMatch(/Ada/);
    }
    expect(await toSnippet(req, 'python')).toContain('import requests');
    expect(await toSnippet(req, 'go')).toContain('http.NewRequest');
    expect(await toSnippet(req, 'java-okhttp')).toContain('OkHttpClient');
    expect(await toSnippet(req, 'axios')).toContain('axios');
    expect(await toSnippet(req, 'fetch')).toContain('fetch(');
  });

  it('keeps an urlencoded text body (the library writes one from fields only)', async () => {
    const req = request({
      headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }],
      body: { kind: 'text', text: 'user=ada&note=a%20b' },
    });
    const args = pasted(await toSnippet(req, 'curl'));
    expect(args).toContain('ARG user=ada');
    expect(args).toContain('ARG note=a b');
  });
});
