import { describe, expect, it } from 'vitest';
import { parseCommand, UsageError } from './args';

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
});
