/**
 * One send of the runner, as a hook: the pre-request script runs on the request with the variables filled in (and
 * may change it or set variables, after which anything still unfilled is filled again); the request goes out; the
 * post-response script runs on the response. Environment values a script sets are written back to this browser: a
 * variable the environment defines gets its local value, any other name is kept for this environment in this
 * browser only. Each send is recorded among the recent runs.
 */
import { useCallback, useRef, useState } from 'react';
import type { RunRequest, RunResponse, RunTransport } from '@shared/schemas/runner';
import { RunFailure } from '../lib/direct-transport';
import { buildRequest, canSend, type RunDraft } from '../lib/draft';
import type { RunEngines, ScriptResult } from '../lib/engines';
import { readRecentRuns, recordRun, type RecentRun } from '../lib/recent-runs';
import { substitute, type RunVariable } from '../lib/variables';

/** The environment a run uses, as the page resolved it. */
export interface RunEnvironment {
  /** Where values of names the environment does not define are kept: the environment's id, or `none`. */
  scope: string;
  baseUrl: string;
  variables: RunVariable[];
  /** Writes a defined variable's local value (this browser). */
  setLocal: (variableId: string, value: string) => void;
  /** Values scripts set for names the environment does not define (this browser), and their writer. */
  scriptValues: Record<string, string>;
  writeScriptValues: (changes: Record<string, string>) => void;
}

export interface Outcome {
  transport: RunTransport;
  request: RunRequest;
  response?: RunResponse;
  failure?: RunFailure;
  pre?: ScriptResult;
  post?: ScriptResult;
  written: string[];
  missing: string[];
}

/** The request with any `{{name}}` the pre-request script's variables now fill. */
function refill(req: RunRequest, values: Record<string, string>): RunRequest {
  const sub = (text: string) => substitute(text, values);
  const body = req.body;
  return {
    ...req,
    url: sub(req.url),
    headers: req.headers.map((h) => ({ name: sub(h.name), value: sub(h.value) })),
    body:
      body.kind === 'text'
        ? { kind: 'text', text: sub(body.text) }
        : body.kind === 'form'
          ? { kind: 'form', fields: body.fields.map((f) => ('file' in f ? f : { name: sub(f.name), value: sub(f.value) })) }
          : body,
  };
}

interface RunSetup {
  userId: string;
  docId: string | null;
  engines: RunEngines;
  env: RunEnvironment;
  /** The environment's values as the run starts (local over shared, then this browser's extra names). */
  values: Record<string, string>;
}

export function useRun({ userId, docId, engines, env, values }: RunSetup) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sending, setSending] = useState(false);
  const [runs, setRuns] = useState<RecentRun[]>(() => readRecentRuns(userId, docId));
  const abort = useRef<AbortController | null>(null);

  /** Environment values a script changed, written back; the names written. */
  const writeBack = useCallback(
    (before: Record<string, string>, after: Record<string, string>): string[] => {
      const changed = Object.entries(after).filter(([name, value]) => before[name] !== value);
      const undefinedNames: Record<string, string> = {};
      for (const [name, value] of changed) {
        const variable = env.variables.find((v) => v.name === name);
        if (variable) env.setLocal(variable.id, value);
        else undefinedNames[name] = value;
      }
      if (Object.keys(undefinedNames).length) env.writeScriptValues(undefinedNames);
      return changed.map(([name]) => name);
    },
    [env],
  );

  const send = async (sent: RunDraft, transport: RunTransport) => {
    if (!canSend(sent) || sending) return;
    const via = engines.transports[transport]!;
    const controller = new AbortController();
    abort.current = controller;
    setSending(true);
    setOutcome(null);
    let environment = { ...values };
    let variables: Record<string, string> = {};
    const written: string[] = [];
    let { request, missing } = buildRequest(sent, environment, env.baseUrl);
    const runner = engines.scripts && (sent.preScript.trim() || sent.postScript.trim()) ? engines.scripts() : undefined;
    const result: Outcome = { transport, request, written, missing };
    try {
      if (runner && sent.preScript.trim()) {
        const pre = await runner.run('pre', sent.preScript, { request, environment, variables });
        result.pre = pre;
        written.push(...writeBack(environment, pre.environment));
        environment = pre.environment;
        variables = pre.variables;
        request = refill(pre.request, { ...environment, ...variables });
        result.request = request;
        result.missing = missing = missing.filter((name) => !Object.hasOwn(environment, name) && !Object.hasOwn(variables, name));
      }
      try {
        result.response = await via(request, controller.signal);
      } catch (e) {
        result.failure =
          e instanceof RunFailure
            ? e
            : controller.signal.aborted
              ? new RunFailure('aborted')
              : new RunFailure('refused', e instanceof Error ? e.message : String(e));
      }
      if (runner && result.response && sent.postScript.trim()) {
        const post = await runner.run('post', sent.postScript, { request, response: result.response, environment, variables });
        result.post = post;
        written.push(...writeBack(environment, post.environment));
      }
    } finally {
      runner?.dispose();
      abort.current = null;
      setSending(false);
    }
    setOutcome({ ...result, written: [...new Set(written)] });
    setRuns(
      recordRun(userId, docId, {
        id: crypto.randomUUID(),
        at: Date.now(),
        transport,
        draft: sent,
        method: request.method,
        url: request.url,
        status: result.response?.status,
        timeMs: result.response?.timeMs,
        failure: result.failure?.kind,
      }),
    );
  };

  return { outcome, sending, runs, send, cancel: () => abort.current?.abort() };
}
