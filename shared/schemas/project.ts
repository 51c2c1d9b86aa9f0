import * as z from 'zod';
import { lazy } from '../lazy';
import { LIMITS } from '../constants';
import { ROLES } from '../access';
import { vKey } from '../messages';
import { plainName } from '../text';
import { SERIAL_STYLES } from '../serial-numbers';

/** Ids are server-made UUIDs; anything else is refused before it reaches a key. */
export const idSchema = lazy(() =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: vKey('id') }),
);

export const PROJECT_STATES = ['active', 'archived', 'recycled'] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];
const PROJECT_ROLES = ['view', 'edit', 'creator'] as const;

export const projectName = lazy(() =>
  plainName(
    z
      .string({ error: vKey('projectName') })
      .trim()
      .min(1, { error: vKey('projectName') })
      .max(LIMITS.projectName, { error: vKey('projectName') }),
  ),
);

export const folderName = lazy(() =>
  plainName(
    z
      .string({ error: vKey('folderName') })
      .trim()
      .min(1, { error: vKey('folderName') })
      .max(LIMITS.folderName, { error: vKey('folderName') }),
  ),
);

const description = lazy(() =>
  z
    .string()
    .trim()
    .max(LIMITS.projectDescription, { error: vKey('description') }),
);
const visibility = lazy(() => z.enum(['private', 'public']));
/** The root of a folder tree is written as '0' or left out. */
const folderRef = lazy(() =>
  z
    .union([idSchema, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v && v !== '0' ? v : null)),
);
const teamRef = lazy(() =>
  z
    .union([idSchema, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
);

export const projectCreateBody = lazy(() =>
  z.object({
    name: projectName,
    description: description.optional().default(''),
    visibility: visibility.optional().default('private'),
    /** Files the new project in one of the creator's folders (or of the team's, for a team project). */
    folderId: folderRef,
    /** A team project; the creator must be a member of the team. */
    teamId: teamRef,
  }),
);

/** Letters, digits, `-` and `_`: it travels in a query string and a header as it is. */
export const mockToken = lazy(() =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: vKey('mockToken') }),
);

export const projectUpdateBody = lazy(() =>
  z
    .object({
      id: idSchema,
      /** The revision the editor started from; an edit against an older one is refused, never applied silently. */
      rev: z.number().int().min(1),
      name: projectName.optional(),
      description: description.optional(),
      visibility: visibility.optional(),
      /** Whether the project's mocks answer at all. */
      mockEnabled: z.boolean().optional(),
      /** A token every mock request of the project must carry; null: none needed. */
      mockToken: mockToken.nullable().optional(),
      /** How the tree, the document views and every export number folders and documents (序号样式). */
      serialStyle: z.enum(SERIAL_STYLES).optional(),
    })
    .refine((v) => [v.name, v.description, v.visibility, v.mockEnabled, v.mockToken, v.serialStyle].some((field) => field !== undefined), {
      error: vKey('required'),
    }),
);

export const projectView = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    visibility,
    ownerId: z.string(),
    /** The owner's nickname in lists (empty where a single project is read). */
    ownerName: z.string(),
    teamId: z.string().nullable(),
    folderId: z.string().nullable(),
    state: z.enum(PROJECT_STATES),
    role: z.enum(ROLES),
    favorite: z.boolean(),
    archivedAt: z.string().nullable(),
    recycledAt: z.string().nullable(),
    /** Days until the recycle bin purges it (recycled projects only). */
    daysLeft: z.number().nullable(),
    /** Roles the project grants to user groups of its team, by group id. */
    groupRoles: z.record(z.string(), z.enum(['edit', 'view', 'none'])),
    documentCount: z.number(),
    /** The project's mock switch; the token only for those who may edit (others learn only that one is needed). */
    mock: z.object({ enabled: z.boolean(), tokenRequired: z.boolean(), token: z.string().nullable() }),
    /** The project setting 序号样式: how folders and documents are numbered (shared/serial-numbers.ts). */
    serialStyle: z.enum(SERIAL_STYLES),
    createdAt: z.string(),
    updatedAt: z.string(),
    rev: z.number(),
  }),
);
export type ProjectView = z.infer<typeof projectView>;

export const projectList = lazy(() => z.array(projectView));

export const idParams = lazy(() => z.object({ id: idSchema }));
export const teamIdParams = lazy(() => z.object({ teamId: idSchema }));
export const teamQuery = lazy(() => z.object({ teamId: teamRef }));
export const searchQuery = lazy(() =>
  z.object({
    keyword: z
      .string()
      .trim()
      .max(LIMITS.projectName, { error: vKey('keyword') })
      .default(''),
    teamId: teamRef,
  }),
);
export const cloneQuery = lazy(() => z.object({ name: projectName }));

export const folderView = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    parentId: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type FolderView = z.infer<typeof folderView>;

export interface FolderNode extends FolderView {
  children: FolderNode[];
}
export const folderNode: z.ZodType<FolderNode> = lazy(() =>
  folderView.extend({
    get children() {
      return z.array(folderNode);
    },
  }),
);

export const folderSaveBody = lazy(() =>
  z.object({
    /** Present to rename an existing folder. */
    id: idSchema.optional(),
    name: folderName,
    parentId: folderRef,
    /** A team console's folder; absent for the personal console. */
    teamId: teamRef,
  }),
);
export const folderListQuery = lazy(() => z.object({ parentId: folderRef, teamId: teamRef }));
export const folderDeleteQuery = lazy(() => z.object({ teamId: teamRef }));
export const folderContents = lazy(() =>
  z.object({
    folders: z.array(folderView),
    projects: projectList,
    /** From the root to the listed folder, for breadcrumbs. */
    path: z.array(folderView),
  }),
);
/** `tree/{id}`: the folder tree of a console: `personal`, or a team's id. */
export const folderTreeParams = lazy(() => z.object({ id: idSchema }));
export const folderMoveQuery = lazy(() =>
  z.object({
    folderId: folderRef,
    teamId: teamRef,
    sourceId: idSchema,
    isProject: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
  }),
);

export const projectMember = lazy(() =>
  z.object({
    userId: z.string(),
    nickname: z.string(),
    avatar: z.string().nullable(),
    /** `none` keeps one person out of what their groups would grant. */
    role: z.enum([...PROJECT_ROLES, 'none']),
    joinedAt: z.string(),
  }),
);
export type ProjectMember = z.infer<typeof projectMember>;
