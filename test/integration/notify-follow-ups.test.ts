/**
 * A save storm's later saves reach the team (issue 38) against DynamoDB Local and the fake DingTalk robot: the first
 * save is told at once, later saves within the window fold into that event after it went, and when the window
 * closes the follow-up job writes one more event with every save's changes, whose message says so. Nothing more.
 */
import { describe, expect, it } from 'vitest';
import { readContent, type TypedContent } from '@shared/schemas/document';
import { COALESCE_WINDOW_MS, detailsOf, type ProjectEvent } from '@shared/schemas/events';
import { saveDocument } from '../../functions/domain/documents';
import { FOLLOW_UP_GRACE_MS, latestEvents, writeDueFollowUps } from '../../functions/domain/events';
import { handler as followUpsJob } from '../../functions/jobs/notify-follow-ups';
import { someEditor, storedDocument, useNotifyFakes } from '../support/notify-fixture';

const notify = useNotifyFakes();
const editor = someEditor();
/** An instant after every window opened by this test has closed, and its grace gone. */
const afterTheWindow = () => new Date(Date.now() + COALESCE_WINDOW_MS + FOLLOW_UP_GRACE_MS + 1_000);

const api = (path: string, description: string, query: string[] = []): TypedContent =>
  readContent('api', { method: 'GET', path, description, reqQuery: query.map((name, i) => ({ id: `q${i}`, name, type: 'string' })) });

async function projectWithDocument() {
  const project = await notify.projectWithDingTalk(editor, ['document.updated'], 'Storm');
  const node = await storedDocument(project, editor, 'List pets', api('/pets', 'Pets'));
  return { project, node };
}

/** Delivers a project's undelivered update events, oldest first, as the stream would hand them over. */
async function deliverUpdates(projectId: string, delivered: Set<string>) {
  const events = (await latestEvents(projectId)).filter((e) => e.kind === 'document.updated').reverse();
  for (const event of events.filter((e) => !delivered.has(e.eventId))) {
    await notify.deliver(event);
    delivered.add(event.eventId);
  }
}

const textsOf = notify.textsFor;

describe('a save storm’s follow-up', () => {
  it('tells the team of the later saves’ changes once the window closes, in one more message and no more', async () => {
    const { project, node } = await projectWithDocument();
    const delivered = new Set<string>();
    // The first save changes the description, and is told at once.
    let saved = await saveDocument({ node, expectedRev: 1, comment: '', content: api('/pets', 'All pets'), editor });
    await deliverUpdates(project.id, delivered);
    expect(textsOf(project.name)).toHaveLength(1);
    expect(textsOf(project.name)[0]).not.toContain('path');

    // Later saves within the window: a new path, then a new query parameter. They fold into the event already sent.
    saved = await saveDocument({ node: saved.node, expectedRev: 2, comment: '', content: api('/animals', 'All pets'), editor });
    await saveDocument({ node: saved.node, expectedRev: 3, comment: '', content: api('/animals', 'All pets', ['page']), editor });
    await deliverUpdates(project.id, delivered);
    expect(textsOf(project.name)).toHaveLength(1);

    // While the window is open the job writes nothing; once it has closed, one follow-up; a second run, nothing.
    await writeDueFollowUps();
    expect((await latestEvents(project.id)).filter((e) => e.kind === 'document.updated')).toHaveLength(1);
    expect(await writeDueFollowUps(afterTheWindow())).toBeGreaterThanOrEqual(1);
    expect(await writeDueFollowUps(afterTheWindow())).toBe(0);

    const updates = (await latestEvents(project.id)).filter((e) => e.kind === 'document.updated');
    expect(updates).toHaveLength(2);
    const followUp = detailsOf(updates[0] as ProjectEvent & { kind: 'document.updated' });
    expect(followUp).toMatchObject({ followUp: true, saves: 3, parameters: { added: ['query.page'], removed: [], changed: [] } });
    expect(followUp.changedFields).toEqual(expect.arrayContaining(['description', 'path', 'parameters']));

    await deliverUpdates(project.id, delivered);
    const texts = textsOf(project.name);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('More changes since the first message: 3 saves in all');
    expect(texts[1]).toContain('Changed: description, path, parameters');
    expect(texts[1]).toContain('GET /animals');
    expect(texts[1]).toContain('Parameters: 1 added, 0 removed, 0 changed');
  });

  it('a window of one save has nothing to follow up; the scheduled job’s handler runs the same writer', async () => {
    const { project, node } = await projectWithDocument();
    await saveDocument({ node, expectedRev: 1, comment: '', content: api('/pets', 'Once'), editor });
    const updates = async () => (await latestEvents(project.id)).filter((e) => e.kind === 'document.updated').length;
    // The job's own handler, at the real now: nothing of this project is due.
    await followUpsJob({}, { awsRequestId: 'test' });
    expect(await updates()).toBe(1);
    // Nor once its window has closed: one save was told already.
    await writeDueFollowUps(afterTheWindow());
    expect(await updates()).toBe(1);
  });
});
