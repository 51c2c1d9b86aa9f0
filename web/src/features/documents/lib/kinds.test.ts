import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../../../i18n';
import { displayComment, savedBy } from './kinds';

const zh = i18n.getFixedT('zh');
const en = i18n.getFixedT('en');
// English loads on first use (a chunk of its own in the app).
beforeAll(() => loadLanguage('en'));

describe("a save's note and who saved, in the reader's language", () => {
  it('words what a save with no note of its own did: an import, a rename, a restore, a move to the bin and back', () => {
    const imported = { comment: '', note: { kind: 'import', action: 'created' } } as const;
    const reimported = { comment: '', note: { kind: 'import', action: 'updated', token: 'CI' } } as const;
    const renamed = { comment: '', note: { kind: 'rename', from: '未命名文档', to: 'Users' } } as const;
    const restored = { comment: '', note: { kind: 'restore', rev: 3 } } as const;
    const binned = { comment: '', note: { kind: 'bin', action: 'binned' } } as const;
    const unbinned = { comment: '', note: { kind: 'bin', action: 'restored' } } as const;
    const saves = [imported, reimported, renamed, restored, binned, unbinned];
    expect(saves.map((s) => displayComment(s, zh))).toEqual([
      '导入创建',
      '导入更新',
      '重命名：未命名文档 → Users',
      '恢复到版本 3',
      '移入回收站',
      '从回收站恢复',
    ]);
    expect(saves.map((s) => displayComment(s, en))).toEqual([
      'Created by an import',
      'Updated by an import',
      'Renamed: Untitled document → Users',
      'Restored version 3',
      'Moved to the bin',
      'Restored from the bin',
    ]);
  });

  it("keeps the saver's own words, the spec's default note in the reader's language, and says when there is none", () => {
    expect(displayComment({ comment: 'fixed the path', note: { kind: 'restore', rev: 1 } }, en)).toBe('fixed the path');
    expect(displayComment({ comment: '新增文档' }, en)).toBe('Created the document');
    expect(displayComment({ comment: '' }, zh)).toBe('（无说明）');
  });

  it("names a token's push by its maker and the token", () => {
    const note = { kind: 'import', action: 'updated', token: 'CI' } as const;
    expect(savedBy('Ann', note, zh)).toBe('Ann（通过令牌“CI”）');
    expect(savedBy('Ann', note, en)).toBe('Ann (through the token "CI")');
    expect(savedBy('Ann', { kind: 'import', action: 'created' }, en)).toBe('Ann');
    expect(savedBy('Ann', undefined, zh)).toBe('Ann');
  });
});
