/**
 * One esbuild bundle per Lambda function: dist/functions/<name>/index.mjs, ESM for Node 22 on arm64, kept small
 * so cold starts are short:
 * - the DynamoDB client, which every request uses, is bundled from the SDK's ES module builds (tree-shaken, one
 *   file to read at init) with the default credential chain replaced by the environment provider Lambda uses
 *   (functions/data/env-credentials.ts);
 * - the S3 client and presigner, which a few routes use, are left to the AWS SDK v3 that the Node 22 Lambda
 *   runtime provides and load on first use (functions/data/s3.ts); scripts/build-functions.test.ts keeps them
 *   on the same major version and checks the bundles.
 */
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { messages as MessageTablesValue } from '../shared/message-tables';
import { gzipSync } from 'node:zlib';
import { SERVICES } from '@shared/routes';
import { JOB_NAMES, ORIGIN_NAMES, STREAM_CONSUMER_NAMES, WORKER_NAMES, type WorkerName } from '@shared/jobs';
import { chaiInlined } from './chai-inlined';
import { FUNCTIONS_OUT, functionEntry, ROOT } from './local/paths';

/** Provided by the Node 22 Lambda runtime (AWS SDK for JavaScript v3) and loaded lazily. */
export const RUNTIME_PROVIDED = [
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  '@aws-sdk/client-lambda',
  // Mail, text messages (the user function, CODE_SENDER=aws) and the providers' secret (the oauth function).
  '@aws-sdk/client-sesv2',
  '@aws-sdk/client-pinpoint-sms-voice-v2',
  '@aws-sdk/client-secrets-manager',
  // Run secrets sealed and opened with KMS (the environment function and the run-scenario worker, issue 36).
  '@aws-sdk/client-kms',
  // Scenario schedules made, replaced and deleted in EventBridge Scheduler (the scenario function, issue 36).
  '@aws-sdk/client-scheduler',
];

/**
 * A module whose every export throws when called: for code a library imports that no function runs. The export
 * names are read from the real file, so an upgrade that adds one still builds, and nothing silently answers wrong
 * if one is ever called. `create…` factories run when read (zod's Standard Schema): they hand back the thrower.
 */
function throwingModule(name: string, filter: RegExp): Plugin {
  return {
    name,
    setup(b) {
      b.onLoad({ filter }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const names = [...source.matchAll(/^export (?:function|const|let|class) (\w+)/gm)].map((m) => m[1]!);
        const aliases = [...source.matchAll(/^export \{ (\w+) as (\w+) \}/gm)].map((m) => m[2]!);
        const reExports = [...source.matchAll(/^export \{([^}]+)\} from/gm)].flatMap((m) =>
          m[1]!
            .split(',')
            .map((part) =>
              part
                .trim()
                .split(/\s+as\s+/)
                .at(-1)!,
            )
            .filter(Boolean),
        );
        const fail = `() => { throw new Error('${name}: not built into Lambda bundles'); }`;
        const contents = [...new Set([...names, ...aliases, ...reExports])]
          .map((n) => `export const ${n} = ${n.startsWith('create') ? `() => ${fail}` : fail};`)
          .join('\n');
        return { contents, loader: 'js' };
      });
    },
  };
}

/**
 * zod's classic schemas import its JSON Schema converter (for `.toJSONSchema()` and Standard Schema's
 * `jsonSchema`), 18 KB minified that no function calls.
 */
const zodWithoutJsonSchema = throwingModule(
  'zod-without-json-schema',
  /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/,
);

/**
 * The AWS SDK's protocols load event-stream support (15 KB minified) on first use of an event-stream operation;
 * DynamoDB has none, and S3 and Lambda come from the runtime, so no function ever loads it.
 */
const sdkWithoutEventStreams = throwingModule(
  'sdk-without-event-streams',
  /[\\/]@smithy[\\/]core[\\/]dist-es[\\/]submodules[\\/]event-streams[\\/]index\.js$/,
);

/**
 * The open API's own OpenAPI description (`GET /open/v1/openapi.json`) is the open function's largest input, 48 KB of
 * object literal minified, read by a few callers a day. It goes into the bundle gzipped (about a sixth of that)
 * and is unzipped on its first read (the handler imports it then), which takes a few milliseconds.
 */
const openApiDescriptionGzipped: Plugin = {
  name: 'open-api-description-gzipped',
  setup(b) {
    b.onLoad({ filter: /[\\/]functions[\\/]services[\\/]open[\\/]openapi\.json$/ }, (args) => {
      const packed = gzipSync(JSON.stringify(JSON.parse(readFileSync(args.path, 'utf8'))), { level: 9 }).toString('base64');
      return {
        contents: `import { gunzipSync } from 'node:zlib';\nexport default JSON.parse(gunzipSync(Buffer.from(${JSON.stringify(packed)}, 'base64')).toString('utf8'));`,
        loader: 'js',
      };
    });
  },
};

/**
 * The zh and en message tables (shared/message-tables.ts, 22 KB minified) go in as JSON text, one string per language,
 * parsed the first time a function answers in that language: V8 compiles an object literal that size in about
 * 1.2 ms of every cold start and scans the same text as a string in a tenth of that. The tables are read here, at
 * build time, from the module itself, so the texts have one source.
 */
type MessageTables = typeof MessageTablesValue;
const messageTablesAsJson: Plugin = {
  name: 'message-tables-as-json',
  setup(b) {
    b.onLoad({ filter: /[\\/]shared[\\/]message-tables\.ts$/ }, async (args) => {
      const { messages } = (await import(pathToFileURL(args.path).href)) as { messages: MessageTables };
      const locales = Object.keys(messages) as (keyof typeof messages)[];
      const texts = locales.map((locale) => `${locale}: ${JSON.stringify(JSON.stringify(messages[locale]))}`);
      const getters = locales.map((locale) => `get ${locale}() { return (parsed.${locale} ??= JSON.parse(texts.${locale})); }`);
      return {
        contents: `const texts = { ${texts.join(', ')} };\nconst parsed = {};\nexport const messages = { ${getters.join(', ')} };`,
        loader: 'js',
      };
    });
  },
};

/** What every function's build shares; where the output goes is bundleOptions' and workerBundleOptions' own. */
const commonOptions = (entry: string): BuildOptions => ({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  minify: true,
  sourcemap: 'linked',
  legalComments: 'none',
  // Chinese text (the zh messages, zod's zh locale) as UTF-8, 3 bytes a character, not 6-byte \u escapes.
  charset: 'utf8',
  logLevel: 'warning',
  mainFields: ['module', 'main'],
  external: RUNTIME_PROVIDED,
  alias: {
    '@aws-sdk/credential-provider-node': join(ROOT, 'functions/data/env-credentials.ts'),
    // The DynamoDB client's endpoint cache (discovery is off) on a Map instead of mnemonist: 7 KB less per bundle.
    'mnemonist/lru-cache': join(ROOT, 'functions/data/lru-cache.ts'),
  },
  // Some CommonJS dependencies call require() for Node built-ins; give the ESM bundle one.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  plugins: [zodWithoutJsonSchema, sdkWithoutEventStreams, openApiDescriptionGzipped, messageTablesAsJson],
});

/**
 * A service's or job's bundle: `outfile`, and beside it in `chunks/` the code it loads with `import()` on first use
 * (a channel's test message sender; the SDK's own lazy parts), which a cold start neither reads nor compiles. The
 * Lambda's asset is the whole folder.
 */
export const bundleOptions = (entry: string, outfile: string): BuildOptions => ({
  ...commonOptions(entry),
  outdir: dirname(outfile),
  entryNames: basename(outfile, '.mjs'),
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
});

/** The files of a build that a cold start reads: the entry and the chunks it imports statically, transitively. */
export function filesLoadedAtStart(metafile: Metafile, outfile: string): string[] {
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const { path, kind, external } of metafile.outputs[file]?.imports ?? []) if (kind === 'import-statement' && !external) visit(path);
  };
  visit(relative(process.cwd(), outfile));
  return [...loaded].map((file) => resolve(file));
}

const CURL_PARSER = join(ROOT, 'functions/workers/import/curl-parser.ts');

/**
 * The import worker's bundle: curlconverter's native bash parser (tree-sitter, no linux-arm64 prebuild, not
 * bundleable) is swapped for the WebAssembly one of functions/workers/import/curl-parser.ts, whose .wasm files are
 * copied beside the bundle.
 */
export const workerBundleOptions = (entry: string, outfile: string): BuildOptions => ({
  ...commonOptions(entry),
  // One file: web-tree-sitter finds its .wasm files by the bundle's own folder.
  outfile,
  // web-tree-sitter reads `__dirname` when it runs in Node: an ES module has none, so the bundle defines it.
  banner: {
    js: `${commonOptions(entry).banner!.js} import { dirname as __dn } from 'node:path'; import { fileURLToPath as __fu } from 'node:url'; const __filename = __fu(import.meta.url); const __dirname = __dn(__filename);`,
  },
  plugins: [
    zodWithoutJsonSchema,
    sdkWithoutEventStreams,
    messageTablesAsJson,
    // The run-scenario worker runs request scripts: chai goes in as text.
    chaiInlined,
    {
      name: 'curl-wasm-parser',
      setup(b) {
        b.onResolve({ filter: /^\.\/Parser\.js$/ }, (args) =>
          /curlconverter[\\/]dist[\\/]src[\\/]shell/.test(args.importer) ? { path: CURL_PARSER } : undefined,
        );
      },
    },
  ],
});

/** The files each worker reads beside its bundle, by the name it reads them under. */
const WORKER_FILES: Record<WorkerName, () => Promise<Record<string, string>>> = {
  // The engine and the guarded fetch are all in the bundle.
  'run-scenario': async () => ({}),
  // curlconverter's WebAssembly parser.
  import: async () => {
    const { CURL_WASM_FILES } = await import('../functions/workers/import/curl-parser');
    const require = createRequire(import.meta.url);
    return Object.fromEntries(Object.entries(CURL_WASM_FILES).map(([name, from]) => [name, require.resolve(from)]));
  },
  // The PDF writer's fonts (functions/export/fonts) in `fonts/`, with their licences; DOMPurify's browser
  // build in `viewer/`, which the HTML export inlines into its file.
  export: async () => {
    const dir = join(ROOT, 'functions/export/fonts');
    const require = createRequire(import.meta.url);
    const fonts = readdirSync(dir).filter((f) => /\.(ttf|txt)$/.test(f));
    return {
      ...Object.fromEntries(fonts.map((f) => [`fonts/${f}`, join(dir, f)])),
      'viewer/purify.min.js': require.resolve('dompurify/purify.min.js'),
    };
  },
};

export async function buildWorker(name: WorkerName, outfile: string, extra: Partial<BuildOptions> = {}) {
  const result = await build({ ...workerBundleOptions(functionEntry(name, 'worker'), outfile), ...extra });
  for (const [to, from] of Object.entries(await WORKER_FILES[name]())) {
    mkdirSync(dirname(join(dirname(outfile), to)), { recursive: true });
    copyFileSync(from, join(dirname(outfile), to));
  }
  return result;
}

export async function buildFunctions(opts: { quiet?: boolean } = {}) {
  mkdirSync(FUNCTIONS_OUT, { recursive: true });
  const sizes: Record<string, { bytes: number; gzip: number }> = {};
  const entries = [
    ...SERVICES.map((name) => ({ name, entry: functionEntry(name, 'service') })),
    ...JOB_NAMES.map((name) => ({ name, entry: functionEntry(name, 'job') })),
    ...WORKER_NAMES.map((name) => ({ name, entry: functionEntry(name, 'worker'), worker: true })),
    ...STREAM_CONSUMER_NAMES.map((name) => ({ name, entry: functionEntry(name, 'worker') })),
    ...ORIGIN_NAMES.map((name) => ({ name, entry: functionEntry(name, 'origin') })),
  ];
  await Promise.all(
    entries.map(async ({ name: service, entry, ...kind }) => {
      const outfile = join(FUNCTIONS_OUT, service, 'index.mjs');
      // Chunks are named by their content: an earlier build's would stay beside the new ones.
      rmSync(join(FUNCTIONS_OUT, service, 'chunks'), { recursive: true, force: true });
      const { metafile } =
        'worker' in kind
          ? await buildWorker(service as WorkerName, outfile, { metafile: true })
          : await build({ ...bundleOptions(entry, outfile), metafile: true });
      // What a cold start reads.
      const code = Buffer.concat(filesLoadedAtStart(metafile!, outfile).map((file) => readFileSync(file)));
      sizes[service] = { bytes: code.length, gzip: gzipSync(code).length };
    }),
  );
  writeFileSync(join(FUNCTIONS_OUT, 'sizes.json'), JSON.stringify(sizes, null, 2));
  if (!opts.quiet) {
    for (const [service, s] of Object.entries(sizes)) {
      console.log(`  ${service.padEnd(10)} ${(s.bytes / 1024).toFixed(0).padStart(6)} KB  (${(s.gzip / 1024).toFixed(0)} KB gzip)`);
    }
  }
  return sizes;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('Building Lambda bundles:');
  await buildFunctions();
}
