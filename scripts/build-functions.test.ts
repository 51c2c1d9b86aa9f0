/**
 * The Lambda bundles stay small (issue 9: at most 400 KB) by leaving the S3 SDK to the Node 22 runtime, which
 * provides the AWS SDK for JavaScript v3: that only works while our pins stay on major 3 and the bundles load
 * those modules lazily, and only those.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { JOB_NAMES } from '@shared/jobs';
import { SERVICES } from '@shared/routes';
import { bundleOptions, buildWorker, filesLoadedAtStart, RUNTIME_PROVIDED, workerBundleOptions } from './build-functions';
import { functionEntry, ROOT } from './local/paths';
import { messages, translate } from '../shared/messages';
import type { safeSend as safeSendSource } from '../functions/net/safe-fetch';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };

/**
 * What a bundle built while it loaded, in a fresh Node process as Lambda loads it: zod registers its default locale
 * on its global config (`globalThis.__zod_globalConfig`) when it builds its first schema, and nothing else sets it.
 */
function zodSchemasBuiltAtLoad(bundle: string): boolean {
  const script = `await import(${JSON.stringify(pathToFileURL(bundle).href)}); console.log(JSON.stringify(Object.keys(globalThis.__zod_globalConfig ?? {})));`;
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, TABLE_NAME: 'test', AWS_REGION: 'us-east-1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`loading ${bundle} failed: ${out.stderr}`);
  return (JSON.parse(out.stdout.trim().split('\n').pop()!) as string[]).includes('localeError');
}

describe('Lambda bundles', () => {
  it('pin every AWS SDK package on major 3, the SDK the Node 22 Lambda runtime provides', () => {
    const sdk = Object.entries(pkg.dependencies).filter(([name]) => name.startsWith('@aws-sdk/'));
    expect(sdk.length).toBeGreaterThan(0);
    for (const [name, version] of sdk) expect(version, name).toMatch(/^3\.\d+\.\d+$/);
    for (const name of RUNTIME_PROVIDED) expect(pkg.dependencies[name], name).toBeDefined();
  });

  /**
   * Each service's budget, in KB: 400 unless it says why not (cold start grows with the bundle). The proxy's own test
   * below says why its is larger.
   */
  const BUDGET_KB: Record<(typeof SERVICES)[number], number> = {
    user: 400,
    project: 400,
    // Import and export jobs: started, followed and fetched (their workers run them).
    jobs: 400,
    document: 400,
    team: 400,
    environment: 400,
    llms: 400,
    // The fetch guard on Node's own http client, which costs no bundle bytes: 337 KB measured (560 with undici).
    proxy: 340,
    // 382 KB measured: a document's writers (the export's, js-yaml) load with the first document read (issue 39).
    open: 390,
    // 333 KB measured: openid-client (with oauth4webapi and jose's parts) loads with the first third-party sign-in.
    oauth: 340,
    // The compatibility engine and its catalogue of checks in zh and en (issue 35), with the live tree's reader.
    changes: 400,
    // 398 KB measured: schedules (croner), the Postman converter and `apiloom run`'s reads load on first use (issue 39).
    scenario: 400,
    // Comments, the bell, watching and notification settings (issue 38).
    comments: 400,
    // Notification channels (issue 38). The test message goes the delivery's own way (functions/notify/deliver: each
    // provider's format and signature, the tree reader for folders) through the guarded fetch, as the proxy's: 612 KB
    // when they loaded at start, 376 KB since they are a chunk loaded by the first test message (issue 39).
    channels: 400,
  };

  it(
    'stay within their budgets, load the runtime-provided SDK only on first use, and carry no credential chain',
    { timeout: 180_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'apiloom-bundle-'));
      for (const name of SERVICES) {
        const outfile = join(dir, name, 'index.mjs');
        const { metafile } = await build({
          ...bundleOptions(functionEntry(name), outfile),
          sourcemap: false,
          logLevel: 'silent',
          metafile: true,
        });
        // The budget is what a cold start reads; the chunks it imports on first use are the bundle's too.
        const atStart = filesLoadedAtStart(metafile, outfile);
        const startBytes = atStart.reduce((sum, file) => sum + statSync(file).size, 0);
        expect(startBytes, name).toBeLessThanOrEqual(BUDGET_KB[name] * 1024);
        // The fetch guard runs on Node's own HTTP client: undici was 240 KB of the proxy, compiled on every cold start.
        expect(
          Object.keys(metafile.inputs).filter((input) => input.includes('node_modules/undici/')),
          name,
        ).toEqual([]);
        const code = Object.keys(metafile.outputs)
          .map((file) => readFileSync(file, 'utf8'))
          .join('\n');
        // Code no function runs is swapped for throwing stand-ins: zod's JSON Schema converter (18 KB) and the SDK's
        // event-stream support (17 KB).
        expect(code.includes('zod-without-json-schema: not built'), `${name} has no zod JSON Schema converter`).toBe(true);
        expect(code.includes('sdk-without-event-streams: not built'), `${name} has the event-stream stand-in`).toBe(true);
        expect(code.includes(':message-type'), `${name} carries no event-stream support`).toBe(false);
        // Booleans, not the code itself: a failing match would print the whole bundle.
        // Where a service reads S3 (large bodies), it loads the client on first use.
        if (name === 'document' || name === 'project' || name === 'llms')
          expect(code.includes('import("@aws-sdk/client-s3")'), `${name} loads the S3 client on first use`).toBe(true);
        for (const module of RUNTIME_PROVIDED) {
          expect(new RegExp(`from\\s*"${module}"`).test(code), `${name} has no static import of ${module}`).toBe(false);
        }
        // The default chain's SSO and STS web-identity clients stay out.
        expect(/AssumeRoleWithWebIdentity|GetRoleCredentials/.test(code), `${name} carries no credential chain`).toBe(false);
        // Cold start (issue 39): every schema is built on first use (shared/lazy.ts), none while the bundle loads.
        expect(zodSchemasBuiltAtLoad(outfile), `${name} builds no zod schema at load`).toBe(false);
      }
    },
  );

  it('build no zod schema while a job bundle loads', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiloom-bundle-'));
    for (const name of JOB_NAMES) {
      const outfile = join(dir, name, 'index.mjs');
      await build({ ...bundleOptions(functionEntry(name, 'job'), outfile), sourcemap: false, logLevel: 'silent' });
      expect(zodSchemasBuiltAtLoad(outfile), `${name} builds no zod schema at load`).toBe(false);
    }
  });

  it('send through the bundled guard, as a function runs it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiloom-bundle-'));
    const entry = join(dir, 'entry.ts');
    writeFileSync(entry, `export { safeSend } from ${JSON.stringify(join(ROOT, 'functions/net/safe-fetch.ts'))};`);
    const outfile = join(dir, 'sender', 'index.mjs');
    await build({ ...bundleOptions(entry, outfile), sourcemap: false, logLevel: 'silent' });
    const { safeSend } = (await import(pathToFileURL(outfile).href)) as { safeSend: typeof safeSendSource };
    const server = createServer((req, res) => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-echo': req.url ?? '' });
      res.end(JSON.stringify({ method: req.method }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hello?x=1`;
      const answer = await safeSend({ method: 'PATCH', url }, { admitForTests: new Set(['127.0.0.1']) });
      expect(answer.status).toBe(201);
      expect(answer.headers).toContainEqual(['x-echo', '/hello?x=1']);
      expect(JSON.parse(Buffer.from(answer.body).toString('utf8'))).toEqual({ method: 'PATCH' });
    } finally {
      server.close();
    }
  });

  it(
    'keep the importers and the export writers (OpenAPI parser, YAML, zip, cURL) out of every API bundle: only the workers carry them',
    { timeout: 60_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'apiloom-bundle-'));
      const importers =
        /node_modules\/(@scalar\/openapi-parser|js-yaml|yaml|fflate|curlconverter|dompurify|marked)\/|shared\/import\/(openapi|postman|har|yapi|rap2|showdoc|xiaoyaoji|curl|apiloom)\/|functions\/export\//;
      const inputsOf = async (entry: string, name: string) => {
        const outfile = join(dir, name, 'index.mjs');
        const { metafile } = await build({ ...bundleOptions(entry, outfile), sourcemap: false, logLevel: 'silent', metafile: true });
        const atStart = new Set(filesLoadedAtStart(metafile, outfile));
        const loadedAtStart = Object.entries(metafile.outputs)
          .filter(([file]) => atStart.has(resolve(file)))
          .flatMap(([, output]) => Object.keys(output.inputs));
        return { inputs: Object.keys(metafile.inputs), loadedAtStart };
      };
      // The fetch guard stays in the proxy function, and in the channels function, whose test message sends
      // through it: in a chunk of its own there, loaded by the first test message.
      const sender = /functions\/net\/(?!addresses\.ts$)|functions\/services\/proxy\//;
      // The open API (issue 26) answers one document as OpenAPI or markdown on request: it carries the export's
      // snapshot reader and those two writers (with js-yaml and fflate, which they import), and the project file's
      // schema the snapshot names its kind from (shared/import/apiloom, whose shared helpers load js-yaml's reader),
      // in the chunk the first document read loads. Nothing else: no parser of any other format, no other writer.
      const openReads =
        /functions\/export\/(common|types|openapi\/index|markdown\/index|markdown\/document)\.ts$|node_modules\/(fflate|js-yaml)\/|shared\/import\/apiloom\//;
      // A share's markdown (the llms service, issue 26) is the export's own per-document rendering: that one module
      // (no zip, no parser) and nothing else of the writers.
      const documentMarkdown = 'functions/export/markdown/document.ts';
      const allowed = (name: string, input: string) =>
        (name === 'open' && openReads.test(input)) || (name === 'llms' && input === documentMarkdown);
      // What only some of a service's routes use is in its bundle but loaded by the first of them (issue 39), so a
      // cold start serving any other route neither reads nor compiles it.
      const onFirstUse: Partial<Record<(typeof SERVICES)[number], RegExp>> = {
        open: openReads,
        // A schedule's cron (croner) and the schedules' own module, the Postman converter, what `apiloom run` reads.
        scenario:
          /node_modules\/croner\/|shared\/scenarios\/postman\.ts$|functions\/domain\/(schedules|schedule-cron|scenario-sources)\.ts$/,
        channels: sender,
      };
      for (const name of SERVICES) {
        const { inputs, loadedAtStart } = await inputsOf(functionEntry(name), name);
        expect(
          inputs.filter((input) => importers.test(input) && !allowed(name, input)),
          name,
        ).toEqual([]);
        if (name === 'llms') expect(inputs).toContain(documentMarkdown);
        if (name !== 'proxy' && name !== 'channels')
          expect(
            inputs.filter((input) => sender.test(input)),
            name,
          ).toEqual([]);
        if (name === 'channels') expect(inputs).toContain('functions/net/safe-fetch.ts');
        const lazy = onFirstUse[name];
        if (lazy) {
          expect(inputs.filter((input) => lazy.test(input)).length, `${name} carries what it loads on first use`).toBeGreaterThan(0);
          expect(
            loadedAtStart.filter((input) => lazy.test(input)),
            `${name} loads it on first use`,
          ).toEqual([]);
        }
      }
      // The worker builds (cURL's bash grammar as WebAssembly beside it, not tree-sitter's native binaries).
      const outfile = join(dir, 'import', 'index.mjs');
      const built = await buildWorker('import', outfile, { sourcemap: false, logLevel: 'silent', metafile: true });
      const worker = Object.keys(built.metafile!.inputs);
      expect(worker.some((input) => input.includes('js-yaml'))).toBe(true);
      expect(worker.some((input) => input.includes('shared/import/openapi/'))).toBe(true);
      expect(worker.some((input) => input.endsWith('.node'))).toBe(false);
      for (const wasm of ['tree-sitter.wasm', 'tree-sitter-bash.wasm'])
        expect(statSync(join(dir, 'import', wasm)).size, wasm).toBeGreaterThan(0);
      // The export worker builds with its writers and the YAML writer (js-yaml's, which the readers carry too).
      const exporter = Object.keys(
        (
          await buildWorker('export', join(dir, 'export', 'index.mjs'), {
            sourcemap: false,
            logLevel: 'silent',
            metafile: true,
          })
        ).metafile!.inputs,
      );
      expect(exporter.some((input) => /node_modules\/js-yaml\//.test(input))).toBe(true);
      expect(exporter.some((input) => input.includes('functions/export/openapi/'))).toBe(true);
      // The PDF writer's fonts go beside the bundle, where it looks for them first (formats/pdf fontsDir).
      for (const font of ['NotoSansSC-Subset-Regular.ttf', 'NotoSansSC-Subset-Bold.ttf', 'JetBrainsMono-Regular.ttf'])
        expect(statSync(join(dir, 'export', 'fonts', font)).size, font).toBeGreaterThan(0);
      // And DOMPurify's browser build, which the HTML export inlines.
      expect(statSync(join(dir, 'export', 'viewer', 'purify.min.js')).size).toBeGreaterThan(10_000);
    },
  );
  it(
    'carry the request scripts’ sandbox in the run-scenario worker, chai as text and QuickJS’s WebAssembly inside: it runs with no node_modules beside it',
    { timeout: 300_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'apiloom-scripts-bundle-'));
      const built = await buildWorker('run-scenario', join(dir, 'worker', 'index.mjs'), {
        sourcemap: false,
        logLevel: 'silent',
        metafile: true,
      });
      const inputs = Object.keys(built.metafile!.inputs);
      expect(inputs).toContain('shared/script-sandbox/sandbox.ts');
      // chai-source.ts (which reads node_modules/chai when run from source) comes in as chai's text itself.
      const chai = statSync(join(ROOT, 'node_modules/chai/index.js')).size;
      expect(built.metafile!.inputs['shared/script-sandbox/chai-source.ts']!.bytes).toBeGreaterThan(chai);

      // The same bundle options around the sandbox alone, run by Node from a folder with no node_modules.
      const entry = join(dir, 'entry.ts');
      writeFileSync(
        entry,
        `import { chaiSource } from ${JSON.stringify(join(ROOT, 'shared/script-sandbox/chai-source.ts'))};
import { createScriptSandbox } from ${JSON.stringify(join(ROOT, 'shared/script-sandbox/sandbox.ts'))};
const sandbox = createScriptSandbox({ chaiSource: chaiSource() });
const request = { method: 'GET', url: 'https://api.example.test/', headers: [], body: { kind: 'none' } };
const code = "pm.test('one', () => pm.expect(1).to.equal(1)); pm.test('two', () => pm.expect(1).to.equal(2)); pm.environment.set('a', 'b');";
const result = await sandbox.run('pre', code, { request, environment: {}, variables: {} });
sandbox.dispose();
console.log(JSON.stringify({ tests: result.tests, environment: result.environment, error: result.error ?? null }));`,
      );
      const outfile = join(dir, 'alone', 'index.mjs');
      await build({ ...workerBundleOptions(entry, outfile), sourcemap: false, logLevel: 'silent' });
      const printed = execFileSync(process.execPath, [outfile], { cwd: dir, encoding: 'utf8' });
      expect(JSON.parse(printed)).toEqual({
        tests: [
          { name: 'one', passed: true },
          { name: 'two', passed: false, error: 'expected 1 to equal 2' },
        ],
        environment: { a: 'b' },
        error: null,
      });
    },
  );
  it('carry the message tables as JSON text that answers exactly what the tables say, in both languages', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiloom-messages-bundle-'));
    const entry = join(dir, 'entry.ts');
    writeFileSync(entry, `export { messages, translate } from ${JSON.stringify(join(ROOT, 'shared/messages.ts'))};`);
    const outfile = join(dir, 'messages', 'index.mjs');
    await build({ ...bundleOptions(entry, outfile), sourcemap: false, logLevel: 'silent' });
    // Keys as an object literal's (`notLoggedIn:"`) would mean the tables were compiled as code again.
    const code = readFileSync(outfile, 'utf8');
    expect(code.includes('\\"notLoggedIn\\":') || code.includes('{"error":{"notLoggedIn":')).toBe(true);
    expect(/[{,]notLoggedIn:["'`]/.test(code)).toBe(false);
    const bundled = (await import(pathToFileURL(outfile).href)) as { messages: typeof messages; translate: typeof translate };
    expect(JSON.parse(JSON.stringify(bundled.messages))).toEqual(JSON.parse(JSON.stringify(messages)));
    expect(bundled.translate('zh', 'error.tooManyRequests', { seconds: 3 })).toBe(translate('zh', 'error.tooManyRequests', { seconds: 3 }));
    expect(bundled.translate('en', 'v.password')).toBe(messages.en.v.password);
  });
});
