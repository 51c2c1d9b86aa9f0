/**
 * A scenario sent from this machine to a loopback echo server with Node's fetch (the CLI's transport), over a
 * three-row CSV data set, its reports written and the JUnit read back with an XML parser; the exit code 0 when
 * every step passes, 1 when a check fails.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDataSet } from '../../shared/scenarios/data-set';
import { runScenario } from '../../shared/scenarios/engine';
import { scenarioOf, sourcesOf } from '../../shared/scenarios/test-kit';
import { report } from './report-files';
import { nodeTransport } from './transport';

/** Answers POST /acme/login with a token for the user sent, and anything else with what it was sent (method, path, auth). */
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/acme/login') {
        const { user } = JSON.parse(body) as { user: string };
        res.end(JSON.stringify({ token: `tok-${user}` }));
        return;
      }
      res.end(JSON.stringify({ method: req.method, path: req.url, auth: req.headers.authorization ?? null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const csv = 'case,user,item\nfirst,ann,1\nsecond,bob,2\nthird,carol,3\n';

const scenario = (expectedAuthOfThird: string) =>
  scenarioOf([
    {
      id: 'login',
      name: 'log in',
      type: 'request',
      source: { kind: 'adhoc', method: 'POST', url: '/acme/login' },
      overrides: { body: { type: 'json', text: '{"user":"{{user}}"}' } },
      extract: [{ variable: 'token', from: 'jsonPath', expression: '$.token' }],
      checks: [{ kind: 'status', equals: 200 }],
    },
    {
      id: 'read',
      name: 'read item',
      type: 'request',
      source: { kind: 'adhoc', method: 'GET', url: '/items/{{item}}' },
      overrides: { headers: [{ name: 'Authorization', value: 'Bearer {{token}}' }] },
      checks: [
        { kind: 'jsonPath', path: '$.path', op: 'equals', value: '/items/{{item}}' },
        { kind: 'jsonPath', path: '$.auth', op: 'matches', value: expectedAuthOfThird },
      ],
    },
  ]);

async function runWith(expectedAuth: string) {
  const outDir = await mkdtemp(join(tmpdir(), 'apiloom-run-'));
  const rows = readDataSet({ format: 'csv', text: csv, nameColumn: 'case', requiredColumns: ['user', 'item'] });
  const outcome = await runScenario(scenario(expectedAuth), {
    transport: nodeTransport,
    sources: sourcesOf({}),
    environment: { baseUrl: base, variables: {} },
    rows,
  });
  const lines: string[] = [];
  const done = await report(
    { scenarioName: 'Items', ...outcome },
    { reporters: ['cli', 'junit', 'json', 'html'], outDir, locale: 'en' },
    (l) => lines.push(l),
  );
  return { outcome, lines, outDir, ...done };
}

describe('a scenario sent from this machine', () => {
  it('passes over three rows, keeping each row’s token, and exits 0', async () => {
    const { exit, outcome, lines, files } = await runWith('^Bearer tok-(ann|bob|carol)$');
    expect(outcome.summary).toMatchObject({ status: 'passed', requests: 6 });
    expect(exit).toBe(0);
    expect(lines).toEqual([expect.stringMatching(/^✓ Items: 6 passed, 0 failed, 0 skipped; 6 requests in \d+ ms$/)]);
    expect(files.map((f) => f.split('/').pop())).toEqual(['junit.xml', 'report.json', 'report.html']);
  });

  it('exits 1 when a check fails, the JUnit naming the iteration and the failed check', async () => {
    const { exit, outDir, lines } = await runWith('^Bearer tok-(ann|bob)$');
    expect(exit).toBe(1);
    expect(lines[0]).toBe('✗ read item [third]');
    const junit = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (n) => ['testsuite', 'testcase'].includes(n),
    }).parse(await readFile(join(outDir, 'junit.xml'), 'utf8')) as {
      testsuites: {
        tests: string;
        failures: string;
        testsuite: { name: string; testcase: { name: string; failure?: { message: string } }[] }[];
      };
    };
    expect(junit.testsuites).toMatchObject({ tests: '6', failures: '1' });
    const third = junit.testsuites.testsuite[2]!;
    expect(third.name).toBe('Items [third]');
    expect(third.testcase.map((c) => c.name)).toEqual(['log in [third]', 'read item [third]']);
    expect(third.testcase[1]!.failure!.message).toBe('$.auth matches ^Bearer tok-(ann|bob)$, was "Bearer tok-carol"');
  });
});
