/**
 * What makes S3 itself enforce an upload's size: the presigned PUT signs Content-Length (and Content-Type), and
 * S3 recomputes the signature from the headers the browser actually sends. s3rver does not check V4 signatures,
 * so this verifies the URL the way S3 does (SigV4 query signing, written out independently of the SDK).
 */
import { createHash, createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_URL_SECONDS } from '@shared/files';

const SECRET = 'S3RVER';

beforeAll(() => {
  Object.assign(process.env, {
    TABLE_NAME: 'unit-table',
    FILES_BUCKET: 'apiloom-unit-files',
    S3_ENDPOINT: 'http://127.0.0.1:4569',
    AWS_REGION: 'us-east-1',
  });
});

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Would S3 accept this request against this presigned URL? (SigV4, query-string authentication.) */
function s3WouldAccept(presigned: string, method: string, headers: Record<string, string>): boolean {
  const url = new URL(presigned);
  const q = url.searchParams;
  const signedHeaders = (q.get('X-Amz-SignedHeaders') ?? '').split(';');
  const all: Record<string, string> = {
    host: url.host,
    ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
  };
  const canonicalQuery = [...q.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    method,
    url.pathname,
    canonicalQuery,
    signedHeaders.map((h) => `${h}:${(all[h] ?? '').trim()}\n`).join(''),
    signedHeaders.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const [, date, region, service] = (q.get('X-Amz-Credential') ?? '').split('/');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', q.get('X-Amz-Date'), scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, date!), region!), service!), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex') === q.get('X-Amz-Signature');
}

describe('presigned uploads', () => {
  it('sign the exact size and type, carry no checksum of an empty body, and expire', async () => {
    const { presignUpload } = await import('./uploads');
    const ticket = await presignUpload('p1', 'AbCdEfGhIjKlMnOpQrStUv', 512_000, 'image/png');
    const url = new URL(ticket.url);
    expect(url.pathname).toBe('/apiloom-unit-files/uploads/p1/AbCdEfGhIjKlMnOpQrStUv');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(UPLOAD_URL_SECONDS));
    expect([...url.searchParams.keys()].filter((k) => k.toLowerCase().includes('checksum'))).toEqual([]);
    expect(ticket.headers).toEqual({ 'content-type': 'image/png' });

    expect(s3WouldAccept(ticket.url, 'PUT', { 'content-length': '512000', 'content-type': 'image/png' })).toBe(true);
    // One byte more, another type, or another method: the signature no longer matches and S3 answers 403.
    expect(s3WouldAccept(ticket.url, 'PUT', { 'content-length': '512001', 'content-type': 'image/png' })).toBe(false);
    expect(s3WouldAccept(ticket.url, 'PUT', { 'content-length': '512000', 'content-type': 'text/html' })).toBe(false);
    expect(s3WouldAccept(ticket.url, 'POST', { 'content-length': '512000', 'content-type': 'image/png' })).toBe(false);
  });
});
