/**
 * What the screens make of runs: a browser run cut to what the history keeps (`scenarioRun.save`'s limits), the
 * failing steps first, two runs compared step by step, and a scenario's pass rate over its last runs.
 */
import type { RunSummary, StepResult } from '@shared/scenarios/engine';
import { RUN_KEPT_BODY_CHARS, RUN_KEPT_STEPS, SCENARIO_LIMITS, type StoredStepResult } from '@shared/schemas/scenario';

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
const cutPairs = (pairs: { name: string; value: string }[]) =>
  pairs.slice(0, 200).map((p) => ({ name: cut(p.name, 256), value: cut(p.value, 8192) }));

/** One step result as the history keeps it: bodies, values and lists within the stored schema's bounds. */
export function keptResult(r: StepResult): StoredStepResult {
  return {
    ...r,
    name: cut(r.name, SCENARIO_LIMITS.name),
    iterationName: cut(r.iterationName, 200),
    trail: r.trail.slice(0, 50).map((t) => cut(t, 200)),
    ...(r.request
      ? {
          request: {
            method: r.request.method,
            url: cut(r.request.url, 8192),
            headers: cutPairs(r.request.headers),
            ...(r.request.body === undefined ? {} : { body: cut(r.request.body, RUN_KEPT_BODY_CHARS) }),
          },
        }
      : {}),
    ...(r.response
      ? {
          response: {
            ...r.response,
            headers: cutPairs(r.response.headers),
            body: cut(r.response.body, RUN_KEPT_BODY_CHARS),
            bodyCut: r.response.bodyCut || r.response.body.length > RUN_KEPT_BODY_CHARS,
          },
        }
      : {}),
    checks: r.checks.slice(0, 500).map((c) => ({
      ...c,
      target: cut(c.target, 1_000),
      op: cut(c.op, 50),
      expected: cut(c.expected, 10_000),
      actual: cut(c.actual, 10_000),
    })),
    extracted: Object.fromEntries(Object.entries(r.extracted).map(([k, v]) => [cut(k, 100), cut(v, RUN_KEPT_BODY_CHARS)])),
    ...(r.error ? { error: { code: r.error.code, detail: cut(r.error.detail, 2_000) } } : {}),
    ...(r.missingVariables ? { missingVariables: r.missingVariables.slice(0, 100).map((v) => cut(v, 100)) } : {}),
  };
}

/** The results a saved run keeps: the first RUN_KEPT_STEPS. */
export const keptResults = (results: readonly StepResult[]) => results.slice(0, RUN_KEPT_STEPS).map(keptResult);

export const isFailure = (r: Pick<StoredStepResult, 'status'>) => r.status === 'failed' || r.status === 'error';

/** The failing steps first (in run order), then the rest (in run order). */
export const failingFirst = <T extends Pick<StoredStepResult, 'status'>>(results: readonly T[]): T[] => [
  ...results.filter(isFailure),
  ...results.filter((r) => !isFailure(r)),
];

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

/** The counts a run's heading shows. */
export const summaryLine = (s: RunSummary) => ({
  passed: s.steps.passed,
  failed: s.steps.failed,
  skipped: s.steps.skipped,
  requests: s.requests,
  durationMs: s.durationMs,
  iterations: s.iterations.length,
});
