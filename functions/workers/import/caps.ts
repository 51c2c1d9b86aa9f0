/**
 * How many documents an import may bring and a project may hold (shared/constants.ts): checked once the file is
 * mapped (the import's own count) and once it is planned against the live tree (the project's count after it),
 * both before anything is written, so a refused import leaves no trace.
 */
import { IMPORT_MAX_DOCUMENTS, PROJECT_MAX_DOCUMENTS } from '@shared/constants';
import type { ErrorKey } from '@shared/errors';

export interface CapRefusal {
  key: Extract<ErrorKey, 'importTooManyDocuments' | 'projectTooManyDocuments'>;
  params: Record<string, number>;
}

/** The file's documents past what one import may bring. */
export function importCapRefusal(documents: number): CapRefusal | undefined {
  if (documents <= IMPORT_MAX_DOCUMENTS) return undefined;
  return { key: 'importTooManyDocuments', params: { max: IMPORT_MAX_DOCUMENTS, count: documents } };
}

/** The project past what it may hold once the plan is done: its live nodes, plus what is created, less what goes. */
export function projectCapRefusal(plan: { existing: number; created: number; deleted: number }): CapRefusal | undefined {
  const total = plan.existing + plan.created - plan.deleted;
  // A project already past the cap (from before it) may still take imports that do not grow it.
  if (total <= PROJECT_MAX_DOCUMENTS || total <= plan.existing) return undefined;
  return { key: 'projectTooManyDocuments', params: { max: PROJECT_MAX_DOCUMENTS, existing: plan.existing, total } };
}
