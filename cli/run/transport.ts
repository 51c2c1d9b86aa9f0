/**
 * How `apiloom run` sends a scenario's requests: from the CI machine itself, with Node's own fetch (so an API started
 * in the same CI job on localhost can be tested), under the runner's limits: 28 s a request, the response read up
 * to RUN_RESPONSE_MAX_BYTES and cut there (`truncated`).
 */
import { RUN_RESPONSE_MAX_BYTES, RUN_TIMEOUT_MS, type RunRequest, type RunResponse } from '../../shared/schemas/runner';

async function readCapped(res: Response): Promise<{ bytes: Uint8Array; truncated: boolean; size: number }> {
  if (!res.body) return { bytes: new Uint8Array(), truncated: false, size: 0 };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > RUN_RESPONSE_MAX_BYTES) {
      chunks.push(value.subarray(0, value.byteLength - (size - RUN_RESPONSE_MAX_BYTES)));
      await reader.cancel();
      return { bytes: Buffer.concat(chunks), truncated: true, size: RUN_RESPONSE_MAX_BYTES };
    }
    chunks.push(value);
  }
  return { bytes: Buffer.concat(chunks), truncated: false, size };
}

function bodyOf(req: RunRequest): BodyInit | undefined {
  switch (req.body.kind) {
    case 'none':
      return undefined;
    case 'text':
      return req.body.text;
    case 'base64':
      return Buffer.from(req.body.base64, 'base64');
    case 'form': {
      const form = new FormData();
      for (const field of req.body.fields) {
        if ('file' in field)
          form.append(
            field.name,
            new Blob([Buffer.from(field.file.base64, 'base64')], { type: field.file.contentType }),
            field.file.fileName,
          );
        else form.append(field.name, field.value);
      }
      return form;
    }
  }
}

export async function nodeTransport(req: RunRequest, signal?: AbortSignal): Promise<RunResponse> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(RUN_TIMEOUT_MS);
  const res = await fetch(req.url, {
    method: req.method,
    headers: req.headers.map((h) => [h.name, h.value] as [string, string]),
    body: bodyOf(req),
    redirect: 'follow',
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  const { bytes, truncated, size } = await readCapped(res);
  const headers: RunResponse['headers'] = [];
  res.headers.forEach((value, name) => headers.push({ name, value }));
  return {
    status: res.status,
    statusText: res.statusText,
    headers,
    bodyBase64: Buffer.from(bytes).toString('base64'),
    size,
    truncated,
    timeMs: performance.now() - started,
    finalUrl: res.url,
  };
}
