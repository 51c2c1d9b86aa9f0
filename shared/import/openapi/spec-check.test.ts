import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { importInput } from '../index';
import { warningText } from '../warnings';
import { checkSpec } from './spec-check';

const FIXTURES = ['swagger2-petstore.yaml', 'openapi30-apifox.json', 'openapi31-shapes.yaml'];
const SPEC_CODES = new Set(['invalidSpec', 'specRequired', 'specRequiredOne', 'specNotAllowed', 'specExpected', 'specNoMatch']);

const ok = { '200': { description: 'ok' } };
const valid = () => ({ openapi: '3.0.3', info: { title: 'Shop', version: '1' }, paths: { '/a': { get: { responses: ok } } } });
const specWarnings = async (spec: unknown) =>
  (await importInput({ text: JSON.stringify(spec) })).warnings.filter((w) => SPEC_CODES.has(w.code));

describe('the OpenAPI check', () => {
  it(
    "runs where code made from strings is refused (the page's CSP has no unsafe-eval): a valid file has no warning",
    { timeout: 60_000 },
    async () => {
      // The import code as the preview's worker gets it, bundled, run by a Node that refuses eval and new Function
      // as the browser refuses them under the CSP.
      const dir = mkdtempSync(join(tmpdir(), 'apiloom-no-eval-'));
      const here = fileURLToPath(new URL('.', import.meta.url));
      const files = Object.fromEntries(
        FIXTURES.map((name) => [name, readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')]),
      );
      const entry = `
        import { importInput } from '../index';
        const out = {};
        for (const [name, text] of Object.entries(${JSON.stringify(files)})) {
          const r = await importInput({ text, name });
          out[name] = { documents: r.documents.length, warnings: r.warnings.filter((w) => w.code !== 'externalRef' && w.code !== 'skippedMethod') };
        }
        const broken = await importInput({ text: JSON.stringify({ openapi: '3.0.3', paths: {} }) });
        out.broken = broken.warnings;
        console.log(JSON.stringify(out));
      `;
      const outfile = join(dir, 'import.mjs');
      await build({
        stdin: { contents: entry, resolveDir: here, loader: 'ts' },
        bundle: true,
        // As the preview's worker is built: for the browser.
        platform: 'browser',
        format: 'esm',
        outfile,
        // cURL's parser loads only for a cURL command, and never here: a stand-in keeps it out of the bundle.
        plugins: [
          {
            name: 'no-curl',
            setup(b) {
              b.onResolve({ filter: /^curlconverter$/ }, () => ({ path: 'curlconverter', namespace: 'stand-in' }));
              b.onLoad({ filter: /.*/, namespace: 'stand-in' }, () => ({ contents: 'export const toJsonObject = undefined;' }));
            },
          },
        ],
        logLevel: 'silent',
      });
      writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
      const run = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', outfile], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      const out = JSON.parse(run.stdout) as Record<string, { documents: number; warnings: unknown[] }> & { broken: unknown[] };
      for (const name of FIXTURES) {
        expect(out[name]!.documents, name).toBeGreaterThan(0);
        expect(out[name]!.warnings, name).toEqual([]);
      }
      expect(out.broken).toEqual([{ pointer: '/info', code: 'specRequired', params: { field: 'info' } }]);
    },
  );

  it('passes every fixture without a warning of the specification', async () => {
    for (const name of FIXTURES) {
      const r = await importInput({ bytes: readFileSync(new URL(`./fixtures/${name}`, import.meta.url)), name });
      expect(
        r.warnings.filter((w) => SPEC_CODES.has(w.code)),
        name,
      ).toEqual([]);
    }
  });

  it('names the field by its pointer and says what is wrong, in both languages', async () => {
    const spec = valid() as Record<string, unknown> & { paths: Record<string, unknown> };
    delete (spec.info as Record<string, unknown>).version;
    spec.paths['/b'] = {
      get: {
        parameters: [{ name: 'kind', in: 'body', schema: { type: 'string' } }],
        responses: { '200': {} },
      },
    };
    spec['x-fine'] = 1;
    spec.extra = true;
    const warnings = await specWarnings(spec);
    expect(warnings).toEqual([
      { pointer: '/info/version', code: 'specRequired', params: { field: 'version' } },
      { pointer: '/paths/~1b/get/parameters/0/in', code: 'specExpected', params: { expected: '"query", "header", "path", "cookie"' } },
      { pointer: '/paths/~1b/get/responses/200/description', code: 'specRequired', params: { field: 'description' } },
      { pointer: '/extra', code: 'specNotAllowed', params: { field: 'extra' } },
    ]);
    expect(warnings.map((w) => warningText('zh', w))).toEqual([
      '缺少必填字段 version',
      '取值不符合规范，应为 "query", "header", "path", "cookie"',
      '缺少必填字段 description',
      '此处不允许字段 extra',
    ]);
    expect(warnings.map((w) => warningText('en', w))).toEqual([
      'The required field version is missing',
      'Not a valid value: expected "query", "header", "path", "cookie"',
      'The required field description is missing',
      'The field extra is not allowed here',
    ]);
  });

  it('says a description needs one of paths, components or webhooks once, and a wrong type as the type wanted', () => {
    expect(checkSpec({ openapi: '3.1.0', info: { title: 'Empty', version: '1' } })).toEqual([
      { pointer: '', code: 'specRequiredOne', params: { fields: 'paths, components, webhooks' } },
    ]);
    expect(checkSpec({ openapi: '3.1.0', info: { title: 5, version: '1' }, paths: {} })).toEqual([
      { pointer: '/info/title', code: 'specExpected', params: { expected: 'string' } },
    ]);
    expect(checkSpec({ ...valid(), openapi: '3.1.0' })).toEqual([]);
  });
});
