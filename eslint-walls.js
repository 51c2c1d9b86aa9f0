/**
 * The walls between the parts of the code, as lint errors (eslint.config.js uses these; test/lint/walls.test.ts
 * plants a violation of each and expects it refused):
 * - shared/ imports nothing outside itself: web and functions both build on it;
 * - web/ imports neither functions/ nor infra/ (nor scripts/): the browser gets only shared code;
 * - infra/ reads shared/ and the table and key definitions only, never function or script code;
 * - handlers (functions/services, functions/origins) go through the domain modules, never the data layer;
 * - the mock engine (functions/mock) and the export writers (functions/export) are pure libraries: no data layer, no
 *   domain, no runtime, so they answer from what they are given;
 * - the ground (functions/core, functions/data, functions/domain) never imports the HTTP pipeline (functions/runtime)
 *   or a door (services, origins, workers, jobs): every arrow points down;
 * - a service never imports a worker: what both need lives in a library room or the domain;
 * - a key-shaped string (`DOC#`, `PROJECT#`) is built in functions/data/keys.ts and nowhere else.
 */
const imports = (group, message) => ({ 'no-restricted-imports': ['error', { patterns: [{ group, message }] }] });
const importsMatching = (regex, message) => ({ 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] });

const KEY_LITERAL = 'Key-shaped strings are built in functions/data/keys.ts only: call a function of `keys`.';

export const walls = [
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: imports(
      ['**/functions/**', '**/web/**', '**/infra/**', '**/scripts/**', '**/test/**'],
      'shared/ imports nothing outside itself.',
    ),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: imports(
      ['**/functions/**', '**/infra/**', '**/scripts/**'],
      'The web app imports shared/ only, never function, infra or script code.',
    ),
  },
  {
    files: ['infra/**/*.ts'],
    rules: importsMatching(
      '/(functions/(?!data/(table|keys)$)|scripts/|web/)',
      'infra/ reads shared/ and the table and key definitions only.',
    ),
  },
  {
    files: ['functions/origins/**/*.ts'],
    rules: imports(['**/data/*', '**/data/**'], 'Handlers call the domain modules (functions/domain), never the data layer.'),
  },
  {
    files: ['functions/mock/**/*.ts', 'functions/export/**/*.ts'],
    rules: imports(
      ['**/data/*', '**/data/**', '**/domain/**', '**/runtime/**', '**/services/**', '**/origins/**', '**/workers/**'],
      'The mock engine and the export writers are pure: their callers read what they need and pass it in.',
    ),
  },
  {
    files: ['functions/core/**/*.ts', 'functions/data/**/*.ts', 'functions/domain/**/*.ts'],
    rules: imports(
      ['**/runtime/**', '**/services/**', '**/origins/**', '**/workers/**', '**/jobs/**'],
      'The ground (core, data, domain) never imports the HTTP pipeline or a door: every arrow points down.',
    ),
  },
  {
    files: ['functions/services/**/*.ts'],
    rules: imports(
      ['**/data/*', '**/data/**', '**/workers/**'],
      'Handlers call the domain modules (functions/domain), never the data layer or a worker.',
    ),
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['functions/data/keys.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^[A-Z]+#/]', message: KEY_LITERAL },
        { selector: 'TemplateElement[value.raw=/^[A-Z]+#/]', message: KEY_LITERAL },
      ],
    },
  },
];
