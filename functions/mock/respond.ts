/**
 * The one entry point of the mock engine: from a document's mock settings, its response parameters, the path
 * parameters of the match and the request, the answer to send. No I/O happens here (the server reads and caches
 * settings and documents, and applies the delay), so the same settings answer any number of requests.
 *
 * An expectation whose conditions hold answers first; otherwise the document's mock type does. JSON is
 * serialised once; `content-type` defaults to JSON; headers the server owns (framing, connection, cookies: the
 * mock origin never sets cookies) are dropped from what a project configured or a script returned.
 */
import type { ParamItem } from '@shared/schemas/document';
import type { MockConfig, MockExpectation, MockHeader } from '@shared/schemas/mock';
import { pickLocale, type Locale } from '@shared/messages';
import { findExpectation } from './expectations';
import { compileBody, type CompiledBody, type ModelRows } from './generate';
import { mockFail, mockOk, type MockResult } from './mock-error';
import { runMockScript } from './sandbox';
import { renderTemplate } from './template';

export interface MockRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  /** Names in any case. */
  headers: Record<string, string>;
  /** The parsed JSON body, else the raw text, else null. */
  body: unknown;
}

export interface MockInput {
  config: MockConfig;
  /** The body parameters of the document's first 2xx response, used by the `auto` type. */
  responseParams?: ParamItem[];
  /** The data models those parameters refer to. */
  models?: ModelRows;
  /** Those parameters compiled already (the mock origin keeps them per document revision); else compiled here. */
  compiled?: CompiledBody;
  /** Path parameters of the matched template, decoded. */
  params: Record<string, string>;
  request: MockRequest;
  /** Language of generated data; by default from the request's Accept-Language (zh unless it prefers en). */
  locale?: Locale;
  /** A script's deadline; the sandbox's own by default. Tests of anything but the deadline give a busy machine room. */
  scriptDeadlineMs?: number;
}

interface MockAnswer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
  delayMs: number;
  /** The expectation that answered, if one did. */
  expectationId?: string;
}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const SERVER_OWNED_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'set-cookie',
  'trailer',
]);

/** Later headers replace earlier ones of the same name, whatever their case. */
function headerMap(...lists: MockHeader[][]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const list of lists) {
    for (const { name, value } of list) {
      const key = name.toLowerCase();
      if (!SERVER_OWNED_HEADERS.has(key) && key !== '__proto__') headers[key] = value;
    }
  }
  headers['content-type'] ??= JSON_CONTENT_TYPE;
  return headers;
}

function answer(status: number, headers: MockHeader[][], body: string, delayMs: number, expectation?: MockExpectation): MockAnswer {
  const result: MockAnswer = { status, headers: headerMap(...headers), body, delayMs };
  if (expectation) result.expectationId = expectation.id;
  return result;
}

function expectationAnswer(expectation: MockExpectation): MockResult<MockAnswer> {
  if (expectation.bodyType === 'static')
    return mockOk(answer(expectation.status, [expectation.headers], expectation.body, expectation.delay, expectation));
  const rendered = renderTemplate(expectation.body);
  if (!rendered.ok) return rendered;
  return mockOk(answer(expectation.status, [expectation.headers], rendered.value.json, expectation.delay, expectation));
}

async function scriptAnswer(input: MockInput, locale: Locale): Promise<MockResult<MockAnswer>> {
  const { config, request, params } = input;
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
  const run = await runMockScript(
    config.body,
    { method: request.method.toUpperCase(), path: request.path, params, query: request.query, headers, body: request.body },
    // The project's id shares the sandbox workers out fairly between projects (functions/mock/sandbox.ts).
    { locale, projectId: config.projectId, deadlineMs: input.scriptDeadlineMs },
  );
  if (!run.ok) return run;
  const { status, body } = run.value;
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return mockOk(answer(status ?? config.status, [config.headers, run.value.headers], text, config.delay));
}

/** The answer to one mock request, or a typed error the server turns into a clear JSON error. */
export async function respondToMock(input: MockInput): Promise<MockResult<MockAnswer>> {
  const { config, request } = input;
  if (config.type === 'off') return mockFail('disabled', 'the mock of this API is off');
  const locale =
    input.locale ?? pickLocale(Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'accept-language')?.[1]);

  const expectation = findExpectation(config.expectations, {
    query: request.query,
    params: input.params,
    headers: request.headers,
    body: request.body,
  });
  if (expectation) return expectationAnswer(expectation);

  switch (config.type) {
    case 'static':
      return mockOk(answer(config.status, [config.headers], config.body, config.delay));
    case 'template': {
      const rendered = renderTemplate(config.body);
      return rendered.ok ? mockOk(answer(config.status, [config.headers], rendered.value.json, config.delay)) : rendered;
    }
    case 'auto': {
      const compiled = input.compiled ?? compileBody(input.responseParams ?? [], input.models);
      const generated = compiled.generate({ locale });
      return generated.ok ? mockOk(answer(config.status, [config.headers], generated.value.json, config.delay)) : generated;
    }
    case 'script':
      return scriptAnswer(input, locale);
  }
}
