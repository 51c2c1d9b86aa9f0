/**
 * Teams, their user groups and members, and invitations (spec sections 3, 4 and 6). A team's owner and
 * administrators operate every project of the team; developers reach the projects they are members of, directly
 * or through a group bound to the project.
 */
import * as z from 'zod';
import { lazy } from '../lazy';
import { MEMBER_ROLES, TEAM_ROLES } from '../access';
import { LIMITS } from '../constants';
import { vKey } from '../messages';
import { plainName } from '../text';
import { idSchema } from './project';

export const teamName = lazy(() =>
  plainName(
    z
      .string({ error: vKey('teamName') })
      .trim()
      .min(1, { error: vKey('teamName') })
      .max(LIMITS.teamName, { error: vKey('teamName') }),
  ),
);
export const groupName = lazy(() =>
  plainName(
    z
      .string({ error: vKey('groupName') })
      .trim()
      .min(1, { error: vKey('groupName') })
      .max(LIMITS.userGroupName, { error: vKey('groupName') }),
  ),
);
const teamDescription = lazy(() =>
  z
    .string()
    .trim()
    .max(LIMITS.projectDescription, { error: vKey('description') }),
);
/** An uploaded image's address (/files/...) or an http(s) URL; empty clears it. */
const avatar = lazy(() =>
  z
    .string()
    .trim()
    .max(1024)
    .refine((v) => v === '' || /^https?:\/\//i.test(v) || /^\/[^/]/.test(v), { error: vKey('url') }),
);

export const teamCreateBody = lazy(() =>
  z.object({ name: teamName, description: teamDescription.default(''), avatar: avatar.default('') }),
);
export const teamUpdateBody = lazy(() =>
  z
    .object({
      id: idSchema,
      rev: z.number().int().min(1),
      name: teamName.optional(),
      description: teamDescription.optional(),
      avatar: avatar.optional(),
    })
    .refine((v) => v.name !== undefined || v.description !== undefined || v.avatar !== undefined, { error: vKey('required') }),
);

export const teamView = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    avatar: z.string(),
    ownerId: z.string(),
    ownerName: z.string(),
    role: z.enum(TEAM_ROLES),
    memberCount: z.number(),
    groupCount: z.number(),
    projectCount: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
    rev: z.number(),
  }),
);
export type TeamView = z.infer<typeof teamView>;

/** What the caller may do in a team, so the interface shows only what works. */
export const teamStanding = lazy(() =>
  z.object({
    teamId: z.string(),
    role: z.enum(TEAM_ROLES),
    groupId: z.string().nullable(),
    groupName: z.string().nullable(),
    can: z.object({
      editTeam: z.boolean(),
      manageMembers: z.boolean(),
      manageAdmins: z.boolean(),
      manageGroups: z.boolean(),
      invite: z.boolean(),
      createProjects: z.boolean(),
      operateAllProjects: z.boolean(),
      transfer: z.boolean(),
      disband: z.boolean(),
      quit: z.boolean(),
    }),
  }),
);
export type TeamStanding = z.infer<typeof teamStanding>;

export const teamMemberView = lazy(() =>
  z.object({
    userId: z.string(),
    nickname: z.string(),
    avatar: z.string().nullable(),
    role: z.enum(TEAM_ROLES),
    groupId: z.string().nullable(),
    groupName: z.string().nullable(),
    joinedAt: z.string(),
  }),
);
export type TeamMemberView = z.infer<typeof teamMemberView>;

export const groupView = lazy(() =>
  z.object({ id: z.string(), teamId: z.string(), name: z.string(), memberCount: z.number(), createdAt: z.string() }),
);
export type GroupView = z.infer<typeof groupView>;

export const teamMembersView = lazy(() => z.object({ members: z.array(teamMemberView), groups: z.array(groupView) }));

export const groupCreateBody = lazy(() => z.object({ teamId: idSchema, name: groupName }));

export const teamParams = lazy(() => z.object({ id: idSchema }));

/** Invitation codes: 128 random bits, base64url. */
const inviteCode = lazy(() => z.string().regex(/^[A-Za-z0-9_-]{22}$/, { error: vKey('inviteCode') }));
export const inviteCodeParams = lazy(() => z.object({ code: inviteCode }));
export const invitation = lazy(() => z.object({ code: z.string(), expiresAt: z.string() }));
export type Invitation = z.infer<typeof invitation>;

/** What an invitation leads to, shown before joining. */
export const invitationPreview = lazy(() =>
  z.object({
    kind: z.enum(['team', 'project']),
    teamId: z.string().nullable(),
    teamName: z.string().nullable(),
    projectId: z.string().nullable(),
    projectName: z.string().nullable(),
    groupName: z.string().nullable(),
    role: z.string(),
    invitedBy: z.string(),
    expiresAt: z.string(),
  }),
);

// Project members (spec section 7, "Members and invitations").
/** A role the project's administrators hand out (`none` keeps one person out of what their groups grant). */
export const assignableRole = lazy(() => z.enum(MEMBER_ROLES));
/** What an invitation link to a project makes of whoever follows it. */
export const inviteRole = lazy(() => z.enum(['edit', 'view']));
export const memberCloneQuery = lazy(() => z.object({ from: idSchema, to: idSchema }));
export const memberProjectsQuery = lazy(() => z.object({ memberId: idSchema, teamId: idSchema }));
export const memberProject = lazy(() =>
  z.object({
    projectId: z.string(),
    name: z.string(),
    role: z.string(),
    via: z.enum(['direct', 'group', 'team']),
  }),
);

export const visibleUsersQuery = lazy(() =>
  z.object({
    keyword: z
      .string()
      .trim()
      .max(64, { error: vKey('keyword') })
      .default(''),
  }),
);
/** Someone the caller may add: contact details are partly masked, since a colleague only needs to tell people apart. */
export const visibleUser = lazy(() =>
  z.object({
    userId: z.string(),
    nickname: z.string(),
    avatar: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
);
