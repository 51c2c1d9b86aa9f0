/**
 * `apiloom diff` (issue 35): the compatibility report from the command line.
 * - `apiloom diff --project P --from 1.0.0 [--to live]`: the project's report, from the open API (a read token);
 * - `apiloom diff old.yaml new.yaml`: two files, no server at all: the importers and the engine are bundled here.
 * Output as text, `--json`, or `--markdown` (a pull request comment). `--fail-on breaking|warning` exits 1 when the
 * report has an error (or an error or warning) that the project has not accepted; an unreadable file exits 2.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { compareStates, failsOn } from '../shared/compat/engine';
import { reportMarkdown, reportText } from '../shared/compat/render';
import { stateFromImport } from '../shared/compat/state';
import type { CompatReport } from '../shared/compat/types';
import { importInput, ImportRefusal } from '../shared/import';
import { openAddresses } from '../shared/routes/open-addresses';
import { buildPath } from '../shared/routes/path';
import { translate } from '../shared/messages';

export const DIFF_USAGE = `Usage:
  apiloom diff --project P --from 1.0.0 [--to live] [--json | --markdown] [--fail-on breaking|warning]
  apiloom diff OLD_FILE NEW_FILE [--json | --markdown] [--fail-on breaking|warning]     (no server needed)

Files are read by the import's own readers (OpenAPI, Swagger, Postman, YApi, Apiloom's project file, …).
Exit codes: 0 done, 1 --fail-on found what it fails on, 2 usage, an unreadable file or authentication.`;

export const FAIL_ON = ['breaking', 'warning'] as const;
export type FailOn = (typeof FAIL_ON)[number];

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
}

class DiffFailure extends Error {
  constructor(
    message: string,
    readonly exit: number,
  ) {
    super(message);
  }
}

export function parseFailOn(value: string | undefined): FailOn | undefined {
  if (value === undefined) return undefined;
  if (!(FAIL_ON as readonly string[]).includes(value)) throw new DiffFailure(`--fail-on must be one of: ${FAIL_ON.join(', ')}`, 2);
  return value as FailOn;
}

/** A file as the import reads it; a refusal is the importer's own, in the chosen language. */
async function readState(file: string, lang: 'zh' | 'en') {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    throw new DiffFailure(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, 2);
  }
  try {
    return stateFromImport(await importInput({ bytes: new Uint8Array(bytes), name: basename(file) }, { validate: false }));
  } catch (err) {
    if (err instanceof ImportRefusal) throw new DiffFailure(`${file}: ${translate(lang, `error.${err.reason}`, err.params)}`, 2);
    throw new DiffFailure(`${file}: ${(err as Error).message}`, 2);
  }
}

/** The open API's report for a project (the same address rules as push and pull). */
async function fetchReport(url: string, token: string, project: string, from: string, to: string, lang: string): Promise<CompatReport> {
  const base = `${url.replace(/\/+$/, '').replace(/\/api$/, '')}/api`;
  const address = `${base}${buildPath(openAddresses['open.changes'], { projectId: project })}?${new URLSearchParams({ from, to })}`;
  let res: Response;
  try {
    res = await fetch(address, { headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  } catch (err) {
    throw new DiffFailure(`cannot reach ${base}: ${(err as Error).message}`, 1);
  }
  const envelope = (await res.json().catch(() => undefined)) as { code: number; message: string; data: CompatReport } | undefined;
  if (res.ok && envelope?.code === 0) return envelope.data;
  const message = envelope?.message ?? `HTTP ${res.status}`;
  throw new DiffFailure(`${message} (HTTP ${res.status}${envelope ? `, code ${envelope.code}` : ''})`, res.status >= 500 ? 1 : 2);
}

/** Writes a report as asked and answers the exit code its `--fail-on` calls for. */
export function emitReport(report: CompatReport, opts: { json: boolean; markdown: boolean; lang: 'zh' | 'en'; heading: string }, io: Io) {
  if (opts.json) io.out(JSON.stringify(report, null, 2));
  else if (opts.markdown) io.out(reportMarkdown(report, opts.lang, opts.heading));
  else io.out(reportText(report, opts.lang));
}

export async function diff(argv: readonly string[], io: Io): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        project: { type: 'string', short: 'p' },
        from: { type: 'string' },
        to: { type: 'string', default: 'live' },
        url: { type: 'string' },
        token: { type: 'string' },
        json: { type: 'boolean', default: false },
        markdown: { type: 'boolean', default: false },
        lang: { type: 'string' },
        'fail-on': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      io.out(DIFF_USAGE);
      return 0;
    }
    const lang = (values.lang ?? io.env.APILOOM_LANG) === 'zh' ? 'zh' : 'en';
    const failOn = parseFailOn(values['fail-on']);
    let report: CompatReport;
    let heading: string;
    if (positionals.length === 2) {
      const [oldFile, newFile] = positionals as [string, string];
      const [before, after] = [await readState(oldFile, lang), await readState(newFile, lang)];
      report = compareStates(before, after);
      heading = `${basename(oldFile)} → ${basename(newFile)}`;
    } else if (positionals.length === 0 && values.project && values.from) {
      const url = values.url ?? io.env.APILOOM_URL;
      const token = values.token ?? io.env.APILOOM_TOKEN;
      if (!url || !token) throw new DiffFailure('--url and --token (or APILOOM_URL and APILOOM_TOKEN) are needed with --project', 2);
      try {
        report = await fetchReport(url, token, values.project, values.from, values.to, lang);
      } catch (err) {
        // Never the token, whatever the server said.
        if (err instanceof DiffFailure) throw new DiffFailure(err.message.split(token).join('***'), err.exit);
        throw err;
      }
      heading = `${values.from} → ${values.to}`;
    } else throw new DiffFailure('give two files, or --project with --from VERSION', 2);
    emitReport(report, { json: values.json, markdown: values.markdown, lang, heading }, io);
    return failOn && failsOn(report, failOn) ? 1 : 0;
  } catch (err) {
    io.err(`apiloom diff: ${(err as Error).message}`);
    if (err instanceof DiffFailure) {
      if (err.exit === 2 && /^give |^--/.test(err.message)) io.err(DIFF_USAGE);
      return err.exit;
    }
    // node:util's own refusals (an unknown flag) are usage errors.
    if ((err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(DIFF_USAGE);
      return 2;
    }
    return 1;
  }
}
