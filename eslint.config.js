// Type-aware linting for every part of the repository, with React hook and accessibility rules for the web app,
// and the web app's import boundaries (bulletproof-react): shared code -> features -> pages and app.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { walls } from './eslint-walls.js';
import { webData } from './eslint-web-data.js';

const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Backend code never reaches the browser bundle (the same wall as eslint-walls.js, kept in the rules below that replace its). */
const noBackend = {
  regex: '(^|/)(functions|infra|scripts)(/|$)',
  message: 'The web app imports shared/ only, never function, infra or script code.',
};
/** eslint-walls.js's key-shaped literal rule, repeated where the page-URL rule replaces its `no-restricted-syntax`. */
const KEY_LITERAL = 'Key-shaped strings are built in functions/data/keys.ts only: call a function of `keys`.';
/** Page URLs come from web/src/paths.ts only. */
const pageUrl = '\\/(dashboard|project|doc|login|register|help|open_external_link)(\\/|\\?|$)';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'cdk.out/**',
      '.data/**',
      '.scratch/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.generated.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...walls,
  ...webData,
  {
    files: ['web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/paths.ts', 'web/src/app/router.tsx', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noBackend] }],
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^[A-Z]+#/]', message: KEY_LITERAL },
        { selector: 'TemplateElement[value.raw=/^[A-Z]+#/]', message: KEY_LITERAL },
        { selector: `Literal[value=/^${pageUrl}/]`, message: 'Build page URLs with `paths` (web/src/paths.ts).' },
        {
          selector: `TemplateLiteral > TemplateElement:first-child[value.raw=/^${pageUrl}/]`,
          message: 'Build page URLs with `paths` (web/src/paths.ts).',
        },
      ],
    },
  },
  {
    files: ['web/src/components/**', 'web/src/lib/**', 'web/src/i18n/**', 'web/src/config.ts', 'web/src/paths.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noBackend,
            { regex: '(^|/)(features|pages|app)(/|$)', message: 'Shared code does not import features, pages or the app.' },
          ],
        },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noBackend,
            {
              // Not shared code, which may share a feature's name (`@shared/compat` and the compat feature).
              regex: `^(?!@shared/)(.*/)?(${FEATURES.filter((f) => f !== feature).join('|')}|features/(?!${feature}/)[^/]+|pages|app)(/|$)`,
              message: 'A feature never imports another feature, a page or the app: compose them in a page.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
