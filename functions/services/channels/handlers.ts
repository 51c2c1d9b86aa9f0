/**
 * The channel routes (shared/routes/channels.ts): a project's channels, and a team's default channels, which are
 * kept the same way under the team's id. Answers carry a channel's view only (address masked, secret as a flag).
 */
import { translate, type Locale } from '@shared/messages';
import type { ChannelSettings, ChannelTestOutcome, ChannelUpdate, DeliveryView } from '@shared/schemas/channels';
import {
  channelsOf,
  createChannel,
  deleteChannel,
  deliveryLog,
  getChannel,
  resumeChannel,
  toChannelView,
  updateChannel,
  type ChannelRecord,
  type DeliveryRecord,
} from '../../domain/channels';
import { defineHandlers } from '../../runtime/service';
import { AppError } from '../../core/app-error';
import { checkTarget, type ChannelGuard } from './targets';

async function existing(ownerId: string, channelId: string): Promise<ChannelRecord> {
  const channel = await getChannel(ownerId, channelId);
  if (!channel) throw new AppError('notFound');
  return channel;
}

const toDeliveryView = ({ at, eventId, kind, status, attempts, httpStatus, excerpt }: DeliveryRecord): DeliveryView => ({
  at,
  eventId,
  kind,
  status,
  attempts,
  httpStatus,
  excerpt,
});

function hostOf(target: string) {
  try {
    return new URL(target).host;
  } catch {
    return '-';
  }
}

/** The guard's refusals are the proxy's catalogued codes; a provider's own refusal is an outcome to show. */
const REFUSALS = { address: 'proxyAddress', scheme: 'proxyAddress', redirects: 'proxyRedirects' } as const;

/** The verbs both kinds of owner share: a project (its administrators) and a team (its defaults). */
function channelVerbs(guard: ChannelGuard) {
  return {
    list: async (ownerId: string) => ({ channels: (await channelsOf(ownerId)).map(toChannelView) }),
    create: async (ownerId: string, settings: ChannelSettings, by: string, locale: Locale) =>
      toChannelView(
        await createChannel(ownerId, { ...settings, target: checkTarget(settings.kind, settings.target, guard, { locale }) }, by),
      ),
    update: async (ownerId: string, channelId: string, settings: ChannelUpdate, by: string, locale: Locale) => {
      const current = await existing(ownerId, channelId);
      // Another kind needs its own address: the old one was another provider's.
      if (settings.kind !== current.kind && !settings.target)
        throw new AppError('invalidInput', {}, { fields: { target: translate(locale, 'v.required') } });
      const target = settings.target ? checkTarget(settings.kind, settings.target, guard, { locale }) : undefined;
      return toChannelView(await updateChannel(current, { ...settings, target, secret: settings.secret || undefined }, by));
    },
    remove: async (ownerId: string, channelId: string) => {
      await deleteChannel(ownerId, channelId);
      return null;
    },
    test: async (ownerId: string, channelId: string, ownerName: string): Promise<ChannelTestOutcome> => {
      const channel = await existing(ownerId, channelId);
      // The sender (each provider's format, the guarded fetch) is loaded by the first test message, not by every
      // cold start of the channel routes: the bundle keeps it in a chunk of its own.
      const { MAX_REDIRECTS, sendTestMessage } = await import('../../notify/deliver');
      const outcome = await sendTestMessage(channel, ownerName, guard);
      if (outcome.status === 'refused') {
        const key = REFUSALS[outcome.excerpt as keyof typeof REFUSALS] ?? 'proxyAddress';
        // The host only: the rest of the address (its access token) is a secret.
        throw new AppError(key, { detail: hostOf(channel.target), max: MAX_REDIRECTS });
      }
      return { status: outcome.status === 'sent' ? 'sent' : 'failed', httpStatus: outcome.httpStatus, excerpt: outcome.excerpt };
    },
    deliveries: async (ownerId: string, channelId: string) => {
      await existing(ownerId, channelId);
      return { deliveries: (await deliveryLog(ownerId, channelId)).map(toDeliveryView) };
    },
    resume: async (ownerId: string, channelId: string, by: string) =>
      toChannelView(await resumeChannel(await existing(ownerId, channelId), by)),
  };
}

/** `guard` is a parameter, never configuration: the deployed function (index.ts) passes none. */
export function channelHandlers(guard: ChannelGuard = {}) {
  const verbs = channelVerbs(guard);
  return defineHandlers({
    'channel.list': async ({ params }) => verbs.list(params.id),
    'channel.create': async ({ params, body }, ctx) => verbs.create(params.id, body, ctx.caller.userId, ctx.locale),
    'channel.update': async ({ params, body }, ctx) => verbs.update(params.id, params.channelId, body, ctx.caller.userId, ctx.locale),
    'channel.delete': async ({ params }) => verbs.remove(params.id, params.channelId),
    'channel.test': async ({ params }, ctx) => verbs.test(params.id, params.channelId, ctx.project.item.name),
    'channel.deliveries': async ({ params }) => verbs.deliveries(params.id, params.channelId),
    'channel.resume': async ({ params }, ctx) => verbs.resume(params.id, params.channelId, ctx.caller.userId),

    'teamChannel.list': async ({ params }) => verbs.list(params.id),
    'teamChannel.create': async ({ params, body }, ctx) => verbs.create(params.id, body, ctx.caller.userId, ctx.locale),
    'teamChannel.update': async ({ params, body }, ctx) => verbs.update(params.id, params.channelId, body, ctx.caller.userId, ctx.locale),
    'teamChannel.delete': async ({ params }) => verbs.remove(params.id, params.channelId),
    'teamChannel.test': async ({ params }, ctx) => verbs.test(params.id, params.channelId, ctx.team.team.name),
    'teamChannel.deliveries': async ({ params }) => verbs.deliveries(params.id, params.channelId),
    'teamChannel.resume': async ({ params }, ctx) => verbs.resume(params.id, params.channelId, ctx.caller.userId),
  });
}
