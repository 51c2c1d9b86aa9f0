/** Invitation links: built from a code, and read back from whatever a person pastes (a link or the bare code). */
import { paths, type InviteKind } from '../../../paths';

/** Codes are 128 random bits in base64url (shared/schemas/team.ts's `inviteCode`). */
const CODE = /^[A-Za-z0-9_-]{22}$/;
const LINK = /\/invite\/(project|team)\/([A-Za-z0-9_-]{22})(?:[/?#]|$)/;

export const isInviteCode = (code: string) => CODE.test(code);

/** The address to hand out: absolute, so it can be pasted into a chat. */
export const inviteLink = (origin: string, kind: InviteKind, code: string) =>
  `${origin.replace(/\/+$/, '')}${paths.invite.href(kind, code)}`;

/**
 * The invitation a pasted text names: an invitation link (of either kind, from any host) or a bare code, which is
 * taken to be of `kind`, the page it was pasted on. Anything else is nothing.
 */
export function invitationFrom(text: string, kind: InviteKind): { kind: InviteKind; code: string } | null {
  const input = text.trim();
  if (isInviteCode(input)) return { kind, code: input };
  const match = LINK.exec(input);
  return match ? { kind: match[1] as InviteKind, code: match[2]! } : null;
}
