/**
 * The walls are lint errors: a planted violation of each is refused by the rules eslint.config.js uses, and the
 * same import in a place where it is allowed is not.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { walls } from '../../eslint-walls.js';

const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, ...walls],
});

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId);
}

const PLANTED: [string, string, string][] = [
  ['shared imports function code', 'shared/planted.ts', "import { getItem } from '../functions/data/db';"],
  ['shared imports the web app', 'shared/schemas/planted.ts', "import { config } from '../../web/src/config';"],
  ['web imports function code', 'web/src/features/projects/planted.ts', "import { keys } from '../../../../functions/data/keys';"],
  ['web imports infra', 'web/src/pages/planted.tsx', "import { Site } from '../../../infra/stacks/web';"],
  ['infra imports a service', 'infra/stacks/planted.ts', "import { handler } from '../../functions/services/user/index';"],
  ['infra imports a script', 'infra/stacks/planted.ts', "import { ROOT } from '../../scripts/local/paths';"],
  ['a handler imports the data layer', 'functions/services/project/planted.ts', "import { putItem } from '../../data/db';"],
  ['a handler imports the keys', 'functions/services/document/planted.ts', "import { keys } from '../../data/keys';"],
  ['the mock origin imports the data layer', 'functions/origins/mock/planted.ts', "import { getItem } from '../../data/db';"],
  ['the mock engine imports the domain', 'functions/mock/planted.ts', "import { getProject } from '../domain/projects';"],
  ['the export writers import the domain', 'functions/export/planted.ts', "import { getProject } from '../domain/projects';"],
  ['the domain imports the HTTP pipeline', 'functions/domain/planted.ts', "import { route } from '../runtime/service';"],
  ['the data layer imports a service', 'functions/data/planted.ts', "import { handler } from '../services/user';"],
  ['a service imports a worker', 'functions/services/project/planted.ts', "import { runExportJob } from '../../workers/export/run';"],
  ['a key-shaped literal outside keys.ts', 'functions/domain/planted.ts', "export const sk = 'DOC#' + 'x';"],
  ['a key-shaped template outside keys.ts', 'functions/domain/planted.ts', 'export const pk = (id: string) => `PROJECT#${id}`;'],
];

const ALLOWED: [string, string, string][] = [
  ['infra reads the table definition', 'infra/stacks/planted.ts', "import { TABLE } from '../../functions/data/table';"],
  ['infra reads the keys', 'infra/stacks/planted.ts', "import { keys } from '../../functions/data/keys';"],
  ['a handler calls the domain', 'functions/services/project/planted.ts', "import { getProject } from '../../domain/projects';"],
  ['the domain uses the data layer', 'functions/domain/planted.ts', "import { putItem } from '../data/db';"],
  ['a service uses the export writers', 'functions/services/open/planted.ts', "import { openApiOf } from '../../export/openapi';"],
  ['the domain raises an AppError', 'functions/domain/planted.ts', "import { AppError } from '../core/app-error';"],
  ['web imports shared', 'web/src/pages/planted.tsx', "import { atLeast } from '@shared/access';"],
  ['keys.ts builds keys', 'functions/data/keys.ts', "export const sk = 'DOC#';"],
];

describe('the walls between parts of the code', () => {
  it.each(PLANTED)('refuse %s', async (_what, file, code) => {
    expect((await problems(file, code)).filter(Boolean).length).toBeGreaterThan(0);
  });

  it.each(ALLOWED)('allow %s', async (_what, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
