import { describe, expect, it } from 'vitest';
import type { StepResult } from '@shared/scenarios/engine';
import { compareRuns, passRate } from './runs';

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
