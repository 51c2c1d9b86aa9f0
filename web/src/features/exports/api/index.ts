/**
 * Starting an export and following its job: `export.start` answers the job at once (the spec gives the call 120 s,
 * as it once returned the file itself), and `export.get` is polled while the job is queued or running; once done it
 * carries a short-lived download link.
 */
import { useQuery } from '@tanstack/react-query';
import type { ExportJobView } from '@shared/schemas/export';
import { apiQuery, useApiMutation } from '../../../lib/api';

/** How often a job in progress is asked about. */
const POLL_MS = 500;

const running = (job: ExportJobView | undefined) => !!job && (job.state === 'queued' || job.state === 'running');

/** With `shareToken`, as the reader of that share link: it exports what the share holds, when the share allows it. */
export const useStartExport = (shareToken?: string) => useApiMutation('export.start', { export: true, shareToken });

/** A job, asked about again every POLL_MS while it runs. */
export const useExportJob = (id: string | null, shareToken?: string) =>
  useQuery({
    ...apiQuery('export.get', { params: { id: id ?? '' } }, { enabled: !!id, staleTime: 0, shareToken }),
    refetchInterval: (query) => (running(query.state.data) || !query.state.data ? POLL_MS : false),
  });
