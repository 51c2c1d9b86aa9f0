/**
 * `apiloom`: keep an Apiloom project in sync from CI (issue 26). One file with no dependencies (Node's builtins and
 * its fetch), built by scripts/build-cli.ts. It talks to the open API (/open/v1) with a project token and never
 * prints the token. Exit codes: 0 done, 1 the job failed or reported failures, 2 usage or authentication.
 *
 * `apiloom mcp` is a separate entry: when `mcp.mjs` lies beside this file, the command runs it (same arguments,
 * same environment, its exit code); this file never loads it, so push, pull and status stay dependency-free.
 */
import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCommand, USAGE, UsageError, type Command, type Connection } from './args';

declare const CLI_VERSION: string;
const VERSION = typeof CLI_VERSION === 'string' ? CLI_VERSION : 'dev';

export const EXIT = { done: 0, failed: 1, usage: 2 } as const;

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
}

/** A refusal or failure with the exit code it means. */
class Failure extends Error {
  constructor(
    message: string,
    readonly exit: number,
  ) {
    super(message);
  }
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

interface JobView {
  id: string;
  state: 'uploading' | 'queued' | 'running' | 'done' | 'failed';
  format: string | null;
  source: string;
  options: { mode: string; deleteMissing: boolean; dryRun: boolean };
  report: {
    created: number;
    updated: number;
    skipped: number;
    deleted: number;
    failed: number;
    warnings: { pointer: string; code: string; message: string }[];
  } | null;
  error: { code: number; message: string } | null;
  createdAt: string;
  finishedAt: string | null;
}

const POLL_MS = 500;
const JOB_TIMEOUT_MS = 15 * 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The open API's base: `<site>/api/open/v1`, or `<api>/open/v1` when the address already ends in /api. */
const apiBase = (url: string) => `${url.replace(/\/+$/, '').replace(/\/api$/, '')}/api/open/v1`;

/** One call of the open API: its data, or a Failure whose exit code follows the HTTP status. */
async function call<T>(c: Connection, method: string, path: string, body?: unknown): Promise<T> {
  const url = `${apiBase(c.url)}${path}`;
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
      throw new Failure(`cannot reach ${apiBase(c.url)}: ${(err as Error).message}`, EXIT.failed);
    }
    // Throttled: wait as told, a few times.
    if (res.status === 429 && attempt < 5) {
      await sleep(Math.min(60, Number(res.headers.get('retry-after') ?? 2)) * 1000);
      continue;
    }
    let envelope: Envelope<T> | undefined;
    try {
      envelope = (await res.json()) as Envelope<T>;
    } catch {
      envelope = undefined;
    }
    if (res.ok && envelope?.code === 0) return envelope.data;
    const message = envelope?.message ?? `HTTP ${res.status}`;
    const auth = res.status === 401 || res.status === 403 || res.status === 404;
    throw new Failure(
      `${message} (HTTP ${res.status}${envelope ? `, code ${envelope.code}` : ''})`,
      auth || res.status === 422 ? EXIT.usage : EXIT.failed,
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

function summary(job: JobView, file: string): string[] {
  const r = job.report;
  const lines = [`${job.options.dryRun ? 'Dry run of' : 'Pushed'} ${file}${job.format ? ` (${job.format})` : ''}: ${job.state}`];
  if (job.error) lines.push(`  error: ${job.error.message}`);
  if (r) {
    lines.push(`  created ${r.created}, updated ${r.updated}, skipped ${r.skipped}, deleted ${r.deleted}, failed ${r.failed}`);
    if (r.warnings.length) {
      lines.push(`  warnings (${r.warnings.length}):`);
      for (const w of r.warnings) lines.push(`    ${w.pointer || '/'}: ${w.message}`);
    }
  }
  return lines;
}

async function push(c: Extract<Command, { name: 'push' }>, io: Io): Promise<number> {
  let bytes: Buffer;
  try {
    bytes = await readFile(c.file);
  } catch (err) {
    throw new Failure(`cannot read ${c.file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, EXIT.usage);
  }
  const project = `/projects/${encodeURIComponent(c.project)}`;
  const ticket = await call<{ id: string; url: string; headers: Record<string, string> }>(c, 'POST', `${project}/imports/upload`, {
    // The source's name: what the project's import stamps remember (a re-import matches by operation either way).
    name: c.source ?? basename(c.file),
    size: bytes.length,
  });
  const put = await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: new Uint8Array(bytes) }).catch((err: Error) => {
    throw new Failure(`upload failed: ${err.message}`, EXIT.failed);
  });
  if (!put.ok) throw new Failure(`upload failed: HTTP ${put.status}`, EXIT.failed);
  await call<JobView>(c, 'POST', `${project}/imports`, {
    id: ticket.id,
    format: c.format,
    mode: c.mode,
    deleteMissing: c.deleteMissing,
    dryRun: c.dryRun,
    ...(c.folder ? { folderId: c.folder } : {}),
  });
  const job = await poll(
    () => call<JobView>(c, 'GET', `${project}/imports/${encodeURIComponent(ticket.id)}`),
    (j) => j.state === 'done' || j.state === 'failed',
  );
  if (c.json) io.out(JSON.stringify(job, null, 2));
  else for (const line of summary(job, c.file)) io.out(line);
  return job.state === 'failed' || (job.report?.failed ?? 0) > 0 ? EXIT.failed : EXIT.done;
}

async function pull(c: Extract<Command, { name: 'pull' }>, io: Io): Promise<number> {
  const project = `/projects/${encodeURIComponent(c.project)}`;
  const started = await call<{ id: string }>(c, 'POST', `${project}/exports`, { format: c.format, language: c.lang });
  const job = await poll(
    () =>
      call<{ state: string; url: string | null; fileName: string | null; size: number | null; error: { message: string } | null }>(
        c,
        'GET',
        `${project}/exports/${encodeURIComponent(started.id)}`,
      ),
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
  const { imports } = await call<{ imports: (JobView & { by: { kind: string; name: string } })[] }>(
    c,
    'GET',
    `/projects/${encodeURIComponent(c.project)}/imports`,
  );
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
  let command: Command;
  try {
    command = parseCommand(argv, io.env);
  } catch (err) {
    io.err(`apiloom: ${(err as Error).message}`);
    io.err(USAGE);
    return EXIT.usage;
  }
  const token = 'token' in command ? command.token : undefined;
  const scrub = (text: string) => (token ? text.split(token).join('***') : text);
  const safe: Io = { ...io, out: (l) => io.out(scrub(l)), err: (l) => io.err(scrub(l)) };
  try {
    switch (command.name) {
      case 'help':
        safe.out(USAGE);
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
