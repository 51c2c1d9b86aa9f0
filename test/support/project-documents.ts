/**
 * A project a test writes documents into through the local API, as the editor would: a new owner, their project,
 * and `create`, which adds a document and fails the test on any answer but code 0. For tests whose subject is what
 * reads the documents (the MCP server, a share's llms.txt), not how they are written.
 */
import { expect } from 'vitest';
import type { RouteRequest } from '@shared/routes';
import { signUp, type useLocalApi } from './local-api';

/** A parameter row as a document's content takes it: its name as its id (`root` for a body's nameless row). */
export const row = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  id: name || 'root',
  name,
  type,
  value: '',
  description: '',
  children: [],
  ...extra,
});

export async function projectToWrite(
  api: ReturnType<typeof useLocalApi>,
  nickname: string,
  project: RouteRequest<'project.create'>['body'],
) {
  const owner = await signUp(nickname);
  const made = (await api.call('project.create', { token: owner.token, body: project })).data;
  const create = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await api.call('document.create', {
      token: owner.token,
      body: { projectId: made.id, name, ...extra },
    });
    expect(res.code, `${res.message} ${JSON.stringify(res.data)}`).toBe(0);
    return res.data;
  };
  return { owner, project: made, create };
}
