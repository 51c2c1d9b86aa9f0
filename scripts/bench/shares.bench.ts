/**
 * Issue 12's figures: publishing a release of 5,000 documents, a document read from it once warm, and share-link
 * document reads through the local gateway with 50 concurrent clients (the burst of a link posted in a group chat).
 */
import { generateNKeysBetween } from 'fractional-indexing';
import { PROJECT_VERSION_HEADER, SHARE_TOKEN_HEADER } from '@shared/constants';
import { buildPath, routes } from '@shared/routes';
import { batchWrite } from '../../functions/data/db';
import { bodyItem } from '../../functions/domain/bodies';
import { newDocumentId, nodeItem, type StoredNode } from '../../functions/domain/documents';
import { memberItem } from '../../functions/domain/members';
import { projectItem } from '../../functions/domain/projects';
import { describeLoad, load, median, time, type startBenchStack } from './harness';
import { benchProject, registerBenchUser } from './users';

type Stack = Awaited<ReturnType<typeof startBenchStack>>;

const DESCRIPTION = 'Returns the orders of the account, newest first, a page at a time. '.repeat(8);

export async function benchShares(stack: Stack) {
  const owner = await registerBenchUser();
  const project = benchProject(owner.userId, 'Release bench');
  const now = new Date().toISOString();
  const base = {
    projectId: project.id,
    comment: '',
    createdAt: now,
    createdBy: owner.userId,
    updatedAt: now,
    updatedBy: owner.userId,
    updatedByName: 'Bench',
    rev: 1,
  };
  const ranks = generateNKeysBetween(null, null, 5_000);
  const nodes: StoredNode[] = ranks.map((rank, i) => ({
    ...base,
    id: newDocumentId(project.id),
    parentId: project.id,
    rank,
    name: `API ${i}`,
    type: 'api',
    method: 'GET',
    path: `/v1/orders/${i}`,
    status: 'completed',
  }));
  await batchWrite({
    puts: [
      projectItem(project),
      memberItem(project.id, owner.userId, 'creator', null),
      ...nodes.map(nodeItem),
      ...nodes.map((n) =>
        bodyItem(project.id, n.id, 1, { json: JSON.stringify({ v: 1, method: 'GET', path: n.path, description: DESCRIPTION }) }),
      ),
    ],
  });

  const publish = await time(() =>
    stack.call('release.publish', { body: { projectId: project.id, version: '1.0.0', desc: 'bench' } }, { token: owner.token }),
  );
  const doc = nodes[2_500]!;
  const releaseRead = () =>
    stack.call('document.get', { params: { id: doc.id } }, { token: owner.token, headers: { [PROJECT_VERSION_HEADER]: '1.0.0' } });
  await releaseRead();
  const releaseMs = await median(21, releaseRead);

  const share = await stack.call(
    'share.create',
    {
      body: {
        projectId: project.id,
        name: 'Group chat',
        docIds: [doc.id, nodes[0]!.id],
        expireAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    },
    { token: owner.token },
  );
  const opened = await stack.call('share.content', { params: { id: share.id } });
  const url = `${stack.origin}/api${buildPath(routes['document.get'], { id: doc.id })}`;
  const headers = { [SHARE_TOKEN_HEADER]: opened.shareToken };
  // Warm up long enough for DynamoDB Local's JIT too (a cold JVM answers at half the rate), then measure.
  await load(url, { headers, durationMs: 6_000 });
  const reads = await load(url, { headers });

  return {
    'publish a release of 5,000 documents': `${publish.ms.toFixed(0)} ms`,
    'read a document of the release, warm (X-PROJECT-VERSION, median of 21)': `${releaseMs.toFixed(1)} ms`,
    'share-link document reads, 50 concurrent clients, 5 s (local gateway)': describeLoad(reads),
  };
}
