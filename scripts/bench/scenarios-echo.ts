/**
 * The scenario bench's target (issue 36): a loopback HTTP server in a process of its own that answers every request
 * with what it was sent (method, path, authorization, JSON body) and a token for /login. Prints its address.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const text = Buffer.concat(chunks).toString();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        method: req.method,
        path: req.url,
        auth: req.headers.authorization ?? null,
        token: `tok-${Date.now()}`,
        id: 42,
        body,
      }),
    );
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
