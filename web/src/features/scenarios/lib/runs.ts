/**
 * What the screens make of runs: two runs compared step by step, and a scenario's pass
 * rate over its last runs. (What a run keeps of each step is shared/scenarios/kept-run.ts.)
 */
import type { StoredStepResult } from '@shared/schemas/scenario';

export const isFailure = (r: Pick<StoredStepResult, 'status'>) => r.status === 'failed' || r.status === 'error';

/** A scenario's pass rate over its last runs (newest first), as a whole percent; null without runs. */
export function passRate(recent: readonly ('passed' | 'failed')[]): number | null {
  if (recent.length === 0) return null;
  return Math.round((recent.filter((s) => s === 'passed').length / recent.length) * 100);
}

type Compared = Pick<StoredStepResult, 'iteration' | 'iterationName' | 'stepId' | 'name' | 'trail' | 'status' | 'response'>;

export interface ComparedStep {
  /** The step and iteration both runs name it by. */
  key: string;
  name: string;
  iterationName: string;
  before?: { status: StoredStepResult['status']; timeMs?: number; httpStatus?: number };
  after?: { status: StoredStepResult['status']; timeMs?: number; httpStatus?: number };
  /** Passed in one run and not in the other, or present in one only. */
  changed: boolean;
}

/**
 * Two runs of a scenario side by side, step by step and iteration by iteration (a step in a loop once per pass, by
 * its trail): what passed in one and failed in the other is marked, and a step only one run has is kept too.
 */
export function compareRuns(before: readonly Compared[], after: readonly Compared[]): ComparedStep[] {
  const keyOf = (r: Compared) => `${r.iteration}/${r.trail.join('/')}/${r.stepId}`;
  const side = (r: Compared) => ({ status: r.status, timeMs: r.response?.timeMs, httpStatus: r.response?.status });
  const rows = new Map<string, ComparedStep>();
  for (const r of before)
    rows.set(keyOf(r), { key: keyOf(r), name: r.name || r.stepId, iterationName: r.iterationName, before: side(r), changed: true });
  for (const r of after) {
    const key = keyOf(r);
    const row = rows.get(key);
    if (row) {
      row.after = side(r);
      row.changed = isFailure(row.before!) !== isFailure(r);
    } else rows.set(key, { key, name: r.name || r.stepId, iterationName: r.iterationName, after: side(r), changed: true });
  }
  return [...rows.values()];
}
