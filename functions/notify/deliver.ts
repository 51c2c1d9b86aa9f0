/**
 * Delivers one event to the project's channels (issue 38). Each channel's delivery is claimed first (an item per
 * event and channel: no event goes twice to one channel, whichever run repeats it), sent through the guarded fetch
 * (public addresses only), tried again 3 times with backoff when the provider fails, and written to the channel's
 * delivery log. What cannot be recorded throws, so the stream hands the event over again (retries, then the
 * dead-letter queue); the claims make that repeat send nothing twice.
 *
 * Locally the stack passes the fake providers' exact addresses as `admitForTests`, the guard's own parameter;
 * nothing in the environment can admit anything.
 */
import type { ProjectEvent } from '@shared/schemas/events';
import { channelsFor, claimDelivery, noteChannelHealth, recordDelivery, type ChannelRecord, type DeliveryRecord } from '../domain/channels';
import { nodesAt } from '../domain/documents';
import { deliverToInboxes } from '../domain/inbox-delivery';
import { getProject } from '../domain/projects';
import { teamMembersOf } from '../domain/teams';
import { usersByIds } from '../domain/users';
import { env } from '../env';
import { FetchRefused, safeSend, type SafeFetchOptions } from '../net/safe-fetch';
import { withContext } from './context';
import { sendNotificationMail } from './mail';
import { messageOf, testMessage, type Message } from './messages';
import { accepted, requestFor } from './providers';

export interface DeliveryOptions {
  /** The guard's test-only parameter: exactly the local fakes' addresses. */
  admitForTests?: ReadonlySet<string>;
  /** Waits between tries (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
  /** Told (never with a target or secret) of what happened, for the function's log. */
  log?: (line: string, fields?: Record<string, unknown>) => void;
  now?: () => Date;
  /** Tried once, without the retries: the test message, whose button waits for its answer. */
  once?: boolean;
}

/** Tries after the first, and the wait before each. */
export const RETRY_BACKOFF_MS = [1_000, 4_000, 16_000] as const;
const EXCERPT_CHARS = 300;
export const MAX_REDIRECTS = 3;
const SEND_TIMEOUT_MS = 10_000;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Outcome = Pick<DeliveryRecord, 'status' | 'attempts' | 'httpStatus' | 'excerpt'>;

/** Sends one message to one channel with the retries; never throws for the provider's sake. */
export async function sendToChannel(
  channel: ChannelRecord,
  message: Message,
  deliveryId: string,
  payload: unknown,
  opts: DeliveryOptions,
): Promise<Outcome> {
  const sleep = opts.sleep ?? realSleep;
  const guard: SafeFetchOptions = {
    timeoutMs: SEND_TIMEOUT_MS,
    maxRedirects: MAX_REDIRECTS,
    maxBytes: 64 * 1024,
    ...(opts.admitForTests ? { admitForTests: opts.admitForTests } : {}),
  };
  let last: Outcome = { status: 'failed', attempts: 0, httpStatus: null, excerpt: '' };
  for (let attempt = 0; attempt <= (opts.once ? 0 : RETRY_BACKOFF_MS.length); attempt++) {
    if (attempt > 0) await sleep(RETRY_BACKOFF_MS[attempt - 1]!);
    if (channel.kind === 'email') return sendEmail(channel, message, attempt + 1);
    try {
      // Signed afresh each try: DingTalk and the webhook's receivers refuse an old timestamp.
      const request = requestFor(channel, message, { deliveryId, payload, now: opts.now?.() });
      if (env().STAGE === 'aws' && !request.url.startsWith('https://')) {
        return { status: 'refused', attempts: attempt + 1, httpStatus: null, excerpt: 'scheme' };
      }
      const response = await safeSend(request, { ...guard, overflow: 'truncate' });
      const text = new TextDecoder().decode(response.body).slice(0, EXCERPT_CHARS);
      last = { status: 'failed', attempts: attempt + 1, httpStatus: response.status, excerpt: text };
      if (accepted(channel.kind, response.status, text)) return { ...last, status: 'sent' };
      // Only a provider that is down or busy (5xx, 429) is worth another try: a refusal (a wrong address, a bad
      // signature, answered 4xx or 200 with an error code) would be repeated whatever we do.
      if (response.status < 500 && response.status !== 429) return last;
    } catch (err) {
      // The guard's refusals (a private address, a redirect to one) are final; a network failure is tried again.
      if (err instanceof FetchRefused && err.reason !== 'unreachable' && err.reason !== 'timeout') {
        return { status: 'refused', attempts: attempt + 1, httpStatus: null, excerpt: err.reason };
      }
      last = { status: 'failed', attempts: attempt + 1, httpStatus: null, excerpt: err instanceof FetchRefused ? err.reason : 'network' };
    }
  }
  return last;
}

/** Email channels go through the code sender's means: the outbox locally, SES in AWS (notify/mail.ts). */
async function sendEmail(channel: ChannelRecord, message: Message, attempts: number): Promise<Outcome> {
  try {
    for (const address of channel.target
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean)) {
      await sendNotificationMail(address, mailText(message), channel.language);
    }
    return { status: 'sent', attempts, httpStatus: null, excerpt: '' };
  } catch (err) {
    return { status: 'failed', attempts, httpStatus: null, excerpt: (err as Error).message.slice(0, EXCERPT_CHARS) };
  }
}

/** A message as plain mail: its title, its lines, its link. */
const mailText = (message: Message) => [message.title, ...message.lines, message.link ?? ''].join('\n');

/** Folders above a subject, nearest first: what a channel that watches a folder matches. */
async function ancestorsOf(event: ProjectEvent): Promise<string[]> {
  const start = event.subject.folderId ?? event.subject.documentId;
  const project = await getProject(event.projectId);
  if (!start || !project) return [];
  const byId = new Map((await nodesAt(project)).map((n) => [n.id, n]));
  const out: string[] = [];
  for (let id = byId.get(start)?.parentId; id && id !== event.projectId && !out.includes(id); id = byId.get(id)?.parentId) out.push(id);
  return out;
}

/** Delivers one event to every channel that takes it. Throws only when a delivery could not be recorded. */
export async function deliverEvent(event: ProjectEvent, opts: DeliveryOptions = {}): Promise<void> {
  // The bells of those it concerns (each once per event, whichever run repeats it), then the channels.
  const project = await getProject(event.projectId);
  await deliverToInboxes(event, {
    // Those who asked for instant mail: the message in their language, with its details.
    mail: async (address, language) => {
      if (!project) return;
      const message = messageOf(await withContext(event), {
        language,
        detail: 'details',
        projectName: project.name,
        siteOrigin: env().SITE_ORIGIN,
      });
      await sendNotificationMail(address, mailText(message), language);
    },
  });
  if (!project) return;
  const channels = await channelsFor(event, await ancestorsOf(event), project.teamId);
  if (!channels.length) return;
  // What the messages add (a model's users, a release's verdict), read once for every channel. A message without it
  // beats none: a failure to read it is logged, and the event still goes.
  const told = await withContext(event).catch((err: unknown) => {
    opts.log?.('event context unavailable', { eventId: event.eventId, error: (err as Error).message });
    return event;
  });
  const siteOrigin = env().SITE_ORIGIN;
  await Promise.all(
    channels.map(async (channel) => {
      if (!(await claimDelivery(channel, event, (opts.now?.() ?? new Date()).getTime()))) return;
      const message = messageOf(told, { language: channel.language, detail: channel.detail, projectName: project.name, siteOrigin });
      const payload = channel.detail === 'details' ? told : { ...told, details: {} };
      const outcome = await sendToChannel(channel, message, `${event.eventId}.${channel.id}`, payload, opts);
      await recordDelivery(channel, event.eventId, outcome, opts.now?.());
      opts.log?.('delivery', {
        channelId: channel.id,
        kind: channel.kind,
        eventId: event.eventId,
        status: outcome.status,
        attempts: outcome.attempts,
      });
      if ((await noteChannelHealth(channel, outcome.status === 'sent', opts.now?.())) === 'paused')
        await tellAdminsPaused(channel, project);
    }),
  );
}

/** The "send a test message" button: straight to the one channel, no claim, tried once (the button waits for it). */
export async function sendTestMessage(channel: ChannelRecord, projectName: string, opts: DeliveryOptions = {}): Promise<Outcome> {
  return sendToChannel(channel, testMessage(channel.language, projectName), `test.${channel.id}.${Date.now()}`, null, {
    ...opts,
    once: true,
  });
}

/**
 * A paused channel is news for the project's administrators: its creator and, in a team, the team's owner and
 * administrators (shared/access.ts), by mail through the code sender's means (the outbox locally, SES in AWS). One
 * who cannot be mailed does not stop the others.
 */
async function tellAdminsPaused(channel: ChannelRecord, project: { id: string; name: string; ownerId: string; teamId: string | null }) {
  const teamAdmins = project.teamId
    ? (await teamMembersOf(project.teamId)).filter((m) => m.role === 'owner' || m.role === 'admin').map((m) => m.userId)
    : [];
  const people = await usersByIds([...new Set([project.ownerId, ...teamAdmins])]);
  const notice = `Apiloom: the notification channel "${channel.name}" of ${project.name} failed for a day and is paused. / 项目「${project.name}」的通知渠道「${channel.name}」连续失败一天，已暂停。`;
  await Promise.all(
    [...people.values()].map(async (person) => {
      const address = (person as { email?: string | null }).email;
      if (address) await sendNotificationMail(address, notice, 'zh', 'channelPaused').catch(() => undefined);
    }),
  );
}
