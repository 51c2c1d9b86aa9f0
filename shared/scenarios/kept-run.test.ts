import { describe, expect, it } from 'vitest';
import { RUN_KEPT_BODY_CHARS, stepResult } from '../schemas/scenario';
import type { StepResult } from './engine';
import { keptResults } from './kept-run';

const result = (status: StepResult['status'], body: string, i = 0): StepResult => ({
  iteration: i,
  iterationName: `#${i + 1}`,
  stepId: `s${i}`,
  name: 'read',
  type: 'request',
  trail: [],
  status,
  request: { method: 'POST', url: 'http://127.0.0.1/acme', headers: [{ name: 'x', value: 'y' }], body },
  response: { status: 200, timeMs: 3, size: body.length, headers: [], body, bodyCut: false },
  checks: [{ kind: 'status', passed: status === 'passed', target: 'status', op: 'equals', expected: '200', actual: '200' }],
  extracted: { token: body },
  startedAt: 1,
  durationMs: 3,
});

describe('a run as the history keeps it', () => {
  it('cuts each body and value to what a stored run holds, and says the body was cut', () => {
    const [kept] = keptResults([result('passed', 'x'.repeat(RUN_KEPT_BODY_CHARS + 10))]);
    expect(stepResult.safeParse(kept).success).toBe(true);
    expect(kept!.response).toMatchObject({ bodyCut: true });
    expect(kept!.response!.body).toHaveLength(RUN_KEPT_BODY_CHARS);
    expect(kept!.extracted.token).toHaveLength(RUN_KEPT_BODY_CHARS);
  });

  it('past its weight, drops the passed steps’ bodies first and keeps the failures’', () => {
    const results = Array.from({ length: 40 }, (_, i) => result(i === 7 ? 'failed' : 'passed', 'y'.repeat(5_000), i));
    const kept = keptResults(results, 100_000);
    expect(JSON.stringify(kept).length).toBeLessThanOrEqual(100_000);
    expect(kept).toHaveLength(40);
    expect(kept[7]!.response!.body).toHaveLength(5_000);
    expect(kept[0]!.response).toMatchObject({ body: '', bodyCut: true, status: 200 });
    expect(kept[0]!.request).not.toHaveProperty('body');
  });
});
