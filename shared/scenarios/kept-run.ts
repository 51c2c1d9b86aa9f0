/**
 * A finished run as the run history keeps it (issue 36): each step result's bodies and values cut to what a stored
 * run holds (RUN_KEPT_BODY_CHARS), and the whole kept under what one request may carry. A huge run (2,000 steps
 * of large answers) first loses the bodies (and long extracted values) of the steps that passed, then every body: the failures' checks, status
 * and timing always stay, which is what the run page shows first.
 */
import { RUN_KEPT_BODY_CHARS, RUN_KEPT_STEPS, type StoredStepResult } from '../schemas/scenario';
import type { StepResult } from './engine';

/** What a posted run's results may weigh, as JSON: well under a Lambda request's 6 MB. */
export const KEPT_RUN_MAX_CHARS = 4_000_000;

const cut = (text: string, max = RUN_KEPT_BODY_CHARS) => (text.length > max ? text.slice(0, max) : text);
const pairs = (list: { name: string; value: string }[]) =>
  list.slice(0, 200).map((p) => ({ name: cut(p.name, 256), value: cut(p.value, 8192) }));

function kept(r: StepResult, bodies: boolean): StoredStepResult {
  return {
    iteration: r.iteration,
    iterationName: cut(r.iterationName, 200),
    stepId: r.stepId,
    name: cut(r.name, 100),
    type: r.type,
    trail: r.trail.slice(0, 50).map((t) => cut(t, 200)),
    status: r.status,
    ...(r.request
      ? {
          request: {
            method: r.request.method,
            url: cut(r.request.url, 8192),
            headers: pairs(r.request.headers),
            ...(bodies && r.request.body !== undefined ? { body: cut(r.request.body) } : {}),
          },
        }
      : {}),
    ...(r.response
      ? {
          response: {
            status: r.response.status,
            timeMs: r.response.timeMs,
            size: r.response.size,
            headers: pairs(r.response.headers),
            body: bodies ? cut(r.response.body) : '',
            bodyCut: bodies ? r.response.bodyCut || r.response.body.length > RUN_KEPT_BODY_CHARS : r.response.body.length > 0,
          },
        }
      : {}),
    checks: r.checks.slice(0, 500).map((c) => ({
      kind: c.kind,
      passed: c.passed,
      target: cut(c.target, 1_000),
      op: cut(c.op, 50),
      expected: cut(c.expected, 10_000),
      actual: cut(c.actual, 10_000),
    })),
    // An extraction of a whole body weighs as much as the body: without bodies, the start of each value.
    extracted: Object.fromEntries(Object.entries(r.extracted).map(([k, v]) => [cut(k, 100), cut(v, bodies ? RUN_KEPT_BODY_CHARS : 256)])),
    ...(r.error ? { error: { code: r.error.code, detail: cut(r.error.detail, 2_000) } } : {}),
    ...(r.missingVariables ? { missingVariables: r.missingVariables.slice(0, 100).map((v) => cut(v, 100)) } : {}),
    startedAt: r.startedAt,
    durationMs: r.durationMs,
  };
}

/** The results a run's record keeps, within RUN_KEPT_STEPS and KEPT_RUN_MAX_CHARS. */
export function keptResults(results: readonly StepResult[], maxChars = KEPT_RUN_MAX_CHARS): StoredStepResult[] {
  const steps = results.slice(0, RUN_KEPT_STEPS);
  const weight = (list: StoredStepResult[]) => JSON.stringify(list).length;
  const full = steps.map((r) => kept(r, true));
  if (weight(full) <= maxChars) return full;
  const failuresOnly = steps.map((r) => kept(r, r.status === 'failed' || r.status === 'error'));
  if (weight(failuresOnly) <= maxChars) return failuresOnly;
  return steps.map((r) => kept(r, false));
}
