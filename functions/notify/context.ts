/**
 * What a message says beyond what its event recorded, read when the event is delivered (issue 38): the operations
 * that use a changed data model, directly or through other models, and a published release's compatibility
 * verdict against the release before it. Both come from the compatibility engine (shared/compat), which the
 * delivery function loads; the services that save models and publish releases stay without it, and their
 * transactions stay as short as they were.
 */
import { Comparison } from '@shared/compat/engine';
import type { OperationRef } from '@shared/compat/types';
import { LIVE } from '@shared/schemas/compat';
import { detailsOf, type ProjectEvent } from '@shared/schemas/events';
import { changesBetween, projectStateAt } from '../domain/compat';
import { listReleases } from '../domain/releases';

/** How many using operations a message names; it counts them all. */
export const USED_BY_SHOWN = 5;

const operationName = (op: OperationRef) => {
  const at = op.after ?? op.before;
  return at ? `${at.method.toUpperCase()} ${at.path}` : op.name;
};

/** The operations of the live project that use a model, directly or through other models, by method and path. */
export async function operationsUsingModel(projectId: string, modelId: string): Promise<string[]> {
  const live = await projectStateAt(projectId, LIVE);
  // The live project compared with itself: the engine's walk of every model's uses, and no findings.
  const comparison = new Comparison(live, live);
  comparison.run();
  return comparison
    .operationsUsing(modelId)
    .map(operationName)
    .sort((a, b) => a.localeCompare(b));
}

/** The breaking findings of a release against the one published before it; none for the first. */
export async function releaseVerdict(projectId: string, version: string): Promise<{ previous: string; breaking: number } | undefined> {
  const releases = await listReleases(projectId);
  const at = releases.findIndex((r) => r.version === version);
  const previous = at >= 0 ? releases[at + 1] : undefined;
  if (!previous) return undefined;
  const report = await changesBetween(projectId, previous.version, version);
  return { previous: previous.version, breaking: report.summary.error };
}

/** The event with what its message adds to it; an event of any other kind as it is. */
export async function withContext(event: ProjectEvent): Promise<ProjectEvent> {
  if (event.kind === 'model.changed' && event.subject.documentId) {
    const usedBy = await operationsUsingModel(event.projectId, event.subject.documentId);
    return { ...event, details: { ...event.details, usedBy: usedBy.slice(0, USED_BY_SHOWN), usedByCount: usedBy.length } };
  }
  if (event.kind === 'release.published') {
    const { version, breaking } = detailsOf(event as ProjectEvent & { kind: 'release.published' });
    if (breaking !== undefined) return event;
    const verdict = await releaseVerdict(event.projectId, version);
    return verdict ? { ...event, details: { ...event.details, ...verdict } } : event;
  }
  return event;
}
