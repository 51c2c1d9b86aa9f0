/**
 * Build warnings that are about a dependency's code, not ours, said once here rather than on every build.
 * web-tree-sitter (the cURL reader of the import preview, issue 22) loads its WebAssembly glue with a direct `eval`:
 * a newcomer's first `npm start` showed four such blocks. The app's CSP refuses JavaScript eval everywhere
 * ('wasm-unsafe-eval' allows WebAssembly compilation only), so the call never runs; every other warning still shows.
 */
import type { UserConfig } from 'vite';

interface BuildLog {
  code?: string;
  id?: string;
}

const KNOWN: readonly { code: string; module: RegExp }[] = [{ code: 'EVAL', module: /[\\/]node_modules[\\/]web-tree-sitter[\\/]/ }];

export const isKnownDependencyWarning = (log: BuildLog) => KNOWN.some((k) => log.code === k.code && !!log.id && k.module.test(log.id));

type OnWarn = NonNullable<NonNullable<NonNullable<UserConfig['build']>['rolldownOptions']>['onwarn']>;

/** For `build.rolldownOptions.onwarn` (Vite hands it the workers' builds too). */
export const onwarn: OnWarn = (warning, next) => {
  if (!isKnownDependencyWarning(warning)) next(warning);
};
