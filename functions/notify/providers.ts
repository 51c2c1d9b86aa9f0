/**
 * Each provider's request: its signature as the provider documents it, its own markdown or card format, and how it
 * says a message was taken (the Chinese robots answer HTTP 200 with an error code in the body when they refuse).
 * - DingTalk robot (加签): `sign` = urlencode(base64(HMAC-SHA256(key = secret, timestamp + "\n" + secret))),
 *   timestamp in milliseconds, both added to the webhook's query; DingTalk refuses a timestamp over an hour off.
 * - Feishu custom bot: `sign` = base64(HMAC-SHA256(key = timestamp + "\n" + secret, message = "")), timestamp in
 *   seconds, both in the JSON body.
 * - WeCom group robot and Slack incoming webhooks: the secret is the address itself; no signature.
 * - Generic webhook: `X-Apiloom-Signature: sha256=<hex HMAC-SHA256(secret, `${timestamp}.${body}`)>` and
 *   `X-Apiloom-Timestamp` (seconds); receivers refuse a timestamp more than WEBHOOK_REPLAY_WINDOW_SECONDS off
 *   (README: "Notifications"). `X-Apiloom-Delivery` is the idempotency key: one per event and channel.
 */
import { createHmac } from 'node:crypto';
import type { ChannelKind } from '@shared/schemas/channels';
import type { OutgoingRequest } from '../net/safe-fetch';
import { markdownOf, type Language, type Message } from './messages';

export const WEBHOOK_REPLAY_WINDOW_SECONDS = 300;

export function dingtalkSign(timestampMs: string, secret: string): string {
  const digest = createHmac('sha256', secret).update(`${timestampMs}\n${secret}`, 'utf8').digest('base64');
  return encodeURIComponent(digest);
}

export function feishuSign(timestampSeconds: string, secret: string): string {
  return createHmac('sha256', `${timestampSeconds}\n${secret}`).update('').digest('base64');
}

export function webhookSignature(timestampSeconds: string, body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex')}`;
}

export interface ChannelTarget {
  kind: ChannelKind;
  target: string;
  secret?: string;
  language: Language;
}

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const JSON_HEADERS: [string, string][] = [['content-type', 'application/json; charset=utf-8']];

/**
 * The request that delivers `message` to a channel. `deliveryId` is the idempotency key (event and channel);
 * `payload` is what the generic webhook carries beside the message (the event itself).
 */
export function requestFor(
  channel: ChannelTarget,
  message: Message,
  opts: { deliveryId: string; payload?: unknown; now?: Date },
): OutgoingRequest {
  const now = opts.now ?? new Date();
  const markdown = markdownOf(message, channel.language);
  switch (channel.kind) {
    case 'dingtalk': {
      let url = channel.target;
      if (channel.secret) {
        const timestamp = String(now.getTime());
        url += `${url.includes('?') ? '&' : '?'}timestamp=${timestamp}&sign=${dingtalkSign(timestamp, channel.secret)}`;
      }
      const text = `#### ${message.title}\n\n${markdown}`;
      return { method: 'POST', url, headers: JSON_HEADERS, body: json({ msgtype: 'markdown', markdown: { title: message.title, text } }) };
    }
    case 'feishu': {
      const timestamp = String(Math.floor(now.getTime() / 1000));
      const signed = channel.secret ? { timestamp, sign: feishuSign(timestamp, channel.secret) } : {};
      const card = {
        header: { title: { tag: 'plain_text', content: message.title } },
        elements: [{ tag: 'markdown', content: markdown }],
      };
      return { method: 'POST', url: channel.target, headers: JSON_HEADERS, body: json({ ...signed, msg_type: 'interactive', card }) };
    }
    case 'wecom':
      return {
        method: 'POST',
        url: channel.target,
        headers: JSON_HEADERS,
        body: json({ msgtype: 'markdown', markdown: { content: `**${message.title}**\n${markdown}` } }),
      };
    case 'slack': {
      // Slack's mrkdwn: *bold*, <url|text>.
      const text = [
        ...message.lines.map((l) => l.replace(/\*\*(.+?)\*\*/g, '*$1*')),
        ...(message.link ? [`<${message.link}|Apiloom>`] : []),
      ].join('\n');
      return {
        method: 'POST',
        url: channel.target,
        headers: JSON_HEADERS,
        body: json({
          text: `${message.title}\n${text}`,
          blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `*${message.title}*\n${text}` } }],
        }),
      };
    }
    case 'webhook': {
      const timestamp = String(Math.floor(now.getTime() / 1000));
      const body = JSON.stringify({
        deliveryId: opts.deliveryId,
        message: { title: message.title, markdown, link: message.link ?? null },
        event: opts.payload ?? null,
      });
      const headers: [string, string][] = [
        ...JSON_HEADERS,
        ['x-apiloom-delivery', opts.deliveryId],
        ['x-apiloom-timestamp', timestamp],
        ...(channel.secret ? ([['x-apiloom-signature', webhookSignature(timestamp, body, channel.secret)]] as [string, string][]) : []),
      ];
      return { method: 'POST', url: channel.target, headers, body: new TextEncoder().encode(body) };
    }
    case 'email':
      throw new Error('email channels are sent by the code sender, not by a request');
  }
}

/**
 * Whether the provider took the message. The Chinese robots answer 200 with `errcode` (DingTalk, WeCom) or `code`
 * (Feishu) other than 0 when they refuse one (a bad signature, a keyword missing, a rate limit).
 */
export function accepted(kind: ChannelKind, status: number, body: string): boolean {
  if (status < 200 || status >= 300) return false;
  if (kind !== 'dingtalk' && kind !== 'wecom' && kind !== 'feishu') return true;
  try {
    const answer = JSON.parse(body) as { errcode?: number; code?: number; StatusCode?: number };
    return (answer.errcode ?? answer.code ?? answer.StatusCode ?? 0) === 0;
  } catch {
    return false;
  }
}
