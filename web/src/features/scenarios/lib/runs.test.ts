import { describe, expect, it } from 'vitest';
import type { StepResult } from '@shared/scenarios/engine';
import { RUN_KEPT_BODY_CHARS, runSaveBody } from '@shared/schemas/scenario';
import { compareRuns, failingFirst, keptResults, passRate } from './runs';

const result = (stepId: string, status: StepResult['status'], extra: Partial<StepResult> = {}): StepResult => ({
  iteration: 0,
  iterationName: '#1',
  stepId,
  name: stepId,
  type: 'request',
  trail: [],
  status,
  checks: [],
  extracted: {},
  startedAt: 1,
  durationMs: 2,
  ...extra,
});

describe('runs on the screens', () => {
  it('cuts a browser run to what the history keeps, so the save is accepted', () => {
    const big = 'x'.repeat(RUN_KEPT_BODY_CHARS * 3);
    const results = keptResults([
      result('a', 'failed', {
        name: 'n'.repeat(300),
        request: { method: 'POST', url: 'http://x', headers: [], body: big },
        response: { status: 200, timeMs: 3, size: big.length, headers: [], body: big, bodyCut: false },
        extracted: { token: big },
        checks: [{ kind: 'jsonPath', passed: false, target: '$.a', op: 'equals', expected: big, actual: big }],
      }),
    ]);
    const summary = {
      status: 'failed' as const,
      startedAt: 1,
      durationMs: 2,
      iterations: [{ index: 0, name: '#1', passed: false }],
      requests: 1,
      steps: { passed: 0, failed: 1, skipped: 0 },
      checks: { passed: 0, failed: 1 },
    };
    const parsed = runSaveBody.safeParse({ scenarioId: `${'0'.repeat(36)}_${'a'.repeat(16)}`, place: 'browser', summary, results });
    expect(parsed.error).toBeUndefined();
    expect(results[0]!.response).toMatchObject({ bodyCut: true });
    expect(results[0]!.response!.body).toHaveLength(RUN_KEPT_BODY_CHARS);
  });

  it('puts failing steps first and keeps run order within each part', () => {
    const list = [result('a', 'passed'), result('b', 'failed'), result('c', 'skipped'), result('d', 'error')];
    expect(failingFirst(list).map((r) => r.stepId)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('compares two runs step by step and iteration by iteration, marking what changed', () => {
    const before = [result('a', 'passed'), result('b', 'failed'), result('b', 'passed', { iteration: 1, iterationName: '#2' })];
    const after = [
      result('a', 'passed'),
      result('b', 'passed'),
      result('b', 'passed', { iteration: 1, iterationName: '#2' }),
      result('c', 'passed'),
    ];
    const rows = compareRuns(before, after);
    expect(rows.map((r) => [r.name, r.iterationName, r.changed])).toEqual([
      ['a', '#1', false],
      ['b', '#1', true],
      ['b', '#2', false],
      ['c', '#1', true],
    ]);
    expect(rows[3]!.before).toBeUndefined();
  });

  it('gives the pass rate of the last runs', () => {
    expect(passRate([])).toBeNull();
    expect(passRate(['passed', 'failed', 'passed'])).toBe(67);
  });
});
