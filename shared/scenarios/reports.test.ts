import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { paramRow } from '../schemas/param-row';
import { runScenario } from './engine';
import { htmlReport, jsonReport, junitReport } from './reports';
import { apiOf, recordingTransport, responseOf, scenarioOf, sourcesOf } from './test-kit';

/** A three-row run: the token kept and used; the third row's order comes back with `total` as a string. */
async function run() {
  const order = apiOf({
    method: 'GET',
    path: '/orders/{id}',
    responses: [{ status: '200', body: [paramRow('id', 'integer', { required: true }), paramRow('total', 'number', { required: true })] }],
  });
  const t = recordingTransport((r) => {
    const id = Number(new URL(r.url).pathname.split('/').pop());
    return responseOf(200, { id, total: id === 3 ? '9.5' : 9.5 });
  });
  const outcome = await runScenario(
    scenarioOf([
      {
        id: 'read',
        name: 'read <order> & "check"',
        type: 'request',
        source: { kind: 'document', documentId: 'o' },
        overrides: { pathParams: [{ name: 'id', value: '{{id}}' }] },
        checks: [{ kind: 'status', equals: 200 }],
      },
      { id: 'off', name: 'switched off', type: 'wait', ms: 1, enabled: false },
    ]),
    {
      transport: t.transport,
      sources: sourcesOf({ o: { state: 'ok', id: 'o', title: 'Order', content: order } }),
      environment: { baseUrl: 'https://api.test', variables: {} },
      rows: [
        { name: '张三', values: { id: '1' } },
        { name: 'bob', values: { id: '2' } },
        { name: 'carol', values: { id: '3' } },
      ],
    },
  );
  return { scenarioName: 'Orders', environmentName: 'staging', ...outcome };
}

describe('reports', () => {
  it('JUnit: valid XML, one suite per iteration, one test case per step and iteration with its name, the failure naming the field', async () => {
    const report = await run();
    const text = junitReport(report, 'en');
    expect(XMLValidator.validate(text)).toBe(true);
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => ['testsuite', 'testcase'].includes(name),
    }).parse(text) as {
      testsuites: {
        tests: string;
        failures: string;
        testsuite: {
          name: string;
          tests: string;
          failures: string;
          testcase: { name: string; failure?: { message: string }; skipped?: unknown }[];
        }[];
      };
    };
    expect(doc.testsuites).toMatchObject({ tests: '6', failures: '1' });
    expect(doc.testsuites.testsuite.map((s) => s.name)).toEqual(['Orders [张三]', 'Orders [bob]', 'Orders [carol]']);
    const carol = doc.testsuites.testsuite[2]!;
    expect(carol).toMatchObject({ tests: '2', failures: '1' });
    expect(carol.testcase[0]!.name).toBe('read <order> & "check" [carol]');
    expect(carol.testcase[0]!.failure!.message).toBe('$.total should be of type number, was string');
    expect(carol.testcase[1]).toHaveProperty('skipped');
    expect(doc.testsuites.testsuite[0]!.testcase[0]!.failure).toBeUndefined();
    expect(junitReport(report, 'zh')).toContain('$.total 的类型应为 number，实际为 string');
  });

  it('JSON carries the summary and every step; HTML is one page without scripts, failing steps first, everything escaped', async () => {
    const report = await run();
    const json = JSON.parse(jsonReport(report)) as { v: number; summary: { status: string }; results: unknown[] };
    expect(json).toMatchObject({ v: 1, summary: { status: 'failed' } });
    expect(json.results).toHaveLength(6);

    const page = htmlReport(report, 'en');
    expect(page).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(page).not.toMatch(/<script|src=|href=/i);
    expect(page).not.toContain('<order>');
    expect(page).toContain('read &#60;order&#62; &#38; &#34;check&#34; [carol]');
    expect(page.indexOf('[carol]')).toBeLessThan(page.indexOf('[张三]'));
    expect(page).toContain('$.total should be of type number, was string');
  });
});
