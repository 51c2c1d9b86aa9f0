/**
 * The follow-ups of save storms (issue 38), every minute (EventBridge in AWS, the local stack's timer under
 * `npm start`): each coalescing window of several saves that closed is told once more, with all its changes, as a
 * new event the table's stream delivers like any other.
 */
import type { Context } from 'aws-lambda';
import { createLogger } from '../../core/logger';
import { writeDueFollowUps } from '../../domain/events';

export const handler = async (_event: unknown, context: Pick<Context, 'awsRequestId'>) => {
  const written = await writeDueFollowUps();
  if (written) createLogger({ job: 'notify-follow-ups', requestId: context.awsRequestId }).info('follow-ups written', { written });
  return { written };
};
