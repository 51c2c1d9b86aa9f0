/** A scenario from a Postman collection, and a scenario as one (issue 36; the converter: shared/scenarios/postman.ts). */
import * as z from 'zod';
import { lazy } from '../lazy';
import { idSchema } from './project';
import { scenarioIdSchema, scenarioView, SCENARIO_LIMITS } from './scenario';

/** What a conversion could not carry, and where. */
const notes = lazy(() => z.array(z.object({ at: z.string(), what: z.string() })));

export const postmanImportBody = lazy(() =>
  z.object({
    projectId: idSchema,
    folderId: z.union([z.literal(''), scenarioIdSchema]).default(''),
    /** The scenario's name; the collection's own when left out. */
    name: z.string().trim().min(1).max(SCENARIO_LIMITS.name).optional(),
    /** The collection file's JSON, read by the converter (which says what it cannot read). */
    collection: z.record(z.string(), z.unknown()),
  }),
);
export const postmanImported = lazy(() => z.object({ scenario: scenarioView, notes }));
export const postmanExported = lazy(() => z.object({ collection: z.record(z.string(), z.unknown()), notes }));
