/**
 * One way to read and write in the web app is a lint error to leave: a planted `api.call`, raw react-query hook or
 * cache write in a page or component is refused by the rule eslint.config.js uses, and the same import in a feature's
 * api/ folder (where the hooks are built) is not.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { webData } from '../../eslint-web-data.js';

const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser }, plugins: { '@typescript-eslint': tseslint.plugin } },
    ...webData,
  ],
});

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

const PLANTED: [string, string, string][] = [
  ['a page calls the client', 'web/src/pages/planted.tsx', "import { api } from '../lib/api';\nvoid api.call('user.detail');"],
  ['a page in a folder calls the client', 'web/src/pages/workspace/planted.tsx', "import { api } from '../../lib/api';"],
  [
    'a component builds a query itself',
    'web/src/features/documents/components/planted.tsx',
    "import { useApiQuery } from '../../../lib/api';",
  ],
  [
    'a component builds a mutation itself',
    'web/src/features/projects/components/planted.tsx',
    "import { useApiMutation } from '../../../lib/api';",
  ],
  ['a page uses raw useQuery', 'web/src/pages/planted.tsx', "import { useQuery } from '@tanstack/react-query';"],
  ['a component uses raw useMutation', 'web/src/components/planted.tsx', "import { useMutation } from '@tanstack/react-query';"],
  ['a page writes the cache', 'web/src/pages/shares/planted.tsx', "import { queryClient } from '../../lib/api';"],
  ['a component invalidates by hand', 'web/src/features/teams/components/planted.tsx', "import { invalidate } from '../../../lib/api';"],
  ['a page builds a client', 'web/src/pages/planted.tsx', "import { createApiClient } from '../lib/api/client';"],
];

const ALLOWED: [string, string, string][] = [
  [
    'a feature api builds hooks on the client',
    'web/src/features/documents/api/index.ts',
    "import { api, useApiMutation, useApiQuery } from '../../../lib/api';",
  ],
  ['a feature api uses react-query', 'web/src/features/imports/api/index.ts', "import { useQuery } from '@tanstack/react-query';"],
  ['a page tells failures apart', 'web/src/pages/planted.tsx', "import { isApiError, type ApiError } from '../lib/api';"],
  ['a page uses a feature hook', 'web/src/pages/planted.tsx', "import { useDocumentTree } from '../features/documents/api';"],
  ['the app provides the client', 'web/src/app/planted.tsx', "import { queryClient } from '../lib/api';"],
];

describe('one way to read and write in the web app', () => {
  it.each(PLANTED)('refuses %s', async (_what, file, code) => {
    expect(await problems(file, code)).toContain('@typescript-eslint/no-restricted-imports');
  });

  it.each(ALLOWED)('allows %s', async (_what, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
