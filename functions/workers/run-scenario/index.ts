/**
 * The run-scenario worker (issue 36): invoked asynchronously by the scenario service for a server run, and by
 * itself to go on with a run its time limit cut (run.ts). The deployed worker passes no guard: only public
 * addresses are reached.
 */
import type { Context } from 'aws-lambda';
import { createLogger } from '../../core/logger';
import { workerFunctionEnv } from '@shared/jobs';
import { invokeWorker } from '../../runtime/workers';
import type { ScheduleEvent } from '../../domain/schedules';
import { handleRunScenarioEvent, type RunScenarioEvent } from './run';

// The worker invokes itself to go on with a run (the stack grants it that, on itself only): its own name is
// Lambda's, as a function's environment cannot name the function itself.
const ownName = process.env.AWS_LAMBDA_FUNCTION_NAME;
if (ownName) process.env[workerFunctionEnv('run-scenario')] ??= ownName;

export const handler = async (
  event: RunScenarioEvent | ScheduleEvent,
  context: Pick<Context, 'awsRequestId'> & Partial<Pick<Context, 'getRemainingTimeInMillis'>>,
) => {
  const log = createLogger({ job: 'run-scenario', requestId: context.awsRequestId });
  await handleRunScenarioEvent(event, {
    log,
    ...(context.getRemainingTimeInMillis ? { remainingMs: () => context.getRemainingTimeInMillis!() } : {}),
    reinvoke: (next) => invokeWorker('run-scenario', next),
  });
};
