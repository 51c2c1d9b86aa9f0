import { describe, expect, it } from 'vitest';
import type { PreviewResponse } from './preview';
import { PreviewSequence, type PreviewState } from './preview-state';

const figures = (created: number) => ({ created, updated: 0, skipped: 0, deleted: 0, conflicts: [] });
const read = (seq: number, created = 1): PreviewResponse => ({
  type: 'read',
  seq,
  format: 'openapi',
  counts: { apis: created, models: 0, pages: 0, folders: 0 },
  warnings: [],
  plan: figures(created),
  project: {},
});
const plan = (seq: number, created: number): PreviewResponse => ({ type: 'plan', seq, plan: figures(created) });
const reading: PreviewState = { status: 'reading' };

describe('the preview state from the worker answers', () => {
  it('shows a read, then the plan asked after it, even while the read was still under way', () => {
    const s = new PreviewSequence();
    const r = s.next('read');
    const p = s.next('plan');
    const ready = s.apply(reading, read(r, 3));
    expect(ready).toMatchObject({ status: 'ready', plan: { created: 3 } });
    expect(s.apply(ready, plan(p, 2))).toMatchObject({ status: 'ready', plan: { created: 2 } });
  });

  it('drops the answer to a read a newer read replaced, and a plan a newer plan or read replaced', () => {
    const s = new PreviewSequence();
    const first = s.next('read');
    const second = s.next('read');
    expect(s.apply(reading, read(first, 9))).toBe(reading);
    const ready = s.apply(reading, read(second, 1));
    const old = s.next('plan');
    const latest = s.next('plan');
    expect(s.apply(ready, plan(old, 5))).toBe(ready);
    expect(s.apply(ready, plan(latest, 6))).toMatchObject({ plan: { created: 6 } });
    const stale = s.next('plan');
    s.next('read');
    expect(s.apply(ready, plan(stale, 7))).toBe(ready);
  });

  it('shows a refusal with its reason, and nothing after a clear', () => {
    const s = new PreviewSequence();
    expect(s.hasRead).toBe(false);
    const r = s.next('read');
    expect(s.apply(reading, { type: 'refused', seq: r, reason: 'importInvalidType', params: {} })).toEqual({
      type: 'refused',
      seq: r,
      reason: 'importInvalidType',
      params: {},
      status: 'refused',
    });
    s.next('clear');
    const idle: PreviewState = { status: 'idle' };
    expect(s.apply(idle, read(r))).toBe(idle);
  });
});
