/**
 * From a project event to the bells of the people it concerns (issue 38): the delivery of events
 * (notify/deliver.ts, fed by the table's stream) calls `deliverToInboxes` for each event, before its sends to the
 * project's channels.
 *
 * Who hears of what: a mention, the people mentioned; a comment, the watchers of its document (except those it
 * mentions, who hear of it as a mention); a document's change, the watchers of the document, of the folders above
 * it and of the project (watches.ts). Never the person who did it, never someone who can no longer read the
 * project, never someone who turned the bell off. Each notification is keyed by its event, so a delivery tried
 * twice writes nothing twice.
 */
import { atLeast } from '@shared/access';
import { NOTIFICATION_KINDS, type NotificationKind } from '@shared/schemas/comment';
import type { Locale } from '@shared/constants';
import type { ProjectEvent } from '@shared/schemas/events';
import { projectAccess } from './access-facts';
import { nodesAt } from './documents';
import { deliverySettingsOf, keepForDigest, mailOnce, notify, type NewNotification } from './notifications';
import { getProject, isVisible } from './projects';
import { usersByIds } from './users';
import { watchersOf, watchPath } from './watches';

/** Every kind a bell shows (the schema's list is the one source). */
const BELL_KINDS: ReadonlySet<string> = new Set<NotificationKind>(NOTIFICATION_KINDS);

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const stringOr = (value: unknown, otherwise: string | null) => (typeof value === 'string' ? value : otherwise);

export interface InboxOptions {
  /** Mails the event to an address in a language, for those whose settings ask for instant email (the delivery's sender). */
  mail?: (address: string, language: Locale) => Promise<void>;
}

/**
 * Puts an event in the bells of those it concerns, and mails it at once to those who asked for instant email
 * (each once per event); answers who got it in their bell (now or by an earlier delivery of it).
 */
export async function deliverToInboxes(event: ProjectEvent, opts: InboxOptions = {}): Promise<string[]> {
  if (!BELL_KINDS.has(event.kind)) return [];
  const project = await getProject(event.projectId);
  if (!project || !isVisible(project)) return [];
  const concerned = await concernedBy(event, project);
  concerned.delete(event.actorId);
  const notification: NewNotification = {
    id: event.eventId,
    kind: event.kind,
    projectId: project.id,
    projectName: project.name,
    documentId: event.subject.documentId ?? event.subject.folderId ?? null,
    subjectName: event.subject.name ?? '',
    actorName: event.actorName ?? '',
    excerpt: stringOr(event.details.excerpt, null),
    commentId: stringOr(event.details.commentId, null),
    at: event.at,
  };
  const reached = await Promise.all(
    [...concerned].map(async (userId) => {
      // Access is asked again at delivery: someone removed since the event hears nothing more of the project.
      const [access, settings] = await Promise.all([projectAccess(project.id, userId), deliverySettingsOf(userId)]);
      if (!access.role) return undefined;
      // A bell is for members: a stranger reading a public project watches nothing and is mentioned only as a reader.
      if (event.kind !== 'mention' && !atLeast(access.role, 'view')) return undefined;
      const { mail } = opts;
      if (settings.email === 'digest') await keepForDigest(userId, notification);
      if (mail && settings.email === 'instant') {
        const address = (await usersByIds([userId])).get(userId)?.email;
        if (address) await mailOnce(userId, event.eventId, () => mail(address, settings.language));
      }
      if (!settings.inApp) return undefined;
      await notify(userId, notification);
      return userId;
    }),
  );
  return reached.filter((u): u is string => u !== undefined);
}

async function concernedBy(event: ProjectEvent, project: { id: string; ownerId: string; treeRev: number }): Promise<Set<string>> {
  if (event.kind === 'mention') return new Set(strings(event.details.userIds));
  const subjectId = event.subject.documentId ?? event.subject.folderId;
  const nodes = await nodesAt(project);
  const path = watchPath(project, nodes, subjectId);
  // A document no longer in the tree (deleted) is still watched by those who chose to watch it.
  if (subjectId && path.at(-1)?.id !== subjectId) path.push({ id: subjectId, createdBy: '' });
  const watchers = await watchersOf(project.id, path);
  if (event.kind === 'comment.added') for (const mentioned of strings(event.details.mentioned)) watchers.delete(mentioned);
  return watchers;
}
