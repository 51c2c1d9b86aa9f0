/**
 * Project events (issue 38): the outbox. A change and the event that describes it are written in ONE transaction,
 * so an event exists exactly when its change does; nothing is ever sent inside a request. The table's stream
 * (DynamoDB Streams in AWS, DynamoDB Local's stream under `npm start`) hands each new event item to the delivery
 * handler (functions/workers/deliver-events).
 *
 * A save storm is not a message storm: one person's saves of one document within COALESCE_WINDOW_MS of the first
 * fold into that first event (a window item remembers which event is open, and what it gathered so far); an
 * import is one event whatever its size. The first event is delivered at once, before later saves fold into it,
 * so a window that gathered more saves is told once more when it closes: its second save writes a follow-up due
 * then, and the every-minute job (functions/jobs/notify-follow-ups) turns it into one event carrying the window's
 * union of changes. A storm is two messages at most.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import {
  CHANGED_FIELDS,
  COALESCE_WINDOW_MS,
  projectEventSchema,
  type ChangedField,
  type EventKind,
  type EventSubject,
  type ParameterChanges,
  type ProjectEvent,
} from '@shared/schemas/events';
import type { TypedContent } from '@shared/schemas/document';
import type { ParamItem } from '@shared/schemas/params';
import { exists, getItem, notExists, queryPage, skip, transact, type TransactOp } from '../data/db';
import { ENTITY, eventKeys, FOLLOW_UP_SHARDS } from '../data/keys';

/** Events are kept 30 days: the delivery log and the bell refer to them; nothing reads older ones. */
const EVENT_TTL_SECONDS = 30 * 86_400;

export interface Actor {
  id: string;
  name?: string;
}

export interface EventDraft {
  projectId: string;
  kind: EventKind;
  actor: Actor;
  subject?: EventSubject;
  details?: Record<string, unknown>;
}

/** Event ids sort by time (base-36 milliseconds, then randomness): a project's events list in order. */
export function newEventId(now = new Date()): string {
  return `${now.getTime().toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;
}

export function newEvent(draft: EventDraft, now = new Date()): ProjectEvent {
  return {
    eventId: newEventId(now),
    projectId: draft.projectId,
    kind: draft.kind,
    actorId: draft.actor.id,
    ...(draft.actor.name ? { actorName: draft.actor.name } : {}),
    at: now.toISOString(),
    subject: draft.subject ?? {},
    details: draft.details ?? {},
  };
}

/** The stored event item: the outbox entry the stream delivers. */
export function eventItem(event: ProjectEvent) {
  return {
    ...eventKeys.event(event.projectId, event.eventId),
    ...ENTITY.event,
    ...event,
    expiresAt: Math.floor(Date.parse(event.at) / 1000) + EVENT_TTL_SECONDS,
  };
}

/** The outbox write of one event, to put in the same transaction as its change. */
export function eventOps(draft: EventDraft, now = new Date()): TransactOp[] {
  return [{ put: eventItem(newEvent(draft, now)), when: notExists() }];
}

export const parseEvent = (item: unknown): ProjectEvent | undefined => {
  const parsed = projectEventSchema.safeParse(item);
  return parsed.success ? parsed.data : undefined;
};

export async function getEvent(projectId: string, eventId: string): Promise<ProjectEvent | undefined> {
  return parseEvent(await getItem(eventKeys.event(projectId, eventId), { consistent: true }));
}

/** A project's latest events, newest first. */
export async function latestEvents(projectId: string, limit = 50): Promise<ProjectEvent[]> {
  const page = await queryPage({ ...eventKeys.eventsOf(projectId), limit });
  return page.items.flatMap((item) => parseEvent(item) ?? []);
}

// Coalescing ---------------------------------------------------------------------------------------------------

const windowRecord = lazy(() =>
  z.object({
    eventId: z.string(),
    openedAt: z.string(),
    saves: z.number(),
    changedFields: z.array(z.enum(CHANGED_FIELDS)).default([]),
    parameters: z.object({ added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(z.string()) }).optional(),
  }),
);
type EventWindow = z.infer<typeof windowRecord>;

/** The kinds whose events fold one person's saves of one document together. */
export type CoalescedKind = Extract<EventKind, 'document.updated' | 'model.changed'>;

export interface SaveEventDraft extends EventDraft {
  kind: CoalescedKind;
  subject: EventSubject & { documentId: string };
  changedFields: ChangedField[];
  parameters?: ParameterChanges;
}

export async function openWindow(projectId: string, kind: CoalescedKind, documentId: string, actorId: string) {
  const item = await getItem(eventKeys.window(projectId, kind, documentId, actorId), { consistent: true });
  const parsed = windowRecord.safeParse(item);
  return parsed.success ? parsed.data : undefined;
}

const union = <T>(a: readonly T[], b: readonly T[]) => [...new Set([...a, ...b])];
const mergeParameters = (a: ParameterChanges | undefined, b: ParameterChanges | undefined): ParameterChanges | undefined =>
  a && b ? { added: union(a.added, b.added), removed: union(a.removed, b.removed), changed: union(a.changed, b.changed) } : (a ?? b);

/**
 * The outbox writes of a save: a new event when the saver has no window open on this document (or it closed),
 * else an update of the open event that counts the save and gathers its changed fields. `current` is the window
 * as read before the transaction; the document's own revision condition in that transaction serialises saves of
 * one document, so two saves never fold into one window from the same reading.
 */
export function saveEventOps(draft: SaveEventDraft, current: EventWindow | undefined, now = new Date()): TransactOp[] {
  const { projectId, kind, subject, actor } = draft;
  const windowKey = eventKeys.window(projectId, kind, subject.documentId, actor.id);
  const open = current && now.getTime() - Date.parse(current.openedAt) < COALESCE_WINDOW_MS ? current : undefined;
  if (!open) {
    const event = newEvent(
      {
        ...draft,
        details: {
          ...draft.details,
          changedFields: draft.changedFields,
          ...(draft.parameters ? { parameters: draft.parameters } : {}),
          saves: 1,
        },
      },
      now,
    );
    const window: EventWindow = {
      eventId: event.eventId,
      openedAt: event.at,
      saves: 1,
      changedFields: draft.changedFields,
      ...(draft.parameters ? { parameters: draft.parameters } : {}),
    };
    return [
      { put: eventItem(event), when: notExists() },
      { put: { ...windowKey, ...ENTITY.eventWindow, ...window, expiresAt: Math.floor(now.getTime() / 1000) + 86_400 } },
    ];
  }
  const parameters = mergeParameters(open.parameters, draft.parameters);
  const gathered: EventWindow = {
    ...open,
    saves: open.saves + 1,
    changedFields: union(open.changedFields, draft.changedFields),
    ...(parameters ? { parameters } : {}),
  };
  const details = {
    ...draft.details,
    changedFields: gathered.changedFields,
    ...(parameters ? { parameters } : {}),
    saves: gathered.saves,
  };
  const dueAt = new Date(Date.parse(open.openedAt) + COALESCE_WINDOW_MS).toISOString();
  return [
    { update: eventKeys.event(projectId, open.eventId), spec: { set: { details, lastAt: now.toISOString(), subject } } },
    { put: { ...windowKey, ...ENTITY.eventWindow, ...gathered, expiresAt: Math.floor(now.getTime() / 1000) + 86_400 } },
    // The window's second save: its follow-up, due when the window closes (later saves find it written).
    ...(open.saves === 1
      ? [
          {
            put: {
              ...eventKeys.followUp(projectId, windowKey.sk, dueAt),
              ...ENTITY.eventFollowUp,
              projectId,
              eventId: open.eventId,
              expiresAt: Math.floor(now.getTime() / 1000) + 86_400,
            },
          },
        ]
      : []),
  ];
}

/**
 * How long after its window closes a follow-up is sent: a save that read the window open just before it closed
 * may still be committing its fold, and the follow-up should carry it.
 */
export const FOLLOW_UP_GRACE_MS = 30_000;

const followUpRecord = lazy(() => z.object({ pk: z.string(), sk: z.string(), projectId: z.string(), eventId: z.string() }));

/** The follow-up of a window: the window's event as it stands (every save's changes folded in), as news of now. */
function followUpOf(gathered: ProjectEvent, now: Date): ProjectEvent {
  return newEvent(
    {
      projectId: gathered.projectId,
      kind: gathered.kind,
      actor: { id: gathered.actorId, ...(gathered.actorName ? { name: gathered.actorName } : {}) },
      subject: gathered.subject,
      details: { ...gathered.details, followUp: true },
    },
    now,
  );
}

/**
 * Writes the follow-up events of the windows that closed (FOLLOW_UP_GRACE_MS) before `now`: each follow-up item is
 * deleted in the transaction that writes its event, so a window is followed up once whichever runs overlap.
 * Answers how many were written.
 */
export async function writeDueFollowUps(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - FOLLOW_UP_GRACE_MS).toISOString();
  let written = 0;
  for (let shard = 0; shard < FOLLOW_UP_SHARDS; shard++) {
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await queryPage({ ...eventKeys.followUpsDue(shard, before), limit: 100, consistent: true }, cursor);
      for (const item of page.items) {
        const due = followUpRecord.safeParse(item);
        if (!due.success) continue;
        const gathered = await getEvent(due.data.projectId, due.data.eventId);
        const marker = { pk: due.data.pk, sk: due.data.sk };
        const ops: TransactOp[] = [
          { delete: marker, when: exists(), failure: skip },
          // An event past its 30 days has nothing left to tell: its follow-up item just goes.
          ...(gathered ? [{ put: eventItem(followUpOf(gathered, now)), when: notExists() }] : []),
        ];
        if ((await transact(ops)) && gathered) written++;
      }
      cursor = page.cursor;
    } while (cursor);
  }
  return written;
}

// What a save changed ------------------------------------------------------------------------------------------

/** Flattened parameter rows by location and dotted name, with what a reader of a message cares about. */
function rowsOf(content: TypedContent): Map<string, string> {
  const rows = new Map<string, string>();
  if (content.type !== 'api') return rows;
  const c = content.content;
  const walk = (prefix: string, items: readonly ParamItem[] | undefined) => {
    for (const item of items ?? []) {
      const name = `${prefix}.${item.name}`;
      rows.set(name, JSON.stringify([item.type, item.required, item.description]));
      walk(name, (item as { children?: ParamItem[] }).children);
    }
  };
  walk('header', c.reqHeaders);
  walk('query', c.reqQuery);
  walk('path', c.reqPath);
  walk('body', c.reqBody);
  for (const response of c.responses) walk(`response.${response.status}`, response.body);
  return rows;
}

/** What differs between two versions of a document, as messages name it. */
export function changesBetween(
  before: TypedContent | undefined,
  after: TypedContent | undefined,
  renamed = false,
): { changedFields: ChangedField[]; parameters?: ParameterChanges } {
  const fields = new Set<ChangedField>(renamed ? ['name'] : []);
  if (!before || !after) return { changedFields: [...fields] };
  if (before.type !== 'api' || after.type !== 'api') {
    if (JSON.stringify(before) !== JSON.stringify(after)) fields.add('content');
    return { changedFields: [...fields] };
  }
  const a = before.content;
  const b = after.content;
  if (a.method !== b.method) fields.add('method');
  if (a.path !== b.path) fields.add('path');
  if (a.description !== b.description) fields.add('description');
  if (a.requestType !== b.requestType || JSON.stringify(a.reqExamples) !== JSON.stringify(b.reqExamples)) fields.add('request');
  const ra = rowsOf(before);
  const rb = rowsOf(after);
  const parameters: ParameterChanges = {
    added: [...rb.keys()].filter((k) => !ra.has(k)),
    removed: [...ra.keys()].filter((k) => !rb.has(k)),
    changed: [...rb.keys()].filter((k) => ra.has(k) && ra.get(k) !== rb.get(k)),
  };
  const paramsChanged = parameters.added.length + parameters.removed.length + parameters.changed.length > 0;
  if (paramsChanged) fields.add('parameters');
  if (JSON.stringify(a.responses.map((r) => r.status)) !== JSON.stringify(b.responses.map((r) => r.status))) fields.add('responses');
  return { changedFields: [...fields], ...(paramsChanged ? { parameters } : {}) };
}
