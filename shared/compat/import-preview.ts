/**
 * What applying an import would change, and what it would break (issue 35): the project's APIs and models as they
 * are, against the same with the import's plan applied (updated documents take their planned content, created ones
 * join, deleted ones go). The import preview, the re-import report and `apiloom push --fail-on` read it.
 */
import type { ImportPlan } from '../import/plan';
import { compareStates } from './engine';
import type { CompatPolicy, CompatReport, ProjectState, StateDocument } from './types';

/** A document of the project as the import planner loads it. */
export interface PlannedOver {
  id: string;
  type: string;
  name: string;
  folder: string[];
  content: unknown;
}

/** How many findings a stored import report keeps (its summary counts them all). */
export const IMPORT_FINDINGS_KEPT = 100;

const asState = (documents: PlannedOver[]): ProjectState => ({
  documents: documents.filter((d): d is StateDocument & PlannedOver => d.type === 'api' || d.type === 'model'),
});

/** Under the project's policy: its severities, and the findings it accepted (which then fail no `push --fail-on`). */
export function importPreview(
  existing: PlannedOver[],
  plan: Pick<ImportPlan, 'created' | 'updated' | 'deleted'>,
  policy: CompatPolicy = {},
): CompatReport {
  const after = new Map(existing.map((d) => [d.id, d]));
  for (const u of plan.updated) {
    const was = u.documentId ? after.get(u.documentId) : undefined;
    if (was) after.set(was.id, { ...was, name: u.document.name, content: u.document.content });
  }
  for (const d of plan.deleted) after.delete(d.documentId);
  for (const c of plan.created)
    after.set(`import:${c.key}`, {
      id: `import:${c.key}`,
      type: c.document.type,
      name: c.document.name,
      folder: c.document.folder,
      content: c.document.content,
    });
  return compareStates(asState(existing), asState([...after.values()]), policy);
}

/** What a stored report keeps of the verdict: its counts, its bump, and the first findings. */
export const keptVerdict = (report: CompatReport) => ({
  summary: report.summary,
  bump: report.bump,
  findings: report.findings.slice(0, IMPORT_FINDINGS_KEPT),
});
