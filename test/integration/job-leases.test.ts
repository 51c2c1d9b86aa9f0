/**
 * The lease every job kind runs under (functions/domain/jobs.ts), on DynamoDB Local, for each kind: a run that was
 * thought dead and taken over (its lease lapsed, another run took the job) can no longer renew, finish or fail the
 * job, through the protocol or through any of the kind's own writes of a run; the run that took it over can, and two
 * runs taking over the same lapse do not both win.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ErrorKey } from '@shared/errors';
import { putItem } from '../../functions/data/db';
import { keys } from '../../functions/data/keys';
import { createExportJob, exportLease, getExportJob } from '../../functions/domain/export-jobs';
import {
  createScenarioJob,
  emptyTally,
  getScenarioJob,
  keepScenarioJobPart,
  letGoOfScenarioJob,
  markScenarioJobStarted,
  scenarioRunLease,
  type ScenarioJobRecord,
} from '../../functions/domain/scenario-runs';
import {
  createImportJob,
  failImportJob,
  finishImportJob,
  getImportJob,
  importLease,
  releaseImportLease,
  reportImportCommit,
  reportImportProgress,
  setImportFormat,
  startImportCommit,
  type ImportJobRecord,
  type StoredReport,
} from '../../functions/domain/import-jobs';
import { LeaseLost, type JobKind, type LeaseFields, type TakenJob } from '../../functions/domain/jobs';

const report: StoredReport = { created: 1, updated: 0, skipped: 0, deleted: 0, failed: 0, warnings: [], changes: [] };
const commit = { done: 0, total: 1, nodes: 1, mocks: false, staged: 1 };
const progress = { done: 1, total: 1 };

interface Kind {
  create(projectId: string): Promise<LeaseFields>;
  get(projectId: string, id: string): Promise<LeaseFields | undefined>;
  take(job: LeaseFields, now?: number): Promise<LeaseFields | undefined>;
  /** Every write a run of this kind makes while it holds the job, short of ending it: each renews or writes under the lease. */
  runWrites: Record<string, (run: TakenJob) => Promise<unknown>>;
  finish(run: TakenJob): Promise<unknown>;
  /** Answers whether the job was failed. */
  fail(run: TakenJob, key: ErrorKey): Promise<boolean>;
}

/** Every job kind (a new kind is a type error here until it has its fixture). */
const KINDS: Record<JobKind, Kind> = {
  import: {
    create: (projectId) =>
      createImportJob({
        projectId,
        origin: 'url',
        source: 'https://example.com/openapi.json',
        url: 'https://example.com/openapi.json',
        options: { mode: 'merge', deleteMissing: false, dryRun: false },
        editor: { id: 'someone', name: 'Someone' },
        state: 'queued',
      }),
    get: getImportJob,
    take: (job, now) => importLease.take(job as Parameters<typeof importLease.take>[0], now),
    runWrites: {
      progress: (run) => reportImportProgress(run, progress),
      format: (run) => setImportFormat(run, 'openapi'),
      'commit started': (run) => startImportCommit(run, report, commit),
      'commit progress': (run) => reportImportCommit(run, { ...commit, done: 1 }, report),
      'lease let go': (run) => releaseImportLease(run),
      'lease renewed': (run) => importLease.renew(run),
    },
    // (the run is the job as taken: the whole record, its creator included)
    finish: (run) => finishImportJob(run as ImportJobRecord, report, progress),
    fail: (run, key) => failImportJob(run, key),
  },
  export: {
    create: (projectId) =>
      createExportJob({
        projectId,
        format: 'markdown',
        docIds: null,
        version: null,
        language: 'en',
        shareId: null,
        createdBy: 'someone',
      }),
    get: getExportJob,
    take: (job, now) => exportLease.take(job as Parameters<typeof exportLease.take>[0], now),
    runWrites: {
      progress: (run) => exportLease.renew(run, { progress }),
      'lease let go': (run) => exportLease.lapse(run, 1000),
    },
    finish: (run) => exportLease.finish(run, { objectKey: 'exports/x', fileName: 'x.md', size: 1, progress }),
    fail: (run, key) => exportLease.fail(run, key),
  },
  scenarioRun: {
    // A job is created while its project is active (the transaction checks the project's state, nothing more).
    create: async (projectId) => {
      await putItem({ ...keys.project(projectId), state: 'active' });
      return createScenarioJob({
        projectId,
        scenarioId: `${projectId}_AAAAAAAAAAAAAAAA`,
        environmentId: '',
        iterations: 1,
        bail: false,
        place: 'server',
        by: { id: 'someone', name: 'Someone' },
      });
    },
    get: getScenarioJob,
    take: (job, now) => scenarioRunLease.take(job as ScenarioJobRecord, now),
    runWrites: {
      'part kept': (run) =>
        keepScenarioJobPart(
          run as ScenarioJobRecord,
          { results: [], iterations: [] },
          { iterationsDone: 1, iterations: 1, requests: 0 },
          emptyTally(),
        ),
      'start marked': (run) => markScenarioJobStarted(run as ScenarioJobRecord, Date.now()),
      'lease let go': (run) => letGoOfScenarioJob(run),
      'lease renewed': (run) => scenarioRunLease.renew(run),
    },
    finish: (run) => scenarioRunLease.finish(run, { runId: run.id }),
    fail: (run, key) => scenarioRunLease.fail(run, key),
  },
};

describe.each(Object.entries(KINDS))('the %s job lease', (_name, kind) => {
  /** A job taken by a first run, whose lease then lapsed and a second run took it over. */
  async function takenOver() {
    const projectId = randomUUID();
    const created = await kind.create(projectId);
    const first = (await kind.take(created))!;
    expect(first).toMatchObject({ state: 'running', attempts: 1 });
    // As 16 minutes later: the first run stopped renewing (it is thought dead), so the lease has lapsed.
    const later = first.leaseUntil! + 1;
    const second = (await kind.take(first, later))!;
    expect(second).toMatchObject({ state: 'running', attempts: 2 });
    return { projectId, first, second };
  }

  it('a run that was taken over can neither renew, nor finish, nor fail the job', async () => {
    const { projectId, first, second } = await takenOver();
    for (const [what, write] of Object.entries(kind.runWrites)) {
      await expect(write(first), what).rejects.toBeInstanceOf(LeaseLost);
    }
    await expect(kind.finish(first)).rejects.toBeInstanceOf(LeaseLost);
    expect(await kind.fail(first, 'importFailed')).toBe(false);
    // The job is the second run's, as it took it: running under its attempt and lease, nothing written over it.
    expect(await kind.get(projectId, second.id)).toMatchObject({
      state: 'running',
      attempts: 2,
      leaseUntil: second.leaseUntil,
      error: null,
      finishedAt: null,
    });
  });

  it('the run that took it over renews, and finishes or fails it', async () => {
    const { projectId, second } = await takenOver();
    for (const write of Object.values(kind.runWrites)) await write(second);
    await kind.finish(second);
    expect(await kind.get(projectId, second.id)).toMatchObject({ state: 'done', attempts: 2, leaseUntil: null });

    const other = await takenOver();
    expect(await kind.fail(other.second, 'importFailed')).toBe(true);
    expect(await kind.get(other.projectId, other.second.id)).toMatchObject({
      state: 'failed',
      error: { key: 'importFailed', params: {} },
    });
  });

  it('two runs taking over the same lapsed lease: one wins, and the other takes nothing', async () => {
    const projectId = randomUUID();
    const first = (await kind.take(await kind.create(projectId)))!;
    const later = first.leaseUntil! + 1;
    const taken = await Promise.all([kind.take(first, later), kind.take(first, later)]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    // A job still under its lease is taken by nobody.
    expect(await kind.take((await kind.get(projectId, first.id))!)).toBeUndefined();
  });
});
