/**
 * The mock origin on this machine: its own port on 127.0.0.1, in front of the mock function as API Gateway
 * would call it (every path, one `$default` route). Another origin than the app's, as in AWS, so what a
 * frontend learns about CORS and cookies here holds there.
 */
import { createServer, type Server } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { apiGatewayEvent, lambdaContext, readBody, refuse } from './gateway';

export type MockHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const DEFAULT_ROUTE = { routeKey: '$default', pathParameters: {} };

export function createMockOrigin(loadHandler: () => Promise<MockHandler>): Server {
  let handler: Promise<MockHandler> | undefined;
  return createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (body === null) return refuse(req, res, 'requestTooLarge', { 'access-control-allow-origin': '*' });
      const url = new URL(req.url ?? '/', 'http://localhost');
      const event = apiGatewayEvent(req, url, url.pathname, body, DEFAULT_ROUTE);
      const result = await (await (handler ??= loadHandler()))(event, lambdaContext('mock', event.requestContext.requestId));
      res.writeHead(result.statusCode ?? 200, result.headers as Record<string, string>);
      res.end(result.body ?? '');
    })().catch((err: unknown) => {
      process.stderr.write(`mock origin error: ${(err as Error).stack ?? String(err)}\n`);
      refuse(req, res, 'system', { 'access-control-allow-origin': '*' });
    });
  });
}
