/**
 * The compatibility report between two versions of a project (issue 35): a release's frozen tree or the live
 * project, each read as the project file an export reads, compared by the pure engine in shared/compat.
 */
import { compareStates } from '@shared/compat/engine';
import { stateFromProjectFile } from '@shared/compat/state';
import type { CompatReport, ProjectState } from '@shared/compat/types';
import { LIVE } from '@shared/schemas/compat';
import { AppError } from '../core/app-error';
import { readProjectFile } from './project-file';
import { getRelease, listReleases } from './releases';

/** One version of the project as the engine reads it; a release that does not exist is refused by its name. */
export async function projectStateAt(projectId: string, version: string): Promise<ProjectState> {
  const live = version === LIVE;
  if (!live && !(await getRelease(projectId, version))) throw new AppError('versionNotFound', { version });
  const { file } = await readProjectFile(
    { projectId, docIds: null, version: live ? null : version, shareId: null },
    new Date().toISOString(),
  );
  return stateFromProjectFile(file);
}

/** What changed from one version to the other, and whether it breaks clients. A version against itself: identical. */
export async function changesBetween(projectId: string, from: string, to: string): Promise<CompatReport & { from: string; to: string }> {
  const [before, after] = await Promise.all([projectStateAt(projectId, from), from === to ? undefined : projectStateAt(projectId, to)]);
  return { ...compareStates(before, after ?? before), from, to };
}

/** The live project against its latest release: what the publish dialog's verdict is made of (none before the first). */
export async function changesSinceLatestRelease(projectId: string) {
  const latest = (await listReleases(projectId))[0];
  if (!latest) return undefined;
  return { previous: latest.version, report: await changesBetween(projectId, latest.version, LIVE) };
}
