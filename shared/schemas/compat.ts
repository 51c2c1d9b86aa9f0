/**
 * The compatibility report's routes (issue 35): which two versions to compare (a release's version number, or
 * `live` for the project as it is now), and the report, as the engine in shared/compat returns it.
 */
import * as z from 'zod';
import { lazy } from '../lazy';
import { idSchema } from './project';
import { releaseVersion } from './share';

/** The live project, as `from` or `to`. */
export const LIVE = 'live';

export const compareQuery = lazy(() => z.object({ from: releaseVersion, to: releaseVersion.default(LIVE) }));

const operationAt = lazy(() => z.object({ docId: z.string(), method: z.string(), path: z.string() }));
const operationRef = lazy(() =>
  z.object({ before: operationAt.optional(), after: operationAt.optional(), name: z.string(), folder: z.array(z.string()) }),
);
const localised = lazy(() => z.object({ zh: z.string(), en: z.string() }));
const severity = lazy(() => z.enum(['error', 'warning', 'info']));

export const finding = lazy(() =>
  z.object({
    id: z.string(),
    severity: severity.optional(),
    operation: operationRef.optional(),
    model: z
      .object({ id: z.string(), name: z.string(), direction: z.enum(['request', 'response']), operations: z.array(operationRef) })
      .optional(),
    field: z.string(),
    before: z.string().optional(),
    after: z.string().optional(),
    message: localised,
    key: z.string(),
    accepted: z.object({ reason: z.string() }).optional(),
  }),
);

export const compatReport = lazy(() =>
  z.object({
    findings: z.array(finding),
    changes: z.array(finding),
    summary: z.object({
      operations: z.object({ added: z.number(), changed: z.number(), removed: z.number() }),
      error: z.number(),
      warning: z.number(),
      info: z.number(),
      changes: z.number(),
      accepted: z.number(),
    }),
    bump: z.enum(['major', 'minor', 'patch']),
    identical: z.boolean(),
  }),
);

/** A report with the two versions it compares. */
export const changesView = lazy(() => compatReport.extend({ from: z.string(), to: z.string() }));
export type ChangesView = z.output<typeof changesView>;

export const changesParams = lazy(() => z.object({ id: idSchema }));
export const openChangesParams = lazy(() => z.object({ projectId: idSchema }));

/**
 * A project's compatibility policy (issue 35): checks whose severity it changed or turned off, and single findings
 * it accepted with a reason. A check id and a finding's key are the engine's (`request-parameter-became-required`,
 * `<check>|<document or model:id>|<field>`); the changes service refuses ids the engine does not know.
 */
export const POLICY_SEVERITIES = ['error', 'warning', 'info', 'off'] as const;
export type PolicySeverity = (typeof POLICY_SEVERITIES)[number];
const checkId = lazy(() =>
  z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    .max(100),
);
const findingKey = lazy(() => z.string().min(3).max(500));
const acceptReason = lazy(() => z.string().trim().min(1).max(500));

export const acceptedFinding = lazy(() =>
  z.object({ key: findingKey, check: z.string(), field: z.string(), reason: z.string(), byName: z.string(), at: z.string() }),
);

/** One change of the policy, kept in the project's history with who made it and why. */
export const policyEntry = lazy(() =>
  z.object({
    kind: z.enum(['severity', 'accept', 'unaccept']),
    check: z.string(),
    /** A severity change: the new one (`default`: the engine's own again). */
    severity: z.enum([...POLICY_SEVERITIES, 'default']).optional(),
    field: z.string().optional(),
    reason: z.string().optional(),
    byName: z.string(),
    at: z.string(),
  }),
);
export type PolicyEntry = z.output<typeof policyEntry>;

export const compatPolicyView = lazy(() =>
  z.object({
    projectId: z.string(),
    /** 0 while the project has no policy of its own (every check at the engine's severity, nothing accepted). */
    rev: z.number(),
    severities: z.record(z.string(), z.enum(POLICY_SEVERITIES)),
    accepted: z.array(acceptedFinding),
    /** The policy's changes, newest first (the last POLICY_HISTORY_SHOWN). */
    history: z.array(policyEntry),
  }),
);
export type CompatPolicyView = z.output<typeof compatPolicyView>;
export const POLICY_HISTORY_SHOWN = 50;
/** Accepted findings a project keeps (its policy is one item, and an item holds 400 KB). */
export const MAX_ACCEPTED = 200;

/** The whole map of changed severities: a check left out goes back to the engine's own severity. */
export const policySeveritiesBody = lazy(() =>
  z.object({
    projectId: idSchema,
    rev: z.number().int().min(0),
    severities: z.record(checkId, z.enum(POLICY_SEVERITIES)).refine((s) => Object.keys(s).length <= 500),
  }),
);
export const acceptFindingBody = lazy(() =>
  z.object({ projectId: idSchema, rev: z.number().int().min(0), key: findingKey, reason: acceptReason }),
);
export const unacceptFindingBody = lazy(() => z.object({ projectId: idSchema, rev: z.number().int().min(0), key: findingKey }));
export const policyParams = lazy(() => z.object({ projectId: idSchema }));

/**
 * The live project's HTTP APIs and data models as the engine reads them, and the project's policy as the engine
 * applies it: the import preview compares a file against them in the browser, before anything is sent (issue 35).
 */
export const compatLiveView = lazy(() =>
  z.object({
    documents: z.array(
      z.object({
        id: z.string(),
        type: z.enum(['api', 'model']),
        name: z.string(),
        folder: z.array(z.string()),
        /** The newest shape of its kind (shared/schemas/document.ts); the engine reads it as it is. */
        content: z.unknown(),
      }),
    ),
    policy: z.object({
      severities: z.record(z.string(), z.enum(POLICY_SEVERITIES)),
      accepted: z.array(z.object({ key: z.string(), reason: z.string() })),
    }),
  }),
);
export type CompatLiveView = z.output<typeof compatLiveView>;
