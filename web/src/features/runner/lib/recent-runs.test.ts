import { describe, expect, it } from 'vitest';
import { blankDraft } from './draft';
import { readRecentRuns, RECENT_RUNS_MAX, recordRun, type RecentRun } from './recent-runs';

const memory = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
};
const run = (i: number): RecentRun => ({
  id: `r${i}`,
  at: i,
  transport: 'direct',
  draft: { ...blankDraft(), url: `/x/${i}` },
  method: 'GET',
  url: `https://h/x/${i}`,
  status: 200,
});

describe('recent runs', () => {
  it('keeps the last 20 per user and document, newest first', () => {
    const store = memory();
    for (let i = 0; i < 25; i++) recordRun('u1', 'doc1', run(i), store);
    recordRun('u1', null, run(100), store);
    recordRun('u2', 'doc1', run(200), store);
    const list = readRecentRuns('u1', 'doc1', store);
    expect(list).toHaveLength(RECENT_RUNS_MAX);
    expect(list[0]!.id).toBe('r24');
    expect(list.at(-1)!.id).toBe('r5');
    expect(readRecentRuns('u1', null, store).map((r) => r.id)).toEqual(['r100']);
    expect(readRecentRuns('u2', 'doc1', store).map((r) => r.id)).toEqual(['r200']);
    expect(readRecentRuns('u3', 'doc1', store)).toEqual([]);
  });

  it("keeps a picked file's name, not its bytes; a broken entry reads as none", () => {
    const store = memory();
    const file = { fileName: 'a.png', contentType: 'image/png', base64: 'AAAA' };
    recordRun(
      'u1',
      'd',
      { ...run(1), draft: { ...blankDraft(), form: [{ name: 'f', value: '', enabled: true, isFile: true, file }] } },
      store,
    );
    expect(readRecentRuns('u1', 'd', store)[0]!.draft.form[0]!.file).toEqual({ ...file, base64: '' });
    store.setItem('apiloom.runs.u1.d', '{not json');
    expect(readRecentRuns('u1', 'd', store)).toEqual([]);
  });
});
