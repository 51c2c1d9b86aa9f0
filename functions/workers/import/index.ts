/** The import worker (issue 22): invoked asynchronously by the project service for one job, never scheduled. */
import type { Context } from 'aws-lambda';
import { createLogger } from '../../runtime/logger';
import { runImportJob } from './run';

export const handler = async (event: { projectId: string; jobId: string }, context: Pick<Context, 'awsRequestId'>) => {
  const log = createLogger({ job: 'import', requestId: context.awsRequestId });
  await runImportJob(event, { log });
};
