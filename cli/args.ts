/**
 * The CLI's command line (issue 26), parsed with node:util's parseArgs alone: the CLI is one file with no
 * dependencies. Each command names its flags; anything else is a usage error (exit 2).
 */
import { parseArgs } from 'node:util';
import { EXPORT_FORMATS, IMPORT_MODES as MODES } from '../shared/constants';
import { IMPORT_FORMATS as SHARED_IMPORT_FORMATS } from '../shared/import/types';
import { REPORTERS, type Reporter } from './run/report-files';

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
  | ({
      name: 'run';
      /** The scenario (id or name), or the folder (id, name or path) whose scenarios all run. */
      target: { scenario: string } | { folder: string };
      /** The environment (id or name) whose base address and plain variables the run uses. */
      env?: string;
      /** A CSV or JSON file: one iteration per row, instead of the scenario's own data set. */
      data?: string;
      iterations?: number;
      reporters: Reporter[];
      outDir: string;
      bail: boolean;
      /** Scenarios of a folder run at most this many at once. */
      parallel: number;
    } & Connection)
  | { name: 'help' }
  | { name: 'version' }
  | { name: 'mcp'; args: string[] };

export const USAGE = `Usage:
  apiloom push FILE --project P [--mode merge|skip|overwrite] [--delete-missing] [--dry-run] [--format auto|openapi|…] [--folder ID] [--source NAME] [--fail-on breaking|warning] [--json]
  apiloom pull --project P --format openapi-json --out api.json [--json]
  apiloom status --project P [--json]
  apiloom run SCENARIO --project P [--env ENV] [--data rows.csv] [--iterations N] [--reporters cli,junit,json,html] [--out-dir DIR] [--bail]
  apiloom run --folder F --project P [--parallel N] [...the same]   (every scenario of folder F, by id, name or path)
  apiloom diff --project P --from 1.0.0 [--to live] | apiloom diff OLD_FILE NEW_FILE   (apiloom diff --help)
  apiloom mcp --project P            (when the MCP server is installed beside this file)

The server and the token: --url and --token, or APILOOM_URL and APILOOM_TOKEN (a project token, apl_…).
run sends the scenario's requests from this machine; with a token of scope run, each run is recorded in the
scenario's history (a read token runs without recording).
Exit codes: 0 done (run: every check passed), 1 the import (or export) failed or reported failures (run: a check
failed), 2 usage or authentication (run: an unknown scenario, folder or environment).`;

export const USAGE_ZH = `用法：
  apiloom push 文件 --project P [--mode merge|skip|overwrite] [--delete-missing] [--dry-run] [--format auto|openapi|…] [--folder ID] [--source 名称] [--fail-on breaking|warning] [--json]
  apiloom pull --project P --format openapi-json --out api.json [--json]
  apiloom status --project P [--json]
  apiloom run 测试场景 --project P [--env 环境] [--data rows.csv] [--iterations N] [--reporters cli,junit,json,html] [--out-dir 目录] [--bail]
  apiloom run --folder F --project P [--parallel N] [...同上]   （运行目录 F 中的全部测试场景，F 为 ID、名称或路径）
  apiloom diff --project P --from 1.0.0 [--to live] | apiloom diff 旧文件 新文件   （apiloom diff --help）
  apiloom mcp --project P            （MCP 服务安装在本文件旁时）

服务器与令牌：--url 与 --token，或环境变量 APILOOM_URL 与 APILOOM_TOKEN（项目令牌，apl_…）。
run 从本机发出测试场景的请求；令牌有 run 权限时，每次运行都记入该场景的运行历史（read 令牌只运行、不记录）。
退出码：0 完成（run：全部检查通过），1 导入（或导出）失败或报告了失败（run：有检查未通过），2 用法或认证错误
（run：测试场景、目录或环境不存在）。`;

/** The usage text in the language the environment asks for (APILOOM_LANG, else LANG). */
export const usageFor = (env: NodeJS.ProcessEnv, lang?: string) =>
  (lang ?? env.APILOOM_LANG ?? (env.LANG?.startsWith('zh') ? 'zh' : 'en')) === 'zh' ? USAGE_ZH : USAGE;

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
      case 'run': {
        const { values, positionals } = parseArgs({
          args: [...rest],
          allowPositionals: true,
          options: {
            ...common,
            env: { type: 'string', short: 'e' },
            data: { type: 'string', short: 'd' },
            iterations: { type: 'string', short: 'n' },
            reporters: { type: 'string', short: 'r' },
            'out-dir': { type: 'string' },
            bail: { type: 'boolean', default: false },
            folder: { type: 'string' },
            parallel: { type: 'string' },
          },
        });
        if (values.help) return { name: 'help' };
        if (values.folder !== undefined ? positionals.length !== 0 : positionals.length !== 1)
          throw new UsageError('run takes one SCENARIO, or --folder F');
        if (values.folder !== undefined && !values.folder.trim()) throw new UsageError('--folder needs a folder');
        const count = (flag: string, value: string | undefined, max: number) => {
          if (value === undefined) return undefined;
          const n = Number(value);
          if (!Number.isInteger(n) || n < 1 || n > max) throw new UsageError(`--${flag} is 1-${max}`);
          return n;
        };
        const reporters = (values.reporters ?? 'cli').split(',').map((r) => r.trim());
        for (const r of reporters)
          if (!(REPORTERS as readonly string[]).includes(r)) throw new UsageError(`--reporters takes: ${REPORTERS.join(', ')}`);
        const iterations = count('iterations', values.iterations, 10_000);
        return {
          name: 'run',
          target: values.folder !== undefined ? { folder: values.folder.trim() } : { scenario: positionals[0]! },
          ...(values.env ? { env: values.env } : {}),
          ...(values.data ? { data: values.data } : {}),
          ...(iterations ? { iterations } : {}),
          reporters: [...new Set(reporters)] as Reporter[],
          outDir: values['out-dir'] ?? 'apiloom-reports',
          bail: values.bail,
          parallel: count('parallel', values.parallel, 16) ?? 1,
          ...connection(values, env),
        };
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
