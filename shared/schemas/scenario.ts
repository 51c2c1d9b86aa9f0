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

const base = { id: stepId, name, enabled: z.boolean().default(true) };

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
