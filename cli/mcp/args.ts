/** The command line of `apiloom mcp` (issue 26): flags first, then the environment. */

export const USAGE = `Usage: apiloom mcp --project <projectId> [--url <api base>] [--token <read token>]
  APILOOM_URL    the API base, e.g. https://docs.example.com/api
  APILOOM_TOKEN  a read token of the project (apl_...)`;

/** Flags and their values; `mcp` as the first word (as `apiloom mcp` passes it) is skipped. */
export function parseArgs(argv: string[], env: Record<string, string | undefined>) {
  const args = argv[0] === 'mcp' ? argv.slice(1) : argv;
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') return { help: true as const };
    const [name, inline] = arg.startsWith('--') ? arg.slice(2).split(/=(.*)/s, 2) : [undefined, undefined];
    if (!name || !['project', 'url', 'token'].includes(name)) return { error: `Unknown argument: ${arg}` };
    const value = inline ?? args[++i];
    if (value === undefined) return { error: `--${name} needs a value` };
    flags[name] = value;
  }
  const url = flags.url ?? env.APILOOM_URL;
  const token = flags.token ?? env.APILOOM_TOKEN;
  if (!flags.project) return { error: '--project is required' };
  if (!url) return { error: 'Set APILOOM_URL (or --url) to the API base' };
  if (!token) return { error: 'Set APILOOM_TOKEN (or --token) to a read token of the project' };
  return { projectId: flags.project, url, token };
}
