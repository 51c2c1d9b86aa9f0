/**
 * The mock origin's Lambda: API Gateway (its own HTTP API, behind its own CloudFront distribution) sends every
 * request here. This module only defines things at its top level: the script sandbox's worker thread loads this
 * same bundle (functions/mock/sandbox.ts).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { isMainThread } from 'node:worker_threads';
import { warmSandbox } from '../../mock/sandbox';
import { serveMock } from './serve';

function queryOf(event: APIGatewayProxyEventV2): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(event.rawQueryString ?? '')) {
    const seen = query[name];
    query[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return query;
}

export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers[name.toLowerCase()] = value;
  const body = event.body === undefined ? null : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const answer = await serveMock({ method: event.requestContext.http.method, path: event.rawPath, query: queryOf(event), headers, body });
  return { statusCode: answer.status, headers: answer.headers, body: answer.body };
}

// Loads QuickJS in its worker while the function initialises, so the first script does not wait for it.
if (isMainThread) void warmSandbox().catch(() => undefined);
