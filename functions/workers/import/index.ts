/** The import worker (issue 22): invoked asynchronously by the project service for one job, never scheduled. */
import type { Context } from 'aws-lambda';
import { createLogger } from '../../core/logger';
import { ready as curlParserReady } from './curl-parser';
import { runImportJob } from './run';

export const handler = async (event: { projectId: string; jobId: string }, context: Pick<Context, 'awsRequestId'>) => {
  const log = createLogger({ job: 'import', requestId: context.awsRequestId });
  await curlParserReady();
  await runImportJob(event, { log });
};
