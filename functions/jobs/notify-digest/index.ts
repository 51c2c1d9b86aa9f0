/** The daily notification digest (issue 38): EventBridge once a day in AWS, the local stack's timer under npm start. */
import type { Context } from 'aws-lambda';
import { createLogger } from '../../core/logger';
import { sendDigests } from '../../notify/digest';

export const handler = async (_event: unknown, context: Pick<Context, 'awsRequestId'>) => {
  const log = createLogger({ job: 'notify-digest', requestId: context.awsRequestId });
  const sent = await sendDigests((line, fields) => log.warn(line, fields));
  log.info('digests sent', { sent });
  return { sent };
};
