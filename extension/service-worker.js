/* global chrome */
/**
 * The Apiloom plug-in's service worker (issue 24). Pages of Apiloom, and only those (`externally_connectable` in the
 * manifest: the local app's origins, and the deployed one that `npm run build:extension` adds), send it:
 *   {type: 'apiloom.ping'}                -> {version, granted: [origin patterns the user allowed]}
 *   {type: 'apiloom.send', request}       -> a RunResponse (shared/schemas/runner.ts), or {error, ...}
 * It reaches a target only once the user has allowed that target's origin: it holds no host permission at install,
 * and asks for one origin at a time (grant.html, a window of its own: Chrome asks for a permission only from a
 * click in the extension's own page). No other page can use it as a proxy.
 */

/** As shared/schemas/runner.ts: RUN_RESPONSE_MAX_BYTES and RUN_TIMEOUT_MS (scripts/build-extension.test.ts checks). */
const RESPONSE_MAX_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 28000;
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];

/** The origin pattern a target needs: its scheme and host, any port (match patterns carry no port). */
function patternOf(url) {
  return `${url.protocol}//${url.hostname}/*`;
}

/** Whether the sender is one of the manifest's own pages: Chrome routes only those here; checked again all the same. */
function fromOurOrigin(sender) {
  const matches = chrome.runtime.getManifest().externally_connectable?.matches ?? [];
  let origin;
  try {
    origin = new URL(sender.url ?? sender.origin ?? '');
  } catch {
    return false;
  }
  return matches.some((pattern) => {
    const at = /^(https?):\/\/([^/]+)\/\*$/.exec(pattern);
    return at !== null && origin.protocol === `${at[1]}:` && origin.hostname === at[2];
  });
}

function bytesOf(base64) {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function base64Of(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function bodyOf(body) {
  if (!body || body.kind === 'none') return undefined;
  if (body.kind === 'text') return body.text;
  if (body.kind === 'base64') return bytesOf(body.base64);
  if (body.kind === 'form') {
    const form = new FormData();
    for (const field of body.fields) {
      if (field.file)
        form.append(field.name, new Blob([bytesOf(field.file.base64)], { type: field.file.contentType }), field.file.fileName);
      else form.append(field.name, field.value);
    }
    return form;
  }
  throw new Error(`unknown body kind ${body.kind}`);
}

async function send(request) {
  if (!request || !METHODS.includes(request.method) || typeof request.url !== 'string') return { error: 'invalid' };
  let url;
  try {
    url = new URL(request.url);
  } catch {
    return { error: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: 'invalid' };
  const origin = patternOf(url);
  if (!(await chrome.permissions.contains({ origins: [origin] }))) {
    await chrome.windows.create({
      url: chrome.runtime.getURL(`grant.html?origin=${encodeURIComponent(origin)}`),
      type: 'popup',
      width: 440,
      height: 300,
    });
    return { error: 'notGranted', origin };
  }
  const headers = new Headers();
  const body = bodyOf(request.body);
  for (const { name, value } of request.headers ?? []) {
    // A form's Content-Type is the browser's to write, with its boundary.
    if (request.body?.kind === 'form' && name.toLowerCase() === 'content-type') continue;
    try {
      headers.append(name, value);
    } catch {
      return { error: 'invalid' };
    }
  }
  const started = performance.now();
  let response;
  try {
    response = await fetch(url, {
      method: request.method,
      headers,
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body,
      redirect: 'follow',
      credentials: 'omit',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return { error: error?.name === 'TimeoutError' ? 'timeout' : 'unreachable', detail: String(error?.message ?? error) };
  }
  const chunks = [];
  let size = 0;
  let kept = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (kept < RESPONSE_MAX_BYTES) {
        const part = value.subarray(0, RESPONSE_MAX_BYTES - kept);
        chunks.push(part);
        kept += part.length;
      }
      if (size > RESPONSE_MAX_BYTES) {
        await reader.cancel();
        break;
      }
    }
  }
  const all = new Uint8Array(kept);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers].map(([name, value]) => ({ name, value })),
    bodyBase64: base64Of(all),
    size,
    truncated: size > RESPONSE_MAX_BYTES,
    timeMs: Math.round((performance.now() - started) * 10) / 10,
    finalUrl: response.url || url.toString(),
  };
}

chrome.runtime.onMessageExternal.addListener((message, sender, reply) => {
  if (!fromOurOrigin(sender)) return false;
  if (message?.type === 'apiloom.ping') {
    chrome.permissions.getAll().then((all) => reply({ version: chrome.runtime.getManifest().version, granted: all.origins ?? [] }));
    return true;
  }
  if (message?.type === 'apiloom.send') {
    send(message.request).then(reply, (error) => reply({ error: 'failed', detail: String(error?.message ?? error) }));
    return true;
  }
  reply({ error: 'unknown' });
  return false;
});
