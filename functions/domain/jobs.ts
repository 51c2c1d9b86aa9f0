/**
 * The lease every job kind runs under (imports, exports, and the scheduled runs to come). A job is created once
 * (a conditional put), then taken by a run in one conditional write: a queued job, or a running one whose lease
 * lapsed (its run died: a Lambda timeout, out of memory). Taking it counts an attempt. From then on every write of
 * that run (renewing the lease with its progress, letting go early, finishing, failing) holds only while the job is
 * still running under the attempt that took it: a run thought dead and taken over, should it still be going, finds
 * its next renewal or finish refused (`LeaseLost`) and stands down, and its failure is not written over the job
 * the other run holds.
 *
 * Each kind keeps only its own fields in its record (domain/import-jobs.ts, domain/export-jobs.ts); the protocol's
 * are `LeaseFields`.
 */
import type { ErrorKey } from '@shared/errors';
import {
  and,
  conditionsOn,
  or,
  skip,
  transact,
  type Condition,
  type Guard,
  type OnFailure,
  type TransactOp,
  type WriteGuard,
} from '../data/db';
import type { EntityUpdate } from '../data/entity';

/** The job kinds that run under a lease; a new kind is added here (and to the lease test's fixtures). */
export type JobKind = 'import' | 'export' | 'scenarioRun';

/** Why a job failed: an error key of shared/errors.ts and its values (the reader's language makes the text). */
export interface JobError {
  key: string;
  params: Record<string, string | number>;
}

/** The fields of a job record the lease reads and writes; a kind's record adds its own. */
export interface LeaseFields {
  projectId: string;
  id: string;
  state: string;
  startedAt: string | null;
  leaseUntil: number | null;
  /** How many runs took the job (more than one: a run died and another took over). */
  attempts: number;
  finishedAt: string | null;
  error: JobError | null;
}

/** A run's hold on the job it took: the job's name and the attempt that took it. */
export type TakenJob = Pick<LeaseFields, 'projectId' | 'id' | 'attempts'>;

/** The job was taken over by another run (its lease lapsed while this one still ran): this run stands down. */
export class LeaseLost extends Error {
  constructor(
    readonly kind: JobKind,
    readonly jobId: string,
  ) {
    super(`${kind} job ${jobId} was taken over by another run`);
    this.name = 'LeaseLost';
  }
}

/** What the lease needs of a kind's entity (domain/entity.ts makes it). */
interface JobEntity<R extends LeaseFields> {
  put(record: R, guard?: WriteGuard): Promise<unknown>;
  update(ids: Pick<LeaseFields, 'projectId' | 'id'>, changes: EntityUpdate<R>, guard: Guard): Promise<R | undefined>;
  updateOp(ids: Pick<LeaseFields, 'projectId' | 'id'>, changes: EntityUpdate<R>, when?: Condition, failure?: OnFailure): TransactOp;
}

/** Whether a running job's run stopped renewing its lease (it died): another run may take it over. */
export const leaseLapsed = (job: Pick<LeaseFields, 'state' | 'leaseUntil'>, now = Date.now()) =>
  job.state === 'running' && job.leaseUntil !== null && job.leaseUntil < now;

/** The lease of one kind of job, over its entity, with how long a run may go without renewing it. */
export function jobLease<R extends LeaseFields>(kind: JobKind, entity: JobEntity<R>, leaseMs: number) {
  const where = conditionsOn<LeaseFields>();
  /** The job is running under the attempt this run took. */
  const stillOurs = (run: TakenJob) => and(where.eq('state', 'running'), where.eq('attempts', run.attempts));
  const lost = (run: TakenJob) => () => new LeaseLost(kind, run.id);
  /** A conditional write of the run's own fields; throws `LeaseLost` when the job is no longer its own. */
  const write = async (run: TakenJob, set: Partial<R>) => {
    await entity.update(run, { set }, { when: stillOurs(run), failure: lost(run) });
  };

  return {
    kind,
    leaseMs,

    /** A new job, in whatever state its kind starts it in (never over an existing one). */
    create: (record: R) => entity.put(record, where.notExists()),

    /**
     * Takes a queued job, or a running one whose lease lapsed, in one conditional write (the lapsed lease must be
     * the one read, so two runs taking over the same lapse cannot both win). Answers the job as taken, or
     * undefined when another run has it or it is over: that run does nothing.
     */
    take(job: R, now = Date.now()): Promise<R | undefined> {
      const lapsed = leaseLapsed(job, now) ? where.eq('leaseUntil', job.leaseUntil) : where.eq('leaseUntil', -1);
      const taken = { state: 'running', startedAt: new Date(now).toISOString(), leaseUntil: now + leaseMs } as Partial<R>;
      return entity.update(job, { set: taken, add: { attempts: 1 } } as EntityUpdate<R>, {
        when: or(where.eq('state', 'queued'), lapsed),
        failure: skip,
      });
    },

    /** The run's own fields written (its progress, say), without renewing the lease. */
    write,

    /** The lease renewed, with whatever the run reports beside it (its progress). */
    renew: (run: TakenJob, set: Partial<R> = {}) => write(run, { ...set, leaseUntil: Date.now() + leaseMs }),

    /** The run lets go soon (`inMs`), so that another run may take the job then instead of after a whole lease. */
    lapse: (run: TakenJob, inMs: number) => write(run, { leaseUntil: Date.now() + inMs } as Partial<R>),

    /** running -> done, with what the kind keeps of the result, and `alongside` in the same transaction (its event). */
    finish: async (run: TakenJob, set: Partial<R>, alongside: TransactOp[] = []) => {
      const done = { ...set, state: 'done', finishedAt: new Date().toISOString(), leaseUntil: null } as Partial<R>;
      if (!alongside.length) return write(run, done);
      await transact([entity.updateOp(run, { set: done }, stillOurs(run), lost(run)), ...alongside]);
    },

    /**
     * queued | running -> failed, with why; a running job only by the run that holds it. Answers whether it was
     * failed: a run taken over leaves the job to the run that took it (and throws nothing, as it is failing anyway).
     */
    async fail(run: TakenJob, key: ErrorKey, params: JobError['params'] = {}, set: Partial<R> = {}): Promise<boolean> {
      const failed = { ...set, state: 'failed', error: { key, params }, finishedAt: new Date().toISOString(), leaseUntil: null };
      const written = await entity.update(
        run,
        { set: failed },
        {
          when: or(stillOurs(run), where.eq('state', 'queued')),
          failure: skip,
        },
      );
      return written !== undefined;
    },
  };
}
