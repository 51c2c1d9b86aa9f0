import { describe, expect, it } from 'vitest';
import { isKnownDependencyWarning, onwarn } from './known-warnings';

describe('known dependency warnings', () => {
  it("drop web-tree-sitter's eval warning and pass every other warning on", () => {
    const passed: unknown[] = [];
    const next = (w: unknown) => void passed.push(w);
    const treeSitter = { code: 'EVAL', id: '/repo/node_modules/web-tree-sitter/tree-sitter.js' };
    const ours = { code: 'EVAL', id: '/repo/web/src/lib/thing.ts' };
    const other = { code: 'CIRCULAR_DEPENDENCY', id: '/repo/node_modules/web-tree-sitter/tree-sitter.js' };
    for (const w of [treeSitter, ours, other]) onwarn({ message: '', ...w }, next);
    expect(passed).toEqual([
      { message: '', ...ours },
      { message: '', ...other },
    ]);
    expect(isKnownDependencyWarning({ code: 'EVAL' })).toBe(false);
  });
});
