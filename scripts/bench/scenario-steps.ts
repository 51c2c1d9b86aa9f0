/**
 * The scenario both scenario benches run (issue 36): a login that keeps a token, then creates and reads of orders in
 * turn, 20 steps in all, each with its checks. `via` says how a step reaches the echo target (scenarios-echo.ts): by
 * address (the server job's bench) or through the project's API document (the CLI's bench).
 */
type Source = Record<string, unknown>;

export function benchScenarioSteps(via: { create: Source; read: Source; readOverrides?: Record<string, unknown> }): unknown[] {
  const auth = { name: 'Authorization', value: 'Bearer {{token}}' };
  const steps: unknown[] = [
    {
      id: 'login',
      type: 'request',
      source: { kind: 'adhoc', method: 'POST', url: '/login' },
      overrides: { body: { type: 'json', text: '{"user":"{{user}}"}' } },
      extract: [{ variable: 'token', from: 'jsonPath', expression: '$.token' }],
      checks: [{ kind: 'status', equals: 200 }],
    },
  ];
  for (let i = 1; steps.length < 20; i++) {
    steps.push({
      id: `create${i}`,
      type: 'request',
      source: via.create,
      overrides: { headers: [auth], body: { type: 'json', text: '{"sku":"{{sku}}","n":' + i + '}' } },
      extract: [{ variable: 'orderId', from: 'jsonPath', expression: '$.id' }],
      checks: [{ kind: 'jsonPath', path: '$.body.sku', op: 'equals', value: '{{sku}}' }],
    });
    if (steps.length < 20)
      steps.push({
        id: `read${i}`,
        type: 'request',
        source: via.read,
        overrides: { ...via.readOverrides, headers: [auth] },
        checks: [
          { kind: 'status', equals: 200 },
          { kind: 'jsonPath', path: '$.auth', op: 'matches', value: '^Bearer tok-' },
          { kind: 'time', underMs: 5000 },
        ],
      });
  }
  return steps;
}
