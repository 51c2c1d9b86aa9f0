/**
 * A project's compatibility policy (issue 35): checks whose severity it changed or turned off, and findings it
 * accepted with a reason. One item holds the policy (read with every report, so one read); each change also writes
 * an entry of its own to the project's history (who, what, why), in the same transaction, conditional on the
 * policy's revision, so two editors never overwrite each other unseen.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { CHECKS } from '@shared/compat/checks';
import type { CompatPolicy } from '@shared/compat/types';
import { lazy } from '@shared/lazy';
import {
  acceptedFinding,
  compatPolicyView,
  MAX_ACCEPTED,
  POLICY_HISTORY_SHOWN,
  policyEntry,
  type CompatPolicyView,
  type PolicyEntry,
  type PolicySeverity,
} from '@shared/schemas/compat';
import { AppError } from '../core/app-error';
import { asRecords, conditionsOn, eq, getItem, notExists, queryAll, transact, type Item, type TransactOp } from '../data/db';
import { defineEntity } from '../data/entity';
import { ENTITY, keys } from '../data/keys';
import type { Editor } from './documents';

const compatPolicyRecord = lazy(() =>
  compatPolicyView.omit({ history: true }).extend({
    accepted: z.array(acceptedFinding.extend({ by: z.string() })),
    updatedAt: z.string(),
    updatedByName: z.string(),
  }),
);
type CompatPolicyRecord = z.infer<typeof compatPolicyRecord>;

const compatPolicyEntity = defineEntity({
  name: 'compatPolicy',
  schema: compatPolicyRecord,
  key: (p: Pick<CompatPolicyRecord, 'projectId'>) => keys.compatPolicy(p.projectId),
});
const wherePolicy = conditionsOn<CompatPolicyRecord>();

const policyEntryRecord = lazy(() => policyEntry.extend({ by: z.string() }));

const emptyPolicy = (projectId: string): CompatPolicyRecord => ({
  projectId,
  rev: 0,
  severities: {},
  accepted: [],
  updatedAt: '',
  updatedByName: '',
});

const readPolicy = async (projectId: string) =>
  compatPolicyEntity.parse(await getItem(keys.compatPolicy(projectId), { consistent: true })) ?? emptyPolicy(projectId);

/** The policy as the engine applies it (nothing changed while the project has none). */
export async function enginePolicyOf(projectId: string): Promise<CompatPolicy> {
  const { severities, accepted } = await readPolicy(projectId);
  return { severities, accepted: accepted.map(({ key, reason }) => ({ key, reason })) };
}

/** The policy with its latest changes, for the settings screen and the report. */
export async function policyView(projectId: string): Promise<CompatPolicyView> {
  const [policy, history] = await Promise.all([
    readPolicy(projectId),
    queryAll(keys.compatPolicyHistory(projectId, POLICY_HISTORY_SHOWN)).then((items) => asRecords(policyEntryRecord, items)),
  ]);
  return {
    projectId,
    rev: policy.rev,
    severities: policy.severities,
    accepted: policy.accepted.map(({ by: _by, ...a }) => a),
    history: history.map(({ by: _by, ...entry }) => entry),
  };
}

/** A finding's key names its check first: `<check>|<document or model:id>|<field>`. */
function partsOfKey(key: string) {
  const [check = '', , ...field] = key.split('|');
  if (!CHECKS.has(check) || !field.length) throw new AppError('unknownCheck', { check });
  return { check, field: field.join('|') };
}

/**
 * Writes the next revision of the policy and its history entries, all or nothing: refused when someone changed the
 * policy since `expectedRev`, or when the project is no longer active.
 */
async function writePolicy(next: CompatPolicyRecord, expectedRev: number, entries: Omit<PolicyEntry, 'byName' | 'at'>[], editor: Editor) {
  const at = new Date().toISOString();
  const record = { ...next, rev: expectedRev + 1, updatedAt: at, updatedByName: editor.name };
  const stale = (item: Item | undefined) => {
    const current = compatPolicyEntity.parse(item);
    return new AppError('staleRevision', { editor: current?.updatedByName ?? '' }, { rev: current?.rev ?? 0 });
  };
  const history: TransactOp[] = entries.map((entry) => ({
    put: {
      ...keys.compatPolicyEntry(next.projectId, at, randomUUID()),
      ...ENTITY.compatPolicyEntry,
      ...entry,
      by: editor.id,
      byName: editor.name,
      at,
    },
    when: notExists(),
  }));
  await transact([
    { check: keys.project(next.projectId), when: eq('state', 'active'), failure: () => new AppError('wrongState') },
    compatPolicyEntity.putOp(record, expectedRev === 0 ? wherePolicy.notExists() : wherePolicy.eq('rev', expectedRev), stale),
    ...history,
  ]);
  return policyView(next.projectId);
}

/** Sets the whole map of changed severities; the history records each check whose severity changed. */
export async function setSeverities(
  projectId: string,
  severities: Record<string, PolicySeverity>,
  expectedRev: number,
  editor: Editor,
): Promise<CompatPolicyView> {
  for (const check of Object.keys(severities)) if (!CHECKS.has(check)) throw new AppError('unknownCheck', { check });
  const current = await readPolicy(projectId);
  const checks = new Set([...Object.keys(current.severities), ...Object.keys(severities)]);
  const entries = [...checks]
    .filter((check) => current.severities[check] !== severities[check])
    .sort()
    .map((check) => ({ kind: 'severity' as const, check, severity: severities[check] ?? ('default' as const) }));
  // Ordered as the screen lists them, so the item does not change when nothing did.
  const ordered = Object.fromEntries(Object.entries(severities).sort(([a], [b]) => a.localeCompare(b)));
  return writePolicy({ ...current, severities: ordered }, expectedRev, entries, editor);
}

/** Accepts one finding with a reason (accepting it again replaces the reason). */
export async function acceptFinding(projectId: string, key: string, reason: string, expectedRev: number, editor: Editor) {
  const { check, field } = partsOfKey(key);
  const current = await readPolicy(projectId);
  const others = current.accepted.filter((a) => a.key !== key);
  if (others.length >= MAX_ACCEPTED) throw new AppError('tooMany', { max: MAX_ACCEPTED });
  const accepted = [...others, { key, check, field, reason, by: editor.id, byName: editor.name, at: new Date().toISOString() }];
  return writePolicy({ ...current, accepted }, expectedRev, [{ kind: 'accept', check, field, reason }], editor);
}

/** Takes an acceptance back: the finding counts again. A finding not accepted is left as it is (nothing written). */
export async function unacceptFinding(projectId: string, key: string, expectedRev: number, editor: Editor) {
  const current = await readPolicy(projectId);
  const was = current.accepted.find((a) => a.key === key);
  if (!was) return policyView(projectId);
  const accepted = current.accepted.filter((a) => a.key !== key);
  return writePolicy({ ...current, accepted }, expectedRev, [{ kind: 'unaccept', check: was.check, field: was.field }], editor);
}
