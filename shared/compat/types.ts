/**
 * The compatibility report's vocabulary (issue 35): the two states compared, and what comparing them finds.
 * Zod-free and I/O-free, so the web app (off the main thread), the API, the import planner and the CLI run the
 * same engine on the same shapes.
 */
import type { ApiContent, ModelContent } from '../schemas/document';
import type { Locale } from '../constants';

export type Severity = 'error' | 'warning' | 'info';
export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

/** One HTTP API or data model of a state. `id` is the document id (or an import's key: `api:GET /pets/{}`). */
export type StateDocument =
  | { id: string; type: 'api'; name: string; folder: string[]; content: ApiContent }
  | { id: string; type: 'model'; name: string; folder: string[]; content: ModelContent };

/** A project as the engine compares it: its HTTP APIs and data models (other kinds never break a client). */
export interface ProjectState {
  documents: StateDocument[];
  /** The project's security requirements, which an API without its own (`security` absent) follows. */
  security?: Record<string, string[]>[];
}

/** Where an operation is at one of the two versions. */
export interface OperationAt {
  docId: string;
  method: string;
  path: string;
}

/** The operation a finding is about, at both versions (one side is missing when it was added or removed). */
export interface OperationRef {
  before?: OperationAt;
  after?: OperationAt;
  /** The document's title and folder at the newer version it has. */
  name: string;
  folder: string[];
}

export type Localised = Record<Locale, string>;

export interface Finding {
  /** The check: oasdiff's id where it has one (`request-parameter-became-required`). */
  id: string;
  /** Absent for a change that breaks nobody (a description, an optional field added): shown only on request. */
  severity?: Severity;
  /** The operation; for a data model's change, the first operation that uses it (all of them in `operations`). */
  operation?: OperationRef;
  /** A change to a shared data model: the model, and every operation that uses it, directly or through others. */
  model?: { id: string; name: string; direction: 'request' | 'response'; operations: OperationRef[] };
  /** Where: `request query limit`, `response 200 application/json body.items[].price`, `model Pet .price`. */
  field: string;
  before?: string;
  after?: string;
  /** What changed, and on a second sentence why it breaks clients (for a finding). */
  message: Localised;
  /** Stable across runs: what a policy's acceptance names. */
  key: string;
  /** Set when the project accepted this finding (it is shown, and fails nothing). */
  accepted?: { reason: string };
}

export interface ReportSummary {
  operations: { added: number; changed: number; removed: number };
  error: number;
  warning: number;
  info: number;
  changes: number;
  accepted: number;
}

export type Bump = 'major' | 'minor' | 'patch';

export interface CompatReport {
  findings: Finding[];
  /** Changes without severity (hidden by default). */
  changes: Finding[];
  summary: ReportSummary;
  /** major when anything breaks, minor when something was added, patch otherwise. */
  bump: Bump;
  /** Nothing differs at all (a version against itself). */
  identical: boolean;
}

/** A project's policy: checks' severities changed or turned off, and single findings accepted with a reason. */
export interface CompatPolicy {
  severities?: Record<string, Severity | 'off'>;
  accepted?: { key: string; reason: string }[];
}
