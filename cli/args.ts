/**
 * The CLI's command line (issue 26), parsed with node:util's parseArgs alone: the CLI is one file with no
 * dependencies. Each command names its flags; anything else is a usage error (exit 2).
 */
import { parseArgs } from 'node:util';
import { EXPORT_FORMATS, IMPORT_MODES as MODES } from '../shared/constants';
import { IMPORT_FORMATS as SHARED_IMPORT_FORMATS } from '../shared/import/types';

// The same lists the open API validates with: zod-free modules, so the bundle stays dependency-free.
export { EXPORT_FORMATS, MODES };
export const IMPORT_FORMATS = ['auto', ...SHARED_IMPORT_FORMATS] as const;

export class UsageError extends Error {}

const common = {
  project: { type: 'string', short: 'p' },
  url: { type: 'string' },
  token: { type: 'string' },
  json: { type: 'boolean', default: false },
  lang: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export interface Connection {
  project: string;
  /** The site's address (`https://apiloom.example.com`), or its API's (`…/api`). */
  url: string;
  token: string;
  json: boolean;
  lang: 'zh' | 'en';
}

export type Command =
  | ({
      name: 'push';
      file: string;
      mode: (typeof MODES)[number];
      deleteMissing: boolean;
      dryRun: boolean;
      format: (typeof IMPORT_FORMATS)[number];
      folder?: string;
      /** Issue 35: a dry run first; exit 1, with nothing written, when it would break clients (or warn). */
      failOn?: 'breaking' | 'warning';
      /** The name the project knows this source by (its imports' stamps), instead of the file's name. */
      source?: string;
    } & Connection)
  | ({ name: 'pull'; format: (typeof EXPORT_FORMATS)[number]; out: string } & Connection)
  | ({ name: 'status'; limit: number } & Connection)
  | { name: 'help' }
  | { name: 'version' }
  | { name: 'mcp'; args: string[] };

export const USAGE = `Usage:
  apiloom push FILE --project P [--mode merge|skip|overwrite] [--delete-missing] [--dry-run] [--format auto|openapi|…] [--folder ID] [--source NAME] [--fail-on breaking|warning] [--json]
  apiloom pull --project P --format openapi-json --out api.json [--json]
  apiloom status --project P [--json]
  apiloom diff --project P --from 1.0.0 [--to live] | apiloom diff OLD_FILE NEW_FILE   (apiloom diff --help)
  apiloom mcp --project P            (when the MCP server is installed beside this file)

The server and the token: --url and --token, or APILOOM_URL and APILOOM_TOKEN (a project token, apl_…).
Exit codes: 0 done, 1 the import (or export) failed or reported failures, 2 usage or authentication.`;

function pick<T extends readonly string[]>(value: string | undefined, allowed: T, flag: string, fallback: T[number]): T[number] {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${flag} must be one of: ${allowed.join(', ')}`);
  return value;
}

function connection(values: Record<string, unknown>, env: NodeJS.ProcessEnv): Connection {
  const project = values.project as string | undefined;
  const url = (values.url as string | undefined) ?? env.APILOOM_URL;
  const token = (values.token as string | undefined) ?? env.APILOOM_TOKEN;
  if (!project) throw new UsageError('--project is required');
  if (!url) throw new UsageError('the server address is missing: --url or APILOOM_URL');
  if (!/^https?:\/\//.test(url)) throw new UsageError('--url must start with http:// or https://');
  if (!token) throw new UsageError('the token is missing: --token or APILOOM_TOKEN');
  const lang = (values.lang as string | undefined) ?? env.APILOOM_LANG ?? (env.LANG?.startsWith('zh') ? 'zh' : 'en');
  return { project, url, token, json: !!values.json, lang: lang === 'zh' ? 'zh' : 'en' };
}

/** The command an argv (without node and the script) names. */
export function parseCommand(argv: readonly string[], env: NodeJS.ProcessEnv = {}): Command {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') return { name: 'help' };
  if (name === 'version' || name === '--version') return { name: 'version' };
  // `apiloom mcp`: the MCP server is an entry of its own (cli/mcp), so this file keeps no dependencies.
  if (name === 'mcp') return { name: 'mcp', args: rest };
  try {
    switch (name) {
      case 'push': {
        const { values, positionals } = parseArgs({
          args: [...rest],
          allowPositionals: true,
          options: {
            ...common,
            mode: { type: 'string' },
            'delete-missing': { type: 'boolean', default: false },
            'dry-run': { type: 'boolean', default: false },
            format: { type: 'string' },
            folder: { type: 'string' },
            'fail-on': { type: 'string' },
            source: { type: 'string' },
          },
        });
        if (values.help) return { name: 'help' };
        if (positionals.length !== 1) throw new UsageError('push takes one FILE');
        if (values.source !== undefined && !values.source.trim()) throw new UsageError('--source needs a name');
        return {
          name: 'push',
          file: positionals[0]!,
          mode: pick(values.mode, MODES, 'mode', 'merge'),
          deleteMissing: values['delete-missing'],
          dryRun: values['dry-run'],
          format: pick(values.format, IMPORT_FORMATS, 'format', 'auto'),
          ...(values.folder ? { folder: values.folder } : {}),
          ...(values['fail-on'] !== undefined
            ? { failOn: pick(values['fail-on'], ['breaking', 'warning'] as const, 'fail-on', 'breaking') }
            : {}),
          ...(values.source ? { source: values.source.trim() } : {}),
          ...connection(values, env),
        };
      }
      case 'pull': {
        const { values, positionals } = parseArgs({
          args: [...rest],
          allowPositionals: true,
          options: { ...common, format: { type: 'string' }, out: { type: 'string', short: 'o' } },
        });
        if (values.help) return { name: 'help' };
        if (positionals.length) throw new UsageError(`pull takes no ${positionals[0]}`);
        // `openapi` for short: the JSON one.
        const format = pick(values.format === 'openapi' ? 'openapi-json' : values.format, EXPORT_FORMATS, 'format', 'openapi-json');
        if (!values.out) throw new UsageError('--out is required');
        return { name: 'pull', format, out: values.out, ...connection(values, env) };
      }
      case 'status': {
        const { values, positionals } = parseArgs({
          args: [...rest],
          allowPositionals: true,
          options: { ...common, limit: { type: 'string' } },
        });
        if (values.help) return { name: 'help' };
        if (positionals.length) throw new UsageError(`status takes no ${positionals[0]}`);
        const limit = values.limit === undefined ? 5 : Number(values.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 20) throw new UsageError('--limit is 1-20');
        return { name: 'status', limit, ...connection(values, env) };
      }
      default:
        throw new UsageError(`unknown command: ${name}`);
    }
  } catch (err) {
    if (err instanceof UsageError) throw err;
    // parseArgs's own refusals (an unknown flag, a missing value).
    throw new UsageError((err as Error).message);
  }
}
