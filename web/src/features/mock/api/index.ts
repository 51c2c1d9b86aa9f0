/** A document's mock settings: read by anyone who reads the project, saved whole by editors. */
import { useApiMutation, useApiQuery } from '../../../lib/api';

const request = (projectId: string, docId: string) => ({ params: { projectId, docId } });

export const useMockConfig = (projectId: string, docId: string) =>
  useApiQuery('mock.get', request(projectId, docId), { ignoreMessage: true });

/** Saves the settings whole; the settings are read again, so the editor starts again from what the server kept. */
export const useSaveMockConfig = () => useApiMutation('mock.save', { invalidates: ['mock.get'], ignoreMessage: true });
