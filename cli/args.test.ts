import { describe, expect, it } from 'vitest';
import { parseCommand, usageFor, USAGE, USAGE_ZH, UsageError } from './args';

describe('the CLI’s command line', () => {
  it('takes flags or the environment, flags first', () => {
    const env = { APILOOM_URL: 'https://a.example', APILOOM_TOKEN: 'apl_env' };
    expect(parseCommand(['push', 'x.yaml', '--project', 'P', '--delete-missing', '--dry-run'], env)).toMatchObject({
      name: 'push',
      file: 'x.yaml',
      mode: 'merge',
      deleteMissing: true,
      dryRun: true,
      url: 'https://a.example',
      token: 'apl_env',
    });
    expect(parseCommand(['pull', '-p', 'P', '--format', 'openapi', '--out', 'a.json', '--token', 'apl_flag'], env)).toMatchObject({
      format: 'openapi-json',
      token: 'apl_flag',
    });
    for (const bad of [['push'], ['push', 'x', '--project', 'P', '--nope'], ['pull', '--project', 'P'], ['frob']])
      expect(() => parseCommand(bad, env), bad.join(' ')).toThrow(UsageError);
  });

  it('names the source explicitly with --source, so a renamed file is the same source to the project', () => {
    const env = { APILOOM_URL: 'https://a.example', APILOOM_TOKEN: 'apl_env' };
    expect(parseCommand(['push', 'build/openapi-2024.json', '--project', 'P', '--source', 'shop-api'], env)).toMatchObject({
      file: 'build/openapi-2024.json',
      source: 'shop-api',
    });
    expect(parseCommand(['push', 'x.yaml', '--project', 'P'], env)).not.toHaveProperty('source');
    expect(() => parseCommand(['push', 'x.yaml', '--project', 'P', '--source', ' '], env)).toThrow(UsageError);
  });

  it('reads apiloom run’s flags: a scenario or a folder, reporters, counts within their bounds', () => {
    const env = { APILOOM_URL: 'https://a.example', APILOOM_TOKEN: 'apl_env' };
    expect(parseCommand(['run', 'Checkout', '-p', 'P', '--env', 'staging', '--data', 'rows.csv', '--bail'], env)).toMatchObject({
      name: 'run',
      target: { scenario: 'Checkout' },
      env: 'staging',
      data: 'rows.csv',
      reporters: ['cli'],
      outDir: 'apiloom-reports',
      bail: true,
      parallel: 1,
    });
    expect(
      parseCommand(
        ['run', '--folder', 'Nightly/Orders', '-p', 'P', '--parallel', '4', '--reporters', 'junit,cli,junit', '--iterations', '3'],
        env,
      ),
    ).toMatchObject({ target: { folder: 'Nightly/Orders' }, parallel: 4, reporters: ['junit', 'cli'], iterations: 3 });
    for (const bad of [
      ['run', '-p', 'P'],
      ['run', 'A', 'B', '-p', 'P'],
      ['run', 'A', '--folder', 'F', '-p', 'P'],
      ['run', 'A', '-p', 'P', '--parallel', '0'],
      ['run', 'A', '-p', 'P', '--iterations', '1.5'],
      ['run', 'A', '-p', 'P', '--reporters', 'tap'],
      ['run', 'A'],
    ])
      expect(() => parseCommand(bad, env), bad.join(' ')).toThrow(UsageError);
  });

  it('lists every command, run included, in Chinese or English as the environment asks', () => {
    expect(usageFor({ LANG: 'zh_CN.UTF-8' })).toBe(USAGE_ZH);
    expect(usageFor({ LANG: 'zh_CN.UTF-8', APILOOM_LANG: 'en' })).toBe(USAGE);
    expect(usageFor({})).toBe(USAGE);
    for (const command of ['push', 'pull', 'status', 'run', 'diff', 'mcp']) {
      expect(USAGE).toContain(`apiloom ${command} `);
      expect(USAGE_ZH).toContain(`apiloom ${command} `);
    }
    expect(USAGE_ZH).toContain('apiloom run --folder');
  });
});
