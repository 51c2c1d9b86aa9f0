/** The scheduled purge Lambda (EventBridge, daily). */
import type { Context } from 'aws-lambda';
import { createLogger } from '../../core/logger';
import { runPurge } from '../../domain/project-purge';

/** Leave this much of the invocation's time for the page in flight to finish. */
const SAFETY_MARGIN_MS = 30_000;

export const handler = async (_event: unknown, context: Context) => {
  const log = createLogger({ job: 'purge', requestId: context.awsRequestId });
  const deadline = Date.now() + Math.max(0, context.getRemainingTimeInMillis() - SAFETY_MARGIN_MS);
  const report = await runPurge({ deadline, log });
  log.info('purge run finished', { purged: report.purged.length, unfinished: report.unfinished.length, items: report.itemsDeleted });
  return report;
};
