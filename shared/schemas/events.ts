/**
 * Project events (issue 38): what happened in a project, recorded in the same transaction as the change itself
 * (an outbox item in the table), then delivered to the project's channels and (by the comments work) to the bell.
 * One shape for every kind; what differs is `details`, typed per kind below and read leniently, so an event
 * written by newer code never breaks an older reader.
 */
import * as z from 'zod';
import { lazy } from '../lazy';

export const EVENT_KINDS = [
  'document.created',
  'document.updated',
  'document.deleted',
  'document.moved',
  'document.restored',
  'model.changed',
  'import.finished',
  'release.published',
  'share.created',
  'member.added',
  'member.removed',
  'comment.added',
  'mention',
  'scenario.run.finished',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** What an event is about: a document or folder by id, with the name it had then (messages show names). */
export const eventSubjectSchema = lazy(() =>
  z.object({
    documentId: z.string().optional(),
    folderId: z.string().optional(),
    name: z.string().optional(),
  }),
);
export type EventSubject = z.infer<typeof eventSubjectSchema>;

/** The parts of an API document a save can change, named as messages list them. */
export const CHANGED_FIELDS = ['name', 'method', 'path', 'parameters', 'request', 'responses', 'description', 'content'] as const;
export type ChangedField = (typeof CHANGED_FIELDS)[number];

/** Parameter rows a save added, removed or changed, by name (`query.page`, `body.user.id`). */
export const parameterChangesSchema = lazy(() =>
  z.object({
    added: z.array(z.string()).default([]),
    removed: z.array(z.string()).default([]),
    changed: z.array(z.string()).default([]),
  }),
);
export type ParameterChanges = z.infer<typeof parameterChangesSchema>;

/** Details per kind. Every field is optional or defaulted: details are for messages, never for decisions. */
export const eventDetailsSchemas = lazy(
  () =>
    ({
      'document.created': z.object({ type: z.string().optional(), method: z.string().nullish(), path: z.string().nullish() }),
      'document.updated': z.object({
        type: z.string().optional(),
        method: z.string().nullish(),
        path: z.string().nullish(),
        changedFields: z.array(z.enum(CHANGED_FIELDS)).default([]),
        parameters: parameterChangesSchema.optional(),
        /** How many saves this event stands for (one person's saves of one document within the coalescing window). */
        saves: z.number().int().positive().default(1),
        /** The one message after a window of several saves closes, with all their changes (the first went at once). */
        followUp: z.boolean().default(false),
      }),
      'document.deleted': z.object({ count: z.number().int().nonnegative().default(1) }),
      'document.moved': z.object({ fromFolderId: z.string().optional(), toFolderId: z.string().optional() }),
      'document.restored': z.object({ count: z.number().int().nonnegative().default(1) }),
      'model.changed': z.object({
        changedFields: z.array(z.enum(CHANGED_FIELDS)).default([]),
        /**
         * Operations that use the model, directly or through other models (`GET /pets`), and how many in all (the list
         * is cut for a short message). Filled in when the event is delivered (notify/context.ts).
         */
        usedBy: z.array(z.string()).default([]),
        usedByCount: z.number().int().nonnegative().default(0),
        saves: z.number().int().positive().default(1),
        followUp: z.boolean().default(false),
      }),
      'import.finished': z.object({
        jobId: z.string().optional(),
        source: z.string().optional(),
        created: z.number().int().nonnegative().default(0),
        updated: z.number().int().nonnegative().default(0),
        deleted: z.number().int().nonnegative().default(0),
        unchanged: z.number().int().nonnegative().default(0),
      }),
      'release.published': z.object({
        version: z.string(),
        /**
         * The compatibility verdict against the release before it ("breaking: 2"): its breaking findings. Filled in
         * when the event is delivered (notify/context.ts); none for a project's first release.
         */
        breaking: z.number().int().nonnegative().optional(),
        /** The release it was compared with. */
        previous: z.string().optional(),
      }),
      'share.created': z.object({ shareId: z.string().optional(), scope: z.string().optional() }),
      'member.added': z.object({ userId: z.string(), userName: z.string().optional(), role: z.string().optional() }),
      'member.removed': z.object({ userId: z.string(), userName: z.string().optional() }),
      'comment.added': z.object({
        commentId: z.string().optional(),
        excerpt: z.string().optional(),
        /** Who the comment mentions: they hear of it as a `mention` (its own event), not twice. */
        mentioned: z.array(z.string()).default([]),
      }),
      mention: z.object({ commentId: z.string().optional(), userIds: z.array(z.string()).default([]), excerpt: z.string().optional() }),
      /** A test scenario's run kept (scenarioRun.save): its outcome and its steps passed and failed. */
      'scenario.run.finished': z.object({
        runId: z.string().optional(),
        scenarioId: z.string().optional(),
        status: z.enum(['passed', 'failed']).optional(),
        passed: z.number().int().nonnegative().default(0),
        failed: z.number().int().nonnegative().default(0),
      }),
    }) satisfies Record<EventKind, z.ZodType>,
);

export type EventDetails<K extends EventKind> = z.output<(typeof eventDetailsSchemas)[K]>;

export const projectEventSchema = lazy(() =>
  z.object({
    eventId: z.string(),
    projectId: z.string(),
    kind: z.enum(EVENT_KINDS),
    actorId: z.string(),
    /** The actor's display name when the event was recorded (a message never looks it up again). */
    actorName: z.string().optional(),
    /** ISO instant of the change (of the first change, for a coalesced event). */
    at: z.string(),
    subject: eventSubjectSchema,
    details: z.record(z.string(), z.unknown()),
  }),
);
export type ProjectEvent = z.infer<typeof projectEventSchema>;

/** An event's details read as its kind's shape; details that do not fit read as the kind's defaults where it has them. */
export function detailsOf<K extends EventKind>(event: ProjectEvent & { kind: K }): EventDetails<K> {
  const schema = eventDetailsSchemas[event.kind] as z.ZodType;
  const parsed = schema.safeParse(event.details);
  return (parsed.success ? parsed.data : (schema.safeParse({}).data ?? {})) as EventDetails<K>;
}

/** How long one person's saves of one document fold into one event. */
export const COALESCE_WINDOW_MS = 2 * 60_000;
