/** The mock origin over the source of the mock function, on a port of its own, as `npm start` runs it. */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createMockOrigin, type MockHandler } from '../../scripts/local/mock-origin';

interface MockResponse {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
  ms: number;
}

export function useMockOrigin(env: { MOCK_RATE?: string; MOCK_BURST?: string; MOCK_SCRIPT_QUEUE?: string } = {}) {
  // Read by the mock function when it loads (the script queue when its first script runs): set before the first request.
  Object.assign(process.env, env);
  const server = createMockOrigin(async () => ((await import('../../functions/origins/mock/index')) as { handler: MockHandler }).handler);
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The sandbox's workers boot through tsx here, seconds on a loaded machine: in the hook, not the first script's test.
    const { warmSandbox } = await import('../../functions/mock/sandbox');
    await warmSandbox();
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const { closeSandbox } = await import('../../functions/mock/sandbox');
    await closeSandbox();
  });

  async function request(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: string } = {},
  ): Promise<MockResponse> {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { method, headers: init.headers, body: init.body });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json, ms: performance.now() - started };
  }
  return { request, url: () => base };
}
