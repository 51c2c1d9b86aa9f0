/**
 * /__dev/outbox: the verification codes the local stack "sent", newest first, as a page for people and as JSON
 * for tests. Only the local gateway serves it; in AWS codes go through the configured sender.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { queryAll } from '../../functions/data/db';
import { keys } from '../../functions/data/keys';

/** A code, or a notice to the owner of an account someone tried to register again. */
interface OutboxEntry {
  target: string;
  purpose: string;
  code?: string;
  notice?: string;
  sentAt: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function outboxRoutes(_req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  if (url.pathname !== '/__dev/outbox' && url.pathname !== '/__dev/outbox.json') return false;
  const items = await queryAll<OutboxEntry & Record<string, unknown>>({ ...keys.outbox(), limit: 50 });
  const entries = items.map(({ target, purpose, code, notice, sentAt }) => ({ target, purpose, code, notice, sentAt }));
  if (url.pathname.endsWith('.json')) {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(entries));
    return true;
  }
  const rows = entries
    .map(
      (e) =>
        `<tr><td>${escapeHtml(e.sentAt)}</td><td>${escapeHtml(e.purpose)}</td><td>${escapeHtml(e.target)}</td><td>${e.code ? `<b>${escapeHtml(e.code)}</b>` : escapeHtml(e.notice ?? '')}</td></tr>`,
    )
    .join('');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><meta charset="utf-8"><title>Apiloom dev outbox</title>
<style>body{font:14px system-ui;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.4rem .8rem}</style>
<h1>Dev outbox</h1><p>Verification codes and notices sent by the local stack (newest first). Refresh after sending a code.</p>
<table><tr><th>Sent</th><th>Purpose</th><th>To</th><th>Code or notice</th></tr>${rows || '<tr><td colspan="4">Nothing sent yet.</td></tr>'}</table>`);
  return true;
}
