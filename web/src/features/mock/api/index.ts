/** A document's mock settings: read by anyone who reads the project, saved whole by editors. */
import { useMutation } from '@tanstack/react-query';
import type { RouteRequest } from '@shared/routes';
import type { MockConfigView } from '@shared/schemas/mock';
import { api, queryClient, queryKey, useApiQuery, type ApiError } from '../../../lib/api';

const request = (projectId: string, docId: string) => ({ params: { projectId, docId } });

export const useMockConfig = (projectId: string, docId: string) =>
  useApiQuery('mock.get', request(projectId, docId), { ignoreMessage: true });

/** Saves, then puts the saved settings in the cache, so the editor starts again from what the server kept. */
export const useSaveMockConfig = () =>
  useMutation<MockConfigView, ApiError, RouteRequest<'mock.save'>['body']>({
    mutationFn: (body) => api.call('mock.save', { body }, { ignoreMessage: true }),
    onSuccess: (saved, body) => queryClient.setQueryData(queryKey('mock.get', request(body.projectId, body.docId)), saved),
  });
