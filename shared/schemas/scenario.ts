/**
 * A test scenario (issue 36, 测试场景): an ordered list of steps run as one test, stored in a project beside its
 * documents. A request step REFERENCES an API document (an edit of the document flows into the test) with
 * per-step overrides, or is an ad-hoc request; it extracts values into scenario variables and checks the answer.
 * Control steps group, loop, branch, wait and call another scenario. A data set (CSV or JSON) runs the whole
 * scenario once per row.
 *
 * Stored content is versioned like documents (`scenarioContent.read` migrates older versions forward); the engine
 * that runs it is shared/scenarios.
 */
import * as z from 'zod';
import { lazy } from '../lazy';
import { versioned } from '../versioned';
import { HTTP_METHODS } from './document-kinds';
import { idSchema } from './project';

export const SCENARIO_LIMITS = {
  name: 100,
  steps: 500,
  /** Groups, loops and branches inside each other. */
  depth: 8,
  checksPerStep: 100,
  extractionsPerStep: 100,
  script: 100_000,
  /** The data set's text as stored with the scenario (DynamoDB's item limit is 400 KB). */
  dataSetChars: 200_000,
  /** A loop's own count (a loop over a variable stops here too). */
  loopTimes: 1_000,
  waitMs: 60_000,
} as const;

/** A step's own id: unique in its scenario, named by results and reports. */
const stepId = lazy(() => z.string().min(1).max(64));
const name = lazy(() => z.string().trim().max(SCENARIO_LIMITS.name).default(''));
const variableName = lazy(() =>
  z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^\s{}]+$/),
);
const pair = lazy(() =>
  z.object({ name: z.string().max(256), value: z.string().max(8192).default(''), enabled: z.boolean().default(true) }),
);
export type ScenarioPair = z.output<typeof pair>;

export const EXTRACTION_SOURCES = ['jsonPath', 'header', 'regex', 'body'] as const;
export const extraction = lazy(() =>
  z.object({
    variable: variableName,
    from: z.enum(EXTRACTION_SOURCES),
    /** A JSON path (`$.data.token`), a header's name or a regular expression (its first group, else the match). */
    expression: z.string().max(1_000).default(''),
  }),
);
export type Extraction = z.output<typeof extraction>;

export const JSON_CHECK_OPS = ['equals', 'notEquals', 'contains', 'matches', 'exists', 'notExists', 'type'] as const;
export type JsonCheckOp = (typeof JSON_CHECK_OPS)[number];
export const HEADER_CHECK_OPS = ['equals', 'contains', 'matches', 'exists'] as const;
/** What a `type` check may ask of a value. */
export const VALUE_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] as const;

export const check = lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('status'), equals: z.number().int().min(100).max(599) }),
    /** `value` is compared as JSON when it parses as JSON, else as text; for `type`, one of VALUE_TYPES. */
    z.object({
      kind: z.literal('jsonPath'),
      path: z.string().min(1).max(1_000),
      op: z.enum(JSON_CHECK_OPS),
      value: z.string().max(10_000).default(''),
    }),
    z.object({ kind: z.literal('time'), underMs: z.number().int().min(1).max(600_000) }),
    z.object({
      kind: z.literal('header'),
      name: z.string().min(1).max(256),
      op: z.enum(HEADER_CHECK_OPS),
      value: z.string().max(8192).default(''),
    }),
  ]),
);
export type Check = z.output<typeof check>;

export const requestSource = lazy(() =>
  z.discriminatedUnion('kind', [
    /** An API document of the same project: its method, path, parameters' examples and responses. */
    z.object({ kind: z.literal('document'), documentId: z.string().min(1).max(100) }),
    /** A request of the step's own (typed, or copied from a run). */
    z.object({ kind: z.literal('adhoc'), method: z.enum(HTTP_METHODS).default('GET'), url: z.string().max(8192).default('') }),
  ]),
);
export type RequestSource = z.output<typeof requestSource>;

export const STEP_BODY_TYPES = ['none', 'json', 'text', 'form'] as const;
export const stepBody = lazy(() => z.object({ type: z.enum(STEP_BODY_TYPES), text: z.string().max(1_000_000).default('') }));
export type StepBody = z.output<typeof stepBody>;

/** What a step changes of its document's request; each part left out keeps the document's. */
export const requestOverrides = lazy(() =>
  z.object({
    /** The path (or a full address) instead of the document's; `{name}` path parameters are filled from `pathParams`. */
    path: z.string().max(8192).optional(),
    pathParams: z.array(pair).max(100).default([]),
    /** Added to (a same-named one replaces) the document's. */
    query: z.array(pair).max(200).default([]),
    headers: z.array(pair).max(200).default([]),
    body: stepBody.optional(),
  }),
);
export type RequestOverrides = z.output<typeof requestOverrides>;

export const LOOP_KINDS = ['times', 'array'] as const;
export const CONDITION_OPS = ['equals', 'notEquals', 'contains', 'exists', 'notExists', 'greaterThan', 'lessThan'] as const;
export const condition = lazy(() =>
  z.object({ variable: variableName, op: z.enum(CONDITION_OPS), value: z.string().max(8192).default('') }),
);
export type Condition = z.output<typeof condition>;

interface StepBase {
  id: string;
  name: string;
  /** A step switched off is skipped (and listed as skipped). */
  enabled: boolean;
}
export interface RequestStep extends StepBase {
  type: 'request';
  source: RequestSource;
  overrides: RequestOverrides;
  extract: Extraction[];
  checks: Check[];
  /** Check the answer against the documented response (a document step only). */
  conformance: boolean;
  /** Fields the documented response does not name fail conformance (the model's `additionalProperties: false`). */
  forbidExtraFields: boolean;
  preScript: string;
  postScript: string;
}
export interface GroupStep extends StepBase {
  type: 'group';
  steps: Step[];
}
export interface LoopStep extends StepBase {
  type: 'loop';
  /** `times`: `times` runs; `array`: once per item of the JSON array in `variable`, the item in `itemVariable`. */
  kind: (typeof LOOP_KINDS)[number];
  times: number;
  variable: string;
  itemVariable: string;
  steps: Step[];
}
export interface IfStep extends StepBase {
  type: 'if';
  condition: Condition;
  steps: Step[];
}
export interface WaitStep extends StepBase {
  type: 'wait';
  ms: number;
}
export interface CallStep extends StepBase {
  type: 'call';
  scenarioId: string;
}
export type Step = RequestStep | GroupStep | LoopStep | IfStep | WaitStep | CallStep;
export type StepType = Step['type'];

const base = lazy(() => ({ id: stepId, name, enabled: z.boolean().default(true) }));

export const step: z.ZodType<Step, z.input<z.ZodType>> = lazy(
  () =>
    z.discriminatedUnion('type', [
      z.object({
        ...base,
        type: z.literal('request'),
        source: requestSource,
        overrides: requestOverrides.default({ pathParams: [], query: [], headers: [] }),
        extract: z.array(extraction).max(SCENARIO_LIMITS.extractionsPerStep).default([]),
        checks: z.array(check).max(SCENARIO_LIMITS.checksPerStep).default([]),
        conformance: z.boolean().default(true),
        forbidExtraFields: z.boolean().default(false),
        preScript: z.string().max(SCENARIO_LIMITS.script).default(''),
        postScript: z.string().max(SCENARIO_LIMITS.script).default(''),
      }),
      z.object({
        ...base,
        type: z.literal('group'),
        get steps() {
          return z.array(step).max(SCENARIO_LIMITS.steps).default([]);
        },
      }),
      z.object({
        ...base,
        type: z.literal('loop'),
        kind: z.enum(LOOP_KINDS).default('times'),
        times: z.number().int().min(0).max(SCENARIO_LIMITS.loopTimes).default(1),
        variable: z.string().max(100).default(''),
        itemVariable: z.string().max(100).default('item'),
        get steps() {
          return z.array(step).max(SCENARIO_LIMITS.steps).default([]);
        },
      }),
      z.object({
        ...base,
        type: z.literal('if'),
        condition,
        get steps() {
          return z.array(step).max(SCENARIO_LIMITS.steps).default([]);
        },
      }),
      z.object({ ...base, type: z.literal('wait'), ms: z.number().int().min(0).max(SCENARIO_LIMITS.waitMs) }),
      z.object({ ...base, type: z.literal('call'), scenarioId: z.string().min(1).max(100) }),
    ]) as never,
);

export const DATA_SET_FORMATS = ['csv', 'json'] as const;
export const dataSet = lazy(() =>
  z.object({
    format: z.enum(DATA_SET_FORMATS),
    fileName: z.string().max(256).default(''),
    /** The file as text (a CSV decoded from GBK or UTF-8 on upload: shared/scenarios/data-set.ts). */
    text: z.string().max(SCENARIO_LIMITS.dataSetChars),
    /** The column that names each row in reports; the row's number when empty. */
    nameColumn: z.string().max(200).default(''),
    /** Columns every row must have (steps name them as `{{column}}`): a missing one is an error naming it. */
    requiredColumns: z.array(z.string().max(200)).max(200).default([]),
  }),
);
export type DataSet = z.output<typeof dataSet>;

/** Walks every step, nested ones included, depth first in order. */
export function* allSteps(steps: readonly Step[]): Generator<Step> {
  for (const s of steps) {
    yield s;
    if ('steps' in s) yield* allSteps(s.steps);
  }
}

const depthOf = (steps: readonly Step[]): number => steps.reduce((max, s) => Math.max(max, 'steps' in s ? 1 + depthOf(s.steps) : 0), 0);

export const scenarioContentV1 = lazy(() =>
  z
    .object({
      steps: z.array(step).max(SCENARIO_LIMITS.steps).default([]),
      dataSet: dataSet.nullable().default(null),
    })
    .superRefine((content, ctx) => {
      const ids = new Set<string>();
      let count = 0;
      for (const s of allSteps(content.steps)) {
        count++;
        if (ids.has(s.id)) ctx.addIssue({ code: 'custom', path: ['steps'], message: `step id ${s.id} is used twice` });
        ids.add(s.id);
      }
      if (count > SCENARIO_LIMITS.steps)
        ctx.addIssue({ code: 'custom', path: ['steps'], message: `more than ${SCENARIO_LIMITS.steps} steps` });
      if (depthOf(content.steps) > SCENARIO_LIMITS.depth) {
        ctx.addIssue({ code: 'custom', path: ['steps'], message: `steps nested deeper than ${SCENARIO_LIMITS.depth}` });
      }
    }),
);

/** A scenario's stored content, by version. */
export const scenarioContent = versioned([{ schema: scenarioContentV1 }]);
export type ScenarioContent = z.output<typeof scenarioContentV1>;

// ---- Stored scenarios, their folders and runs, as the API shows them (issue 36) ----

/** Scenario, folder and run ids carry their project's id (`<projectId>_<suffix>`), as environment ids do. */
export const SCENARIO_ID_PATTERN = /^[0-9a-f-]{36}_[A-Za-z0-9]{16}$/;
export const scenarioIdSchema = lazy(() => z.string().trim().regex(SCENARIO_ID_PATTERN));
export const scenarioIdParams = lazy(() => z.object({ id: scenarioIdSchema }));
export const scenarioIdQuery = lazy(() => z.object({ id: scenarioIdSchema }));

const scenarioName = lazy(() => z.string().trim().min(1).max(SCENARIO_LIMITS.name));
/** The folder a scenario sits in; empty: the top. */
const folderRef = lazy(() => z.union([z.literal(''), scenarioIdSchema]).default(''));

export const scenarioFolderView = lazy(() =>
  z.object({ id: z.string(), projectId: z.string(), name: z.string(), parentId: z.string(), rev: z.number(), updatedAt: z.string() }),
);
export type ScenarioFolderView = z.output<typeof scenarioFolderView>;

/** What a scenario list shows of each: no steps. */
export const scenarioSummary = lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    name: z.string(),
    folderId: z.string(),
    stepCount: z.number(),
    rev: z.number(),
    updatedAt: z.string(),
    updatedByName: z.string(),
    /** The last runs' outcome, newest first (at most 20): the pass rate's source. */
    recent: z.array(z.enum(['passed', 'failed'])),
  }),
);
export type ScenarioSummary = z.output<typeof scenarioSummary>;

/** The state of a document a step refers to: the editor flags every one that is not `ok`. */
export const referencedDocument = lazy(() =>
  z.object({ id: z.string(), title: z.string(), state: z.enum(['ok', 'deleted', 'binned', 'missing', 'notApi']) }),
);
export type ReferencedDocument = z.output<typeof referencedDocument>;

export const scenarioView = lazy(() =>
  scenarioSummary.extend({
    content: z.custom<ScenarioContent>(),
    documents: z.array(referencedDocument),
  }),
);
export type ScenarioView = z.output<typeof scenarioView>;

export const scenarioListView = lazy(() => z.object({ folders: z.array(scenarioFolderView), scenarios: z.array(scenarioSummary) }));
export type ScenarioListView = z.output<typeof scenarioListView>;

/** Content as a client sends it: parsed (and its defaults filled) by the version-1 schema. */
const contentInput = lazy(() => scenarioContentV1);

export const scenarioCreateBody = lazy(() =>
  z.object({ projectId: idSchema, name: scenarioName, folderId: folderRef, content: contentInput.default({ steps: [], dataSet: null }) }),
);
export const scenarioUpdateBody = lazy(() =>
  z.object({ id: scenarioIdSchema, rev: z.number().int().min(1), name: scenarioName, folderId: folderRef, content: contentInput }),
);
export const scenarioFolderCreateBody = lazy(() => z.object({ projectId: idSchema, name: scenarioName, parentId: folderRef }));
export const scenarioFolderUpdateBody = lazy(() =>
  z.object({ id: scenarioIdSchema, rev: z.number().int().min(1), name: scenarioName, parentId: folderRef }),
);

// ---- Runs ----

/** What a run keeps of each answer's body (the engine keeps more; a stored run this much). */
export const RUN_KEPT_BODY_CHARS = 16 * 1024;
/** Step results per run kept: a run's 10,000 requests at most. */
export const RUN_KEPT_STEPS = 10_000;

export const RUN_PLACES = ['browser', 'server', 'cli', 'schedule'] as const;
export type RunPlace = (typeof RUN_PLACES)[number];

/** A check's outcome as kept (shared/scenarios/checks.ts `CheckResult`). */
const checkResult = lazy(() =>
  z.object({
    kind: z.enum(['status', 'jsonPath', 'time', 'header', 'conformance', 'script']),
    passed: z.boolean(),
    target: z.string().max(1_000),
    op: z.string().max(50),
    expected: z.string().max(10_000),
    actual: z.string().max(10_000),
  }),
);
const pairs = lazy(() => z.array(z.object({ name: z.string().max(256), value: z.string().max(8192) })).max(200));

/** One step of one iteration, as a run keeps it (the engine's `StepResult`, its body cut at RUN_KEPT_BODY_CHARS). */
export const stepResult = lazy(() =>
  z.object({
    iteration: z.number().int().min(0),
    iterationName: z.string().max(200),
    stepId: z.string().max(64),
    name: z.string().max(SCENARIO_LIMITS.name),
    type: z.enum(['request', 'group', 'loop', 'if', 'wait', 'call']),
    trail: z.array(z.string().max(200)).max(50),
    status: z.enum(['passed', 'failed', 'error', 'skipped']),
    request: z
      .object({
        method: z.string().max(10),
        url: z.string().max(8192),
        headers: pairs,
        body: z.string().max(RUN_KEPT_BODY_CHARS).optional(),
      })
      .optional(),
    response: z
      .object({
        status: z.number().int(),
        timeMs: z.number().nonnegative(),
        size: z.number().int().nonnegative(),
        headers: pairs,
        body: z.string().max(RUN_KEPT_BODY_CHARS),
        bodyCut: z.boolean(),
      })
      .optional(),
    checks: z.array(checkResult).max(500),
    extracted: z.record(z.string().max(100), z.string().max(RUN_KEPT_BODY_CHARS)),
    error: z.object({ code: z.string().max(50), detail: z.string().max(2_000) }).optional(),
    missingVariables: z.array(z.string().max(100)).max(100).optional(),
    startedAt: z.number(),
    durationMs: z.number().nonnegative(),
  }),
);
export type StoredStepResult = z.output<typeof stepResult>;

export const runSummarySchema = lazy(() =>
  z.object({
    status: z.enum(['passed', 'failed']),
    startedAt: z.number(),
    durationMs: z.number().nonnegative(),
    iterations: z.array(z.object({ index: z.number().int(), name: z.string().max(200), passed: z.boolean() })).max(10_000),
    requests: z.number().int().nonnegative(),
    steps: z.object({ passed: z.number().int(), failed: z.number().int(), skipped: z.number().int() }),
    checks: z.object({ passed: z.number().int(), failed: z.number().int() }),
    stoppedBy: z.enum(['bail', 'requestCap', 'timeCap', 'aborted', 'documentGone']).optional(),
    stopDetail: z.string().max(2_000).optional(),
  }),
);

export const runSaveBody = lazy(() =>
  z.object({
    scenarioId: scenarioIdSchema,
    place: z.enum(RUN_PLACES),
    environmentId: z.string().max(100).default(''),
    environmentName: z.string().max(100).default(''),
    summary: runSummarySchema,
    results: z.array(stepResult).max(RUN_KEPT_STEPS),
  }),
);
export type RunSaveBody = z.output<typeof runSaveBody>;

export const runListItem = lazy(() =>
  z.object({
    id: z.string(),
    scenarioId: z.string(),
    place: z.enum(RUN_PLACES),
    environmentId: z.string(),
    environmentName: z.string(),
    ranBy: z.string(),
    ranByName: z.string(),
    createdAt: z.string(),
    summary: runSummarySchema,
  }),
);
export type RunListItem = z.output<typeof runListItem>;
export const runView = lazy(() => runListItem.extend({ results: z.array(stepResult) }));
export type RunView = z.output<typeof runView>;
