/**
 * Scheduled functions, beside the per-service API functions: each has its own bundle (functions/jobs/<name>/)
 * and schedule (a daily cron in AWS, the same period locally). The CDK stack and the local stack read this list.
 */
import type { ServiceName } from './routes/define';

export const JOBS = {
  /** Destroys projects whose 30 days in the recycle bin are over (and abandoned clones). */
  purge: { cron: { minute: '17', hour: '3' }, localEveryMs: 86_400_000, timeoutSeconds: 900, memoryMb: 512 },
  /** Mails each person who chose the daily digest what concerned them that day (issue 38), at 09:00 Beijing time. */
  'notify-digest': { cron: { minute: '0', hour: '1' }, localEveryMs: 86_400_000, timeoutSeconds: 900, memoryMb: 256 },
  /** Tells the team once more of a save storm when its coalescing window closes (issue 38, domain/events.ts). */
  'notify-follow-ups': { cron: { minute: '*', hour: '*' }, localEveryMs: 60_000, timeoutSeconds: 60, memoryMb: 256 },
} as const;

type JobName = keyof typeof JOBS;
export const JOB_NAMES = Object.keys(JOBS) as JobName[];

/**
 * On-demand workers: functions no route and no schedule runs, invoked by a service for work too long or too large
 * for a request (functions/workers/<name>/). In AWS the service invokes its worker asynchronously (InvocationType
 * Event) and holds lambda:InvokeFunction on it only; locally the stack runs the same handler in process, after the
 * request that started it has been answered.
 */
export const WORKERS = {
  /** Import jobs (issue 22): reads the file, maps it with shared/import and writes the documents. */
  import: { invokedBy: 'jobs', timeoutSeconds: 900, memoryMb: 2_048 },
  /** Export jobs (issue 23): reads the project into Apiloom's project file and writes it in the chosen format. */
  export: { invokedBy: 'jobs', timeoutSeconds: 900, memoryMb: 2_048 },
  /**
   * Server and scheduled runs of test scenarios (issue 36): the engine over the guarded fetch. It waits on its
   * targets far more than it computes, so it gets the memory its results need (10,000 step results at most), not CPU.
   */
  /** `resumesItself`: a run longer than the function's 15 minutes (a run may take 30) invokes the worker again. */
  'run-scenario': { invokedBy: 'scenario', timeoutSeconds: 900, memoryMb: 1_024, resumesItself: true },
} as const satisfies Record<string, { invokedBy: ServiceName; timeoutSeconds: number; memoryMb: number; resumesItself?: true }>;
/** Other services that start a worker's jobs too: the open API (issue 26) starts the very same import and export jobs. */
export const ALSO_INVOKED_BY: Readonly<Record<keyof typeof WORKERS, readonly ServiceName[]>> = {
  import: ['open'],
  export: ['open'],
  'run-scenario': [],
};
export type WorkerName = keyof typeof WORKERS;
export const WORKER_NAMES = Object.keys(WORKERS) as WorkerName[];
/** The environment variable that names a worker's function to the service that invokes it. */
/** (Lambda's environment names take letters, digits and underscores only: `run-scenario` is `WORKER_RUN_SCENARIO_FUNCTION`.) */
export const workerFunctionEnv = (name: WorkerName) => `WORKER_${name.toUpperCase().replace(/-/g, '_')}_FUNCTION`;

/**
 * Functions that serve an origin of their own rather than routes of the API's table: the mock server, on its own
 * domain (functions/origins/<name>/).
 */
export const ORIGINS = {
  /** Requests a second API Gateway lets through to the mock function, across projects (each also has a bucket). */
  /**
   * `reservedConcurrency`: instances of the mock function at once. In AWS one instance serves one request at a time,
   * so a project's runaway scripts hold whole instances: this caps what all mocks together can take of the account's
   * Lambda concurrency (the app's API keeps the rest) and what a flood costs. The per-project share in
   * functions/mock/sandbox.ts holds within one instance only; a per-project cap across instances would need state
   * shared between them (a counter in DynamoDB or the like), which is not built.
   */
  mock: { rateLimit: 1_000, burstLimit: 2_000, timeoutSeconds: 15, memoryMb: 1_024, reservedConcurrency: 100 },
} as const;
type OriginName = keyof typeof ORIGINS;
export const ORIGIN_NAMES = Object.keys(ORIGINS) as OriginName[];

/**
 * Functions fed by the table's stream (issue 38), apart from the on-demand workers (no service invokes them):
 * in AWS an event source mapping on the stream, filtered to new event items, with `retryAttempts` and a
 * dead-letter queue; locally the stack reads DynamoDB Local's stream and calls the same handler
 * (functions/workers/<name>/).
 */
export const STREAM_CONSUMERS = {
  'deliver-events': { timeoutSeconds: 120, memoryMb: 512, batchSize: 10, retryAttempts: 3 },
} as const;
export type StreamConsumerName = keyof typeof STREAM_CONSUMERS;
export const STREAM_CONSUMER_NAMES = Object.keys(STREAM_CONSUMERS) as StreamConsumerName[];

/** Every Lambda function: one per service, one per job, one per worker, one per stream consumer, one per origin. */
export type FunctionName = ServiceName | JobName | WorkerName | StreamConsumerName | OriginName;
