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
