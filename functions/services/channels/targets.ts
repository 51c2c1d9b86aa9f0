/**
 * Where a channel may point, checked when it is saved: an http(s) address (https only in AWS) whose host is not a
 * literal private, loopback, link-local or metadata address, refused with the proxy's codes. A host name is
 * resolved when a message is sent, by the guard itself (a name that resolves to a private address, or a redirect
 * to one, is refused there and shows in the delivery log, or as the test message's answer).
 * Email channels take a comma-separated list of addresses.
 */
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { translate, type Locale } from '@shared/messages';
import type { ChannelKind } from '@shared/schemas/channels';
import { isPublicAddress } from '../../net/addresses';
import { env } from '../../env';
import { AppError } from '../../core/app-error';

export interface ChannelGuard {
  /** TEST ONLY: the local fake providers' exact addresses (the guard's own parameter), never configuration. */
  admitForTests?: ReadonlySet<string>;
}

const MAX_EMAIL_ADDRESSES = 20;
const emailAddress = lazy(() => z.email());

export function checkTarget(
  kind: ChannelKind,
  target: string,
  guard: ChannelGuard,
  { stage = env().STAGE, locale = 'zh' }: { stage?: string; locale?: Locale } = {},
): string {
  if (kind === 'email') {
    const addresses = target
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    if (!addresses.length || addresses.length > MAX_EMAIL_ADDRESSES || !addresses.every((a) => emailAddress.safeParse(a).success))
      throw new AppError('invalidInput', {}, { fields: { target: translate(locale, 'v.email') } });
    return addresses.join(', ');
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new AppError('proxyAddress', { detail: '-' });
  }
  // The host only: the rest of a provider's address (its access token) is a secret.
  const refused = () => new AppError('proxyAddress', { detail: url.host });
  const https = url.protocol === 'https:';
  if (!https && (url.protocol !== 'http:' || stage === 'aws')) throw refused();
  if (url.username || url.password) throw refused();
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const admitted = isPublicAddress(host) || !!guard.admitForTests?.has(host);
  const literal = z.union([z.ipv4(), z.ipv6()]).safeParse(host).success;
  if (literal && !admitted) throw refused();
  // Names that are loopback by definition, and numbers the URL parser did not read as an address.
  if (!literal && (host === 'localhost' || host.endsWith('.localhost') || /^[\d.]+$|^0x/i.test(host))) throw refused();
  return url.href;
}
