import { describe, expect, it } from 'vitest';
import { IMPORT_FORMATS as SHARED_IMPORT_FORMATS } from '@shared/import/types';
import { IMPORT_MODES } from '@shared/schemas/import';
import { EXPORT_FORMATS as SHARED_EXPORT_FORMATS } from '@shared/schemas/export';
import { EXPORT_FORMATS, IMPORT_FORMATS, MODES, parseCommand, UsageError } from './args';

describe('the CLI’s command line', () => {
  it('offers exactly the modes and formats the open API takes (the CLI cannot import them: it has no dependencies)', () => {
    expect(MODES).toEqual(IMPORT_MODES);
    expect(EXPORT_FORMATS).toEqual(SHARED_EXPORT_FORMATS);
    expect(IMPORT_FORMATS).toEqual(['auto', ...SHARED_IMPORT_FORMATS]);
  });

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
});
