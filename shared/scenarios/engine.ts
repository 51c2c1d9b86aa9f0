/**
 * The scenario engine (issue 36): runs a scenario's steps once per iteration (a data set's row, or N times), and
 * reports each step as it ends. One engine for every place a scenario runs: a browser's Web Worker, the server's
 * job and the CLI. It is pure apart from what it is handed: the transport that sends a request (direct, proxy,
 * plug-in, the guarded fetch or Node's own), the sources of documents, models and called scenarios, the script
 * sandbox, and the clock.
 *
 * Before any request goes out, every document a step refers to (in called scenarios too) is looked up: a deleted,
 * binned or missing one fails the run at once with that reason, naming the step.
 */
import type { ApiContent } from '../schemas/api-content';
import type { ParamItem } from '../schemas/params';
import type { RunRequest, RunResponse } from '../schemas/runner';
import { allSteps, SCENARIO_LIMITS, type Condition, type RequestStep, type ScenarioContent, type Step } from '../schemas/scenario';
import { asText, extract, parseJsonOrUndefined, runCheck, StepDefinitionError, type Answer, type CheckResult } from './checks';
import { checkConformance, type ModelRows } from './conformance';
import type { DataRow } from './data-set';
import { buildRequest } from './request';
import { fill } from './template';

/** A run's caps (the issue's: 10,000 requests, 30 minutes, loops capped). */
export const RUN_LIMITS = {
  requests: 10_000,
  durationMs: 30 * 60_000,
  /** Iterations of one loop step, whatever its count or array says. */
  loopIterations: SCENARIO_LIMITS.loopTimes,
  /** Scenarios calling scenarios. */
  callDepth: 5,
  /** Of each answer's body, what a step result keeps. */
  bodyChars: 64 * 1024,
  iterations: 10_000,
} as const;
export type RunLimits = { -readonly [K in keyof typeof RUN_LIMITS]: number };

export type DocumentLookup =
  | { state: 'ok'; id: string; title: string; content: ApiContent }
  | { state: 'deleted' | 'binned' | 'missing' | 'notApi'; id: string; title?: string };

export interface ScenarioSources {
  document(id: string): Promise<DocumentLookup>;
  /** A data model's rows (conformance follows references); undefined when gone. */
  model(id: string): Promise<ParamItem[] | undefined>;
  /** A scenario a `call` step runs; undefined when gone. */
  scenario(id: string): Promise<{ name: string; content: ScenarioContent } | undefined>;
}

/** What a pre-request or post-response script sees and leaves (the runner's `pm` subset, web/src/features/runner). */
export interface ScriptRun {
  request: RunRequest;
  response?: RunResponse;
  environment: Record<string, string>;
  variables: Record<string, string>;
}
export interface ScriptOutcome {
  tests: { name: string; passed: boolean; error?: string }[];
  environment: Record<string, string>;
  variables: Record<string, string>;
  request: RunRequest;
  error?: string;
}
export type ScenarioScripts = (phase: 'pre' | 'post', code: string, run: ScriptRun) => Promise<ScriptOutcome>;

export type StepStatus = 'passed' | 'failed' | 'error' | 'skipped';

/** Why a step could not be judged on its checks. */
export type StepErrorCode =
  | 'documentDeleted'
  | 'documentBinned'
  | 'documentMissing'
  | 'notApi'
  | 'scenarioMissing'
  | 'transport'
  | 'script'
  | 'definition'
  | 'loopNotArray'
  | 'callTooDeep';

export interface StepResult {
  iteration: number;
  iterationName: string;
  stepId: string;
  name: string;
  type: Step['type'];
  /** The names of the groups, loops and called scenarios around the step, outermost first (`loop #2` for a pass). */
  trail: string[];
  status: StepStatus;
  request?: { method: string; url: string; headers: { name: string; value: string }[]; body?: string };
  response?: {
    status: number;
    timeMs: number;
    size: number;
    headers: { name: string; value: string }[];
    /** Up to RUN_LIMITS.bodyChars of the body as text. */
    body: string;
    bodyCut: boolean;
  };
  checks: CheckResult[];
  extracted: Record<string, string>;
  error?: { code: StepErrorCode; detail: string };
  /** Variables a step used that had no value (sent as written). */
  missingVariables?: string[];
  startedAt: number;
  durationMs: number;
}

export type RunStop = 'bail' | 'requestCap' | 'timeCap' | 'aborted' | 'documentGone';

export interface RunSummary {
  status: 'passed' | 'failed';
  startedAt: number;
  durationMs: number;
  iterations: { index: number; name: string; passed: boolean }[];
  requests: number;
  steps: { passed: number; failed: number; skipped: number };
  checks: { passed: number; failed: number };
  /** Why the run stopped before its end. */
  stoppedBy?: RunStop;
  /** For `documentGone`: the step and the reason. */
  stopDetail?: string;
}

export interface EngineOptions {
  transport: (request: RunRequest, signal?: AbortSignal) => Promise<RunResponse>;
  sources: ScenarioSources;
  scripts?: ScenarioScripts;
  environment: { baseUrl: string; variables: Record<string, string> };
  /** The data set's rows: one iteration each. Without, `iterations` runs (1 by default). */
  rows?: DataRow[];
  iterations?: number;
  /** Stop at the first failed step. */
  bail?: boolean;
  limits?: Partial<RunLimits>;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
  /** Each step as it ends (the live step list, the job's progress). */
  onStep?: (result: StepResult) => void | Promise<void>;
  /** Keep every step result in the summary's `results` (a bench or a huge run streams them instead). */
  keepResults?: boolean;
}

export interface RunOutcome {
  summary: RunSummary;
  results: StepResult[];
}

class Stop extends Error {
  constructor(
    readonly reason: RunStop,
    readonly detail = '',
  ) {
    super(reason);
  }
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

const GONE: Record<Exclude<DocumentLookup['state'], 'ok'>, StepErrorCode> = {
  deleted: 'documentDeleted',
  binned: 'documentBinned',
  missing: 'documentMissing',
  notApi: 'notApi',
};

/** What one iteration's steps read and write. */
interface Scope {
  iteration: number;
  iterationName: string;
  row: Record<string, string>;
  variables: Record<string, string>;
}

const decoder = new TextDecoder();
function bodyText(base64: string): string {
  if (!base64) return '';
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return decoder.decode(bytes);
}

export class ScenarioEngine {
  private readonly limits: RunLimits;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly documents = new Map<string, Promise<DocumentLookup>>();
  private readonly models = new Map<string, ParamItem[] | undefined>();
  private readonly scenarios = new Map<string, Promise<{ name: string; content: ScenarioContent } | undefined>>();
  private readonly environment: Record<string, string>;
  private readonly results: StepResult[] = [];
  private requests = 0;
  private startedAt = 0;
  private passed = 0;
  private failed = 0;
  private skipped = 0;
  private checksPassed = 0;
  private checksFailed = 0;

  constructor(private readonly options: EngineOptions) {
    this.limits = { ...RUN_LIMITS, ...options.limits };
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
    this.environment = { ...options.environment.variables };
  }

  async run(content: ScenarioContent): Promise<RunOutcome> {
    this.startedAt = this.now();
    const iterations = this.iterations();
    const done: RunSummary['iterations'] = [];
    let stop: Stop | undefined;
    try {
      await this.preflight(content.steps, 0);
      for (const [index, it] of iterations.entries()) {
        const failedBefore = this.failed;
        const scope: Scope = { iteration: index, iterationName: it.name, row: it.values, variables: {} };
        try {
          await this.steps(content.steps, scope, []);
        } finally {
          done.push({ index, name: it.name, passed: this.failed === failedBefore });
        }
      }
    } catch (error) {
      if (!(error instanceof Stop)) throw error;
      stop = error;
    }
    const summary: RunSummary = {
      status: this.failed === 0 && (!stop || stop.reason === 'bail') ? 'passed' : 'failed',
      startedAt: this.startedAt,
      durationMs: this.now() - this.startedAt,
      iterations: done,
      requests: this.requests,
      steps: { passed: this.passed, failed: this.failed, skipped: this.skipped },
      checks: { passed: this.checksPassed, failed: this.checksFailed },
      ...(stop ? { stoppedBy: stop.reason, ...(stop.detail ? { stopDetail: stop.detail } : {}) } : {}),
    };
    if (stop && stop.reason !== 'bail') summary.status = 'failed';
    return { summary, results: this.results };
  }

  private iterations(): DataRow[] {
    const rows = this.options.rows;
    if (rows && rows.length > 0) return rows.slice(0, this.limits.iterations);
    const count = Math.min(Math.max(1, this.options.iterations ?? 1), this.limits.iterations);
    return Array.from({ length: count }, (_, i) => ({ name: `#${i + 1}`, values: {} }));
  }

  private document(id: string) {
    let known = this.documents.get(id);
    if (!known) this.documents.set(id, (known = this.options.sources.document(id)));
    return known;
  }

  private calledScenario(id: string) {
    let known = this.scenarios.get(id);
    if (!known) this.scenarios.set(id, (known = this.options.sources.scenario(id)));
    return known;
  }

  /** Every referenced document looked up, and the models its responses name loaded, before anything is sent. */
  private async preflight(steps: readonly Step[], depth: number): Promise<void> {
    for (const s of allSteps(steps)) {
      if (!s.enabled) continue;
      if (s.type === 'request' && s.source.kind === 'document') {
        const doc = await this.document(s.source.documentId);
        if (doc.state !== 'ok') {
          throw new Stop('documentGone', `${GONE[doc.state]}: ${s.name || s.id} (${doc.title ?? doc.id})`);
        }
        if (s.conformance) for (const response of doc.content.responses) await this.loadModels(response.body, 0);
      } else if (s.type === 'call' && depth < this.limits.callDepth) {
        const called = await this.calledScenario(s.scenarioId);
        if (called) await this.preflight(called.content.steps, depth + 1);
      }
    }
  }

  private async loadModels(rows: readonly ParamItem[], depth: number): Promise<void> {
    if (depth > 16) return;
    for (const row of rows) {
      if (row.ref !== undefined && !this.models.has(row.ref)) {
        const model = await this.options.sources.model(row.ref);
        this.models.set(row.ref, model);
        if (model) await this.loadModels(model, depth + 1);
      }
      if (row.children.length) await this.loadModels(row.children, depth + 1);
    }
  }

  private readonly modelRows: ModelRows = (ref) => this.models.get(ref);

  /** A variable's value: the scenario's own, then the row's, then the environment's. */
  private value(scope: Scope, name: string): string | undefined {
    if (Object.hasOwn(scope.variables, name)) return scope.variables[name];
    if (Object.hasOwn(scope.row, name)) return scope.row[name];
    if (Object.hasOwn(this.environment, name)) return this.environment[name];
    return undefined;
  }

  private guard() {
    if (this.options.signal?.aborted) throw new Stop('aborted');
    if (this.now() - this.startedAt > this.limits.durationMs) throw new Stop('timeCap');
  }

  private async report(result: StepResult) {
    if (result.status === 'passed') this.passed++;
    else if (result.status === 'skipped') this.skipped++;
    else this.failed++;
    for (const c of result.checks) {
      if (c.passed) this.checksPassed++;
      else this.checksFailed++;
    }
    if (this.options.keepResults !== false) this.results.push(result);
    await this.options.onStep?.(result);
    if (this.options.bail && (result.status === 'failed' || result.status === 'error')) throw new Stop('bail');
  }

  private base(s: Step, scope: Scope, trail: string[]): StepResult {
    return {
      iteration: scope.iteration,
      iterationName: scope.iterationName,
      stepId: s.id,
      name: s.name,
      type: s.type,
      trail,
      status: 'passed',
      checks: [],
      extracted: {},
      startedAt: this.now(),
      durationMs: 0,
    };
  }

  private async steps(steps: readonly Step[], scope: Scope, trail: string[], depth = 0): Promise<void> {
    for (const s of steps) {
      this.guard();
      if (!s.enabled) {
        await this.report({ ...this.base(s, scope, trail), status: 'skipped' });
        continue;
      }
      switch (s.type) {
        case 'request':
          await this.request(s, scope, trail);
          break;
        case 'group':
          await this.steps(s.steps, scope, [...trail, s.name || s.id], depth);
          break;
        case 'if':
          if (this.holds(s.condition, scope)) await this.steps(s.steps, scope, [...trail, s.name || s.id], depth);
          break;
        case 'wait':
          await this.sleep(Math.min(s.ms, SCENARIO_LIMITS.waitMs), this.options.signal);
          break;
        case 'loop':
          await this.loop(s, scope, trail, depth);
          break;
        case 'call': {
          const called = depth < this.limits.callDepth ? await this.calledScenario(s.scenarioId) : undefined;
          if (!called) {
            const code: StepErrorCode = depth < this.limits.callDepth ? 'scenarioMissing' : 'callTooDeep';
            await this.report({ ...this.base(s, scope, trail), status: 'error', error: { code, detail: s.scenarioId } });
            break;
          }
          await this.steps(called.content.steps, scope, [...trail, s.name || called.name], depth + 1);
        }
      }
    }
  }

  private async loop(s: Extract<Step, { type: 'loop' }>, scope: Scope, trail: string[], depth: number) {
    const label = s.name || s.id;
    if (s.kind === 'times') {
      const times = Math.min(s.times, this.limits.loopIterations);
      for (let i = 0; i < times; i++) await this.steps(s.steps, scope, [...trail, `${label} #${i + 1}`], depth);
      return;
    }
    const items = parseJsonOrUndefined(this.value(scope, s.variable) ?? '');
    if (!Array.isArray(items)) {
      await this.report({ ...this.base(s, scope, trail), status: 'error', error: { code: 'loopNotArray', detail: s.variable } });
      return;
    }
    const itemVariable = s.itemVariable || 'item';
    for (const [i, item] of items.slice(0, this.limits.loopIterations).entries()) {
      scope.variables[itemVariable] = asText(item);
      scope.variables[`${itemVariable}Index`] = String(i);
      await this.steps(s.steps, scope, [...trail, `${label} #${i + 1}`], depth);
    }
  }

  private holds(condition: Condition, scope: Scope): boolean {
    const value = this.value(scope, condition.variable);
    const expected = condition.value;
    switch (condition.op) {
      case 'exists':
        return value !== undefined && value !== '';
      case 'notExists':
        return value === undefined || value === '';
      case 'equals':
        return value === expected;
      case 'notEquals':
        return value !== expected;
      case 'contains':
        return value !== undefined && value.includes(expected);
      case 'greaterThan':
        return value !== undefined && Number(value) > Number(expected);
      case 'lessThan':
        return value !== undefined && Number(value) < Number(expected);
    }
  }

  private async request(s: RequestStep, scope: Scope, trail: string[]): Promise<void> {
    const result = this.base(s, scope, trail);
    const finish = async (patch: Partial<StepResult>) => {
      const merged = { ...result, ...patch, durationMs: this.now() - result.startedAt };
      if (merged.status === 'passed' && merged.checks.some((c) => !c.passed)) merged.status = 'failed';
      await this.report(merged);
    };
    if (this.requests >= this.limits.requests) throw new Stop('requestCap');

    let api: ApiContent | undefined;
    if (s.source.kind === 'document') {
      const doc = await this.document(s.source.documentId);
      if (doc.state !== 'ok') return finish({ status: 'error', error: { code: GONE[doc.state], detail: doc.title ?? doc.id } });
      api = doc.content;
    }
    const missing = new Set<string>();
    let request: RunRequest = buildRequest({
      api,
      source: s.source,
      overrides: s.overrides,
      baseUrl: this.options.environment.baseUrl,
      value: (name) => this.value(scope, name),
      missing,
    });
    const scripts = this.options.scripts;
    const checks: CheckResult[] = [];
    const scriptVariables = () => ({ ...scope.row, ...scope.variables });
    const keepScript = (outcome: ScriptOutcome) => {
      Object.assign(this.environment, outcome.environment);
      for (const [k, v] of Object.entries(outcome.variables)) if (scope.row[k] !== v) scope.variables[k] = v;
      for (const t of outcome.tests) {
        checks.push({ kind: 'script', passed: t.passed, target: t.name, op: 'test', expected: '', actual: t.error ?? '' });
      }
    };

    if (scripts && s.preScript.trim()) {
      const outcome = await scripts('pre', s.preScript, { request, environment: { ...this.environment }, variables: scriptVariables() });
      keepScript(outcome);
      if (outcome.error) return finish({ status: 'error', checks, error: { code: 'script', detail: outcome.error } });
      request = outcome.request;
    }

    const summary = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      ...(request.body.kind === 'text' ? { body: request.body.text } : {}),
    };
    let response: RunResponse;
    this.requests++;
    try {
      response = await this.options.transport(request, this.options.signal);
    } catch (error) {
      return finish({
        status: 'error',
        request: summary,
        checks,
        error: { code: 'transport', detail: (error as Error).message ?? String(error) },
      });
    }
    const text = bodyText(response.bodyBase64);
    const answer: Answer = {
      status: response.status,
      headers: response.headers,
      text,
      json: parseJsonOrUndefined(text),
      timeMs: response.timeMs,
    };
    const kept: StepResult['response'] = {
      status: response.status,
      timeMs: response.timeMs,
      size: response.size,
      headers: response.headers,
      body: text.length > this.limits.bodyChars ? text.slice(0, this.limits.bodyChars) : text,
      bodyCut: text.length > this.limits.bodyChars || response.truncated,
    };

    const extracted: Record<string, string> = {};
    try {
      for (const e of s.extract) {
        const value = extract(answer, e);
        if (value !== undefined) {
          scope.variables[e.variable] = value;
          extracted[e.variable] = value;
        }
      }
      // A check's expected value may name variables (`equals {{orderId}}`): filled as the request was.
      const value = (name: string) => this.value(scope, name);
      for (const c of s.checks) checks.push(runCheck(answer, 'value' in c ? { ...c, value: fill(c.value, value) } : c));
    } catch (error) {
      if (!(error instanceof StepDefinitionError)) throw error;
      return finish({
        status: 'error',
        request: summary,
        response: kept,
        checks,
        extracted,
        error: { code: 'definition', detail: error.message },
      });
    }
    if (api && s.conformance) {
      for (const issue of checkConformance(api, response.status, answer.json, {
        models: this.modelRows,
        forbidExtra: s.forbidExtraFields,
      })) {
        checks.push({
          kind: 'conformance',
          passed: false,
          target: issue.path,
          op: issue.problem,
          expected: issue.expected ?? '',
          actual: issue.actual ?? '',
        });
      }
    }
    if (scripts && s.postScript.trim()) {
      const outcome = await scripts('post', s.postScript, {
        request,
        response,
        environment: { ...this.environment },
        variables: scriptVariables(),
      });
      keepScript(outcome);
      if (outcome.error) {
        return finish({
          status: 'error',
          request: summary,
          response: kept,
          checks,
          extracted,
          error: { code: 'script', detail: outcome.error },
        });
      }
    }
    return finish({
      request: summary,
      response: kept,
      checks,
      extracted,
      ...(missing.size ? { missingVariables: [...missing] } : {}),
    });
  }
}

/** Runs a scenario to its end (or its first failure with `bail`). */
export const runScenario = (content: ScenarioContent, options: EngineOptions): Promise<RunOutcome> =>
  new ScenarioEngine(options).run(content);
