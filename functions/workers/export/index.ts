/** The export worker (issue 23): invoked asynchronously by the project service for one job, never scheduled. */
import type { Context } from 'aws-lambda';
import { createLogger } from '../../core/logger';
import { runExportJob } from './run';

export const handler = async (event: { projectId: string; jobId: string }, context: Pick<Context, 'awsRequestId'>) => {
  const log = createLogger({ job: 'export', requestId: context.awsRequestId });
  await runExportJob(event, { log });
};
