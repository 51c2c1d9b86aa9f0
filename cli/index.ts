/**
 * `apiloom`: keep an Apiloom project in sync from CI (issue 26), and run its test scenarios there (issue 36, ./run). One file with no dependencies (Node's builtins and
 * its fetch), built by scripts/build-cli.ts. It talks to the open API (/open/v1) with a project token and never
 * prints the token. Exit codes: 0 done, 1 the job failed or reported failures, 2 usage or authentication.
 *
 * Its paths come from the open routes' addresses (shared/routes/open-addresses.ts, built with the route table's
 * `buildPath`), and its requests and answers are the routes' own types, imported as types only (nothing of zod or
 * the schemas is bundled).
 *
 * `apiloom mcp` is a separate entry: when `mcp.mjs` lies beside this file, the command runs it (same arguments,
 * same environment, its exit code); this file never loads it, so push, pull and status stay dependency-free.
 */
import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { verdictLines } from '../shared/compat/render';
import { OPEN_API_BASE } from '../shared/constants';
import { warningCountsText } from '../shared/import/warnings';
import type { RouteRequest, RouteResponse } from '../shared/routes';
import { openAddresses, type OpenRouteId } from '../shared/routes/open-addresses';
import { buildPath } from '../shared/routes/path';
import { parseCommand, usageFor, UsageError, type Command, type Connection } from './args';
import { diff } from './diff';
import { runCommand } from './run/command';

declare const CLI_VERSION: string;
const VERSION = typeof CLI_VERSION === 'string' ? CLI_VERSION : 'dev';

export const EXIT = { done: 0, failed: 1, usage: 2 } as const;

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
}

/** A refusal or failure with the exit code it means (and the API's error code, when the API refused). */
class Failure extends Error {
  constructor(
    message: string,
    readonly exit: number,
    readonly code?: number,
  ) {
    super(message);
  }
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** An import job as the open API shows it: the import screen's view of it (shared/schemas/import.ts). */
type JobView = RouteResponse<'open.importGet'>;

const POLL_MS = 500;
const JOB_TIMEOUT_MS = 15 * 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The API's base: `<site>/api`, or the address itself when it already ends in /api. */
const apiBase = (url: string) => `${url.replace(/\/+$/, '').replace(/\/api$/, '')}/api`;

/**
 * One call of an open route, by its id: its data, or a Failure whose exit code follows the HTTP status. Every open
 * route but the OpenAPI file is about the connection's project, which fills `{projectId}`.
 */
async function call<Id extends OpenRouteId>(
  c: Connection,
  id: Id,
  request: Omit<RouteRequest<Id>, 'params'> & { params?: Record<string, string> },
): Promise<RouteResponse<Id>> {
  const { method, ...address } = openAddresses[id];
  const body = 'body' in request ? request.body : undefined;
  const query = 'query' in request && request.query ? `?${new URLSearchParams(request.query as Record<string, string>)}` : '';
  const url = `${apiBase(c.url)}${buildPath(address, { projectId: c.project, ...request.params })}${query}`;
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${c.token}`,
          'accept-language': c.lang,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch (err) {
      throw new Failure(`cannot reach ${apiBase(c.url)}${OPEN_API_BASE}: ${(err as Error).message}`, EXIT.failed);
    }
    // Throttled: wait as told, a few times.
    if (res.status === 429 && attempt < 5) {
      await sleep(Math.min(60, Number(res.headers.get('retry-after') ?? 2)) * 1000);
      continue;
    }
    let envelope: Envelope<RouteResponse<Id>> | undefined;
    try {
      envelope = (await res.json()) as Envelope<RouteResponse<Id>>;
    } catch {
      envelope = undefined;
    }
    if (res.ok && envelope?.code === 0) return envelope.data;
    const message = envelope?.message ?? `HTTP ${res.status}`;
    const auth = res.status === 401 || res.status === 403 || res.status === 404;
    throw new Failure(
      `${message} (HTTP ${res.status}${envelope ? `, code ${envelope.code}` : ''})`,
      auth || res.status === 422 ? EXIT.usage : EXIT.failed,
      envelope?.code,
    );
  }
}

async function poll<T extends { state: string }>(fetchOnce: () => Promise<T>, over: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + JOB_TIMEOUT_MS;
  for (;;) {
    const view = await fetchOnce();
    if (over(view)) return view;
    if (Date.now() > deadline) throw new Failure(`still ${view.state} after ${JOB_TIMEOUT_MS / 60_000} minutes`, EXIT.failed);
    await sleep(POLL_MS);
  }
}

function summary(job: JobView, file: string, lang: 'zh' | 'en'): string[] {
  const r = job.report;
  const lines = [`${job.options.dryRun ? 'Dry run of' : 'Pushed'} ${file}${job.format ? ` (${job.format})` : ''}: ${job.state}`];
  if (job.error) lines.push(`  error: ${job.error.message}`);
  if (r) {
    lines.push(`  created ${r.created}, updated ${r.updated}, skipped ${r.skipped}, deleted ${r.deleted}, failed ${r.failed}`);
    if (r.warnings.length) {
      const total = r.warningCounts ? Object.values(r.warningCounts).reduce((n, c) => n + c, 0) : r.warnings.length;
      lines.push(`  warnings (${total}${total > r.warnings.length ? `, the first ${r.warnings.length} listed` : ''}):`);
      if (r.warningCounts) lines.push(`    by kind: ${warningCountsText('en', r.warningCounts)}`);
      for (const w of r.warnings) lines.push(`    ${w.pointer || '/'}: ${w.message}`);
    }
    // What applying the file changes for the API's clients (issue 35): the verdict and what breaks.
    if (r.compat) lines.push(...verdictLines(r.compat, lang).map((l) => `  ${l}`));
  }
  return lines;
}

/**
 * `push --fail-on` (issue 35): the same file as a dry run first; when what it would change breaks clients (or
 * warns), its findings are printed and the push stops there, exit 1, with nothing written.
 */
async function push(c: Extract<Command, { name: 'push' }>, io: Io): Promise<number> {
  if (c.failOn && !c.dryRun) {
    const preview = await pushOnce({ ...c, dryRun: true }, { ...io, out: () => {} });
    const verdict = preview.job.report?.compat;
    if (preview.exit !== EXIT.done || !verdict) {
      io.err(`apiloom: the dry run before --fail-on ${preview.exit !== EXIT.done ? 'failed' : 'reported no verdict'}: nothing was pushed`);
      return EXIT.failed;
    }
    if (verdict.summary.error > 0 || (c.failOn === 'warning' && verdict.summary.warning > 0)) {
      if (c.json) io.out(JSON.stringify(preview.job, null, 2));
      else {
        io.out(`Not pushed: ${c.file} would break clients (${verdict.summary.error} errors, ${verdict.summary.warning} warnings):`);
        for (const f of verdict.findings) io.out(`  ${f.severity} ${f.id}: ${f.message[c.lang]}`);
      }
      return EXIT.failed;
    }
  }
  return (await pushOnce(c, io)).exit;
}

async function pushOnce(c: Extract<Command, { name: 'push' }>, io: Io): Promise<{ exit: number; job: JobView }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(c.file);
  } catch (err) {
    throw new Failure(`cannot read ${c.file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, EXIT.usage);
  }
  const ticket = await call(c, 'open.importUpload', {
    // The source's name: what the project's import stamps remember (a re-import matches by operation either way).
    body: { name: c.source ?? basename(c.file), size: bytes.length },
  });
  const put = await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: new Uint8Array(bytes) }).catch((err: Error) => {
    throw new Failure(`upload failed: ${err.message}`, EXIT.failed);
  });
  if (!put.ok) throw new Failure(`upload failed: HTTP ${put.status}`, EXIT.failed);
  await call(c, 'open.importStart', {
    body: {
      id: ticket.id,
      format: c.format,
      mode: c.mode,
      deleteMissing: c.deleteMissing,
      dryRun: c.dryRun,
      ...(c.folder ? { folderId: c.folder } : {}),
    },
  });
  const job = await poll(
    () => call(c, 'open.importGet', { params: { id: ticket.id } }),
    (j) => j.state === 'done' || j.state === 'failed',
  );
  if (c.json) io.out(JSON.stringify(job, null, 2));
  else for (const line of summary(job, c.file, c.lang)) io.out(line);
  return { exit: job.state === 'failed' || (job.report?.failed ?? 0) > 0 ? EXIT.failed : EXIT.done, job };
}

async function pull(c: Extract<Command, { name: 'pull' }>, io: Io): Promise<number> {
  const started = await call(c, 'open.exportStart', { body: { format: c.format, language: c.lang } });
  const job = await poll(
    () => call(c, 'open.exportGet', { params: { id: started.id } }),
    (j) => j.state === 'done' || j.state === 'failed',
  );
  if (job.state === 'failed' || !job.url) throw new Failure(`export failed: ${job.error?.message ?? 'no file'}`, EXIT.failed);
  // The download link is short-lived and signed: it needs no token (and gets none).
  const res = await fetch(new URL(job.url, c.url)).catch((err: Error) => {
    throw new Failure(`download failed: ${err.message}`, EXIT.failed);
  });
  if (!res.ok) throw new Failure(`download failed: HTTP ${res.status}`, EXIT.failed);
  const body = new Uint8Array(await res.arrayBuffer());
  await writeFile(c.out, body);
  if (c.json) io.out(JSON.stringify({ format: c.format, out: c.out, size: body.length, fileName: job.fileName }, null, 2));
  else io.out(`Pulled ${c.format} to ${c.out} (${body.length} bytes)`);
  return EXIT.done;
}

async function status(c: Extract<Command, { name: 'status' }>, io: Io): Promise<number> {
  const { imports } = await call(c, 'open.imports', {});
  const shown = imports.slice(0, c.limit);
  if (c.json) {
    io.out(JSON.stringify({ imports: shown }, null, 2));
  } else if (!shown.length) {
    io.out('No imports yet.');
  } else {
    for (const job of shown) {
      const r = job.report;
      const counts = r ? `created ${r.created}, updated ${r.updated}, skipped ${r.skipped}, deleted ${r.deleted}, failed ${r.failed}` : '';
      io.out(
        `${job.createdAt}  ${job.state.padEnd(7)}  ${job.source}  by ${job.by.kind} ${job.by.name}${job.options.dryRun ? '  (dry run)' : ''}${counts ? `  ${counts}` : ''}${r?.warnings.length ? `, ${r.warnings.length} warnings` : ''}${job.error ? `  ${job.error.message}` : ''}`,
      );
    }
  }
  // The last import failed: a CI status check fails with it.
  return shown[0]?.state === 'failed' ? EXIT.failed : EXIT.done;
}

/** `apiloom mcp`: runs the MCP server's own bundle (cli/mcp, built beside this file) when it is there. */
function mcp(args: string[], io: Io): Promise<number> {
  const entry = join(dirname(fileURLToPath(import.meta.url)), 'mcp.mjs');
  if (!existsSync(entry)) {
    io.err('apiloom mcp: the MCP server is not installed beside this CLI');
    return Promise.resolve(EXIT.usage);
  }
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], { stdio: 'inherit', env: io.env });
    child.on('exit', (code) => resolve(code ?? EXIT.failed));
  });
}

/** Runs a command line; answers the exit code. Never prints the token, whatever goes wrong. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  // `apiloom diff` (issue 35) parses and runs on its own (cli/diff.ts).
  if (argv[0] === 'diff') return diff(argv.slice(1), io);
  let command: Command;
  try {
    command = parseCommand(argv, io.env);
  } catch (err) {
    io.err(`apiloom: ${(err as Error).message}`);
    io.err(usageFor(io.env));
    return EXIT.usage;
  }
  const token = 'token' in command ? command.token : undefined;
  const scrub = (text: string) => (token ? text.split(token).join('***') : text);
  const safe: Io = { ...io, out: (l) => io.out(scrub(l)), err: (l) => io.err(scrub(l)) };
  try {
    switch (command.name) {
      case 'help':
        safe.out(usageFor(io.env));
        return EXIT.done;
      case 'version':
        safe.out(VERSION);
        return EXIT.done;
      case 'mcp':
        return await mcp(command.args, io);
      case 'push':
        return await push(command, safe);
      case 'pull':
        return await pull(command, safe);
      case 'status':
        return await status(command, safe);
      case 'run': {
        const c = command;
        return await runCommand(c, (id, request) => call(c, id, request), {
          ...safe,
          fail: (message, exit) => new Failure(message, exit),
        });
      }
    }
  } catch (err) {
    if (err instanceof Failure) {
      safe.err(`apiloom: ${err.message}`);
      return err.exit;
    }
    if (err instanceof UsageError) {
      safe.err(`apiloom: ${err.message}`);
      return EXIT.usage;
    }
    safe.err(`apiloom: ${(err as Error).message}`);
    return EXIT.failed;
  }
}

// Run as a program (also through npm's bin link, whose path is resolved first), not imported by a test.
const invokedDirectly =
  !!process.argv[1] && existsSync(process.argv[1]) && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const code = await main(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
  });
  process.exitCode = code;
}
