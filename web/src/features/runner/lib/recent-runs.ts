/**
 * The last runs of a document (or of the blank test page), per user, in this browser only: a run's draft can hold
 * secret values a user typed, which must never reach the server. Kept in localStorage under the user's id, newest
 * first, at most RECENT_RUNS_MAX; a picked file's bytes are not kept (the row remembers the file's name).
 */
import type { RunTransport } from '@shared/schemas/runner';
import type { RunDraft } from './draft';

export const RECENT_RUNS_MAX = 20;

export interface RecentRun {
  id: string;
  /** ms since the epoch. */
  at: number;
  transport: RunTransport;
  draft: RunDraft;
  /** What was sent (variables filled in), for the list. */
  method: string;
  url: string;
  status?: number;
  timeMs?: number;
  /** The failure's kind when no response came. */
  failure?: string;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

const keyOf = (userId: string, docId: string | null) => `apiloom.runs.${userId}.${docId ?? 'blank'}`;

const browserStore = (): KeyValueStore | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

export function readRecentRuns(userId: string, docId: string | null, store = browserStore()): RecentRun[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(keyOf(userId, docId)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as RecentRun[]) : [];
  } catch {
    return [];
  }
}

/** The list with this run first and the oldest past the limit dropped; what was stored. */
export function recordRun(userId: string, docId: string | null, run: RecentRun, store = browserStore()): RecentRun[] {
  const kept: RecentRun = {
    ...run,
    draft: { ...run.draft, form: run.draft.form.map((row) => (row.file ? { ...row, file: { ...row.file, base64: '' } } : row)) },
  };
  const next = [kept, ...readRecentRuns(userId, docId, store).filter((r) => r.id !== run.id)].slice(0, RECENT_RUNS_MAX);
  try {
    store?.setItem(keyOf(userId, docId), JSON.stringify(next));
  } catch {
    // Storage full or refused: the list lasts for this page only.
  }
  return next;
}
