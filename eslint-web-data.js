/**
 * One way to read and one way to write in the web app (bulletproof-react): each feature's `api/` folder holds its
 * queries and mutations as hooks, built on web/src/lib/api (`useApiQuery`, `useApiMutation`, which refresh through
 * query keys that start with the route id). Pages and components call those hooks and nothing below them: no
 * `api.call`, no raw react-query hooks, no cache surgery. eslint.config.js uses this; test/lint/web-data.test.ts
 * plants a violation of each and expects it refused.
 *
 * It is `@typescript-eslint/no-restricted-imports`, not the core rule, so it adds to the walls (which use the core
 * rule per folder) instead of replacing them.
 */
const MESSAGE =
  "Pages and components read and write through their feature's api/ hooks (useApiQuery and useApiMutation live there), never the client or react-query directly.";

export const webData = [
  {
    files: ['web/src/pages/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}', 'web/src/features/*/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useQuery', 'useQueries', 'useSuspenseQuery', 'useInfiniteQuery', 'useMutation', 'useQueryClient'],
              message: MESSAGE,
            },
          ],
          patterns: [
            {
              regex: '(^|/)lib/api(/index)?$',
              importNames: [
                'api',
                'apiQuery',
                'useApiQuery',
                'useApiMutation',
                'queryClient',
                'queryKey',
                'invalidate',
                'clearSessionState',
              ],
              message: MESSAGE,
            },
            { regex: '(^|/)lib/api/(client|early)$', message: MESSAGE },
          ],
        },
      ],
    },
  },
];
