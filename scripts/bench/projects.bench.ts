/** Issue figures for projects: list 500 projects, clone a 2,000-document project, purge one. */
import { batchWrite } from '../../functions/data/db';
import { ENTITY, keys } from '../../functions/data/keys';
import { memberItem } from '../../functions/domain/members';
import { projectItem } from '../../functions/domain/projects';
import { runPurge } from '../../functions/domain/project-purge';
import { median, time, type startBenchStack } from './harness';
import { benchProject, registerBenchUser } from './users';

type Stack = Awaited<ReturnType<typeof startBenchStack>>;

const benchUser = () => registerBenchUser();
const project = (ownerId: string, name: string) => benchProject(ownerId, name);

async function seedDocs(projectId: string, count: number) {
  await batchWrite({
    puts: Array.from({ length: count }, (_, i) => ({
      ...keys.document(projectId, `doc-${i}`),
      ...ENTITY.document,
      projectId,
      name: `Document ${i}`,
      // A realistic tree node: name, path, method, status and a short description.
      path: `/api/v1/resource/${i}`,
      method: 'GET',
      comment: 'x'.repeat(200),
    })),
  });
}

export async function benchProjects(stack: Stack) {
  const results: Record<string, string> = {};

  const lister = await benchUser();
  const projects = Array.from({ length: 500 }, (_, i) => project(lister.userId, `Project ${i}`));
  await batchWrite({ puts: projects.flatMap((p) => [projectItem(p), memberItem(p.id, lister.userId, 'creator', null)]) });
  await stack.call('project.personal', {}, { token: lister.token }); // warm the handler
  const listMs = await median(7, () => stack.call('project.personal', {}, { token: lister.token }));
  results['list 500 projects (GET /project/personal, median of 7)'] = `${listMs.toFixed(0)} ms`;

  const cloner = await benchUser();
  const source = project(cloner.userId, 'Source');
  await batchWrite({ puts: [projectItem(source), memberItem(source.id, cloner.userId, 'creator', null)] });
  await seedDocs(source.id, 2000);
  const clone = await time(() =>
    stack.call('project.clone', { params: { id: source.id }, query: { name: 'Copy' } }, { token: cloner.token }),
  );
  results['clone a 2,000-document project'] = `${clone.ms.toFixed(0)} ms`;

  await stack.call('project.recycle', { params: { id: clone.value.id } }, { token: cloner.token });
  const purge = await time(() => runPurge({ now: new Date(Date.now() + 31 * 86_400_000) }));
  results[`purge one 2,000-document project (${purge.value.itemsDeleted} items)`] = `${purge.ms.toFixed(0)} ms`;
  return results;
}
