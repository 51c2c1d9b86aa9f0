/** A document's mock settings: read by anyone who reads the project, saved whole by editors. */
import type { RouteRequest } from '@shared/routes';
import type { MockConfigView } from '@shared/schemas/mock';
import { api, queryClient, queryKey, useApiQuery } from '../../../lib/api';

const request = (projectId: string, docId: string) => ({ params: { projectId, docId } });

export const useMockConfig = (projectId: string, docId: string) =>
  useApiQuery('mock.get', request(projectId, docId), { ignoreMessage: true });

/** Saves and puts the saved settings in the cache, so the editor starts again from what the server kept. */
export async function saveMockConfig(body: RouteRequest<'mock.save'>['body']): Promise<MockConfigView> {
  const saved = await api.call('mock.save', { body }, { ignoreMessage: true });
  queryClient.setQueryData(queryKey('mock.get', request(body.projectId, body.docId)), saved);
  return saved;
}
