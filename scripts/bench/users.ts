/** People and projects for the benches, written straight to the table (their creation is not what is measured). */
import { randomUUID } from 'node:crypto';
import { newProjectRecord, type ProjectRecord } from '../../functions/domain/projects';
import { createSession } from '../../functions/domain/sessions';
import { createUser } from '../../functions/domain/users';

export async function registerBenchUser(nickname = 'Bench') {
  const user = await createUser({ account: `bench-${randomUUID()}@example.com`, nickname, passwordHash: 'x' });
  const { token } = await createSession(user.id);
  return { userId: user.id, token };
}

export const benchProject = (ownerId: string, name: string, extra: Partial<ProjectRecord> = {}): ProjectRecord =>
  newProjectRecord({ name, ownerId, ...extra });
