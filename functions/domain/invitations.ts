/**
 * Invitation codes to a team (optionally straight into a group) or to a project with a role, valid one hour
 * (spec section 9). A code is 128 random bits; a link can be shared with several people while it lasts. Expiry
 * holds at read time to the second, whatever the TTL sweeper has done.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { INVITATION_TTL_SECONDS } from '@shared/constants';
import { asRecord, getItem, notExists, putItem } from '../data/db';
import { ENTITY, keys } from '../data/keys';
import { AppError } from '../core/app-error';

const invitationRecord = lazy(() =>
  z.object({
    code: z.string(),
    kind: z.enum(['team', 'project']),
    teamId: z.string().nullable(),
    groupId: z.string().nullable(),
    projectId: z.string().nullable(),
    role: z.string(),
    createdBy: z.string(),
    expiresAt: z.number(),
  }),
);
type InvitationRecord = z.infer<typeof invitationRecord>;

/** A new invitation, valid one hour from `now`. */
export const newInvitation = (input: Omit<InvitationRecord, 'code' | 'expiresAt'>, now = new Date()): InvitationRecord => ({
  ...input,
  code: randomBytes(16).toString('base64url'),
  expiresAt: Math.floor(now.getTime() / 1000) + INVITATION_TTL_SECONDS,
});

export const invitationItem = (invitation: InvitationRecord) => ({
  ...keys.invitation(invitation.code),
  ...ENTITY.invitation,
  ...invitation,
});

export async function createInvitation(input: Omit<InvitationRecord, 'code' | 'expiresAt'>, now = new Date()): Promise<InvitationRecord> {
  const invitation = newInvitation(input, now);
  await putItem(invitationItem(invitation), notExists());
  return invitation;
}

/** A live invitation of the given kind; an unknown, expired or other-kind code reads the same. */
export async function liveInvitation(code: string, kind: InvitationRecord['kind']): Promise<InvitationRecord> {
  const invitation = asRecord(invitationRecord, await getItem(keys.invitation(code), { consistent: true }));
  if (!invitation || invitation.kind !== kind) throw new AppError('invitationInvalid');
  return invitation;
}

export const expiresAtIso = (invitation: InvitationRecord) => new Date(invitation.expiresAt * 1000).toISOString();
