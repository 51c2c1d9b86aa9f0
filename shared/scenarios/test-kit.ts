/**
 * Test helpers for the scenario engine's unit tests and the callers' (the CLI, the job): a scenario from a few
 * plain step objects, an API document's content, and an in-memory transport that answers like an echo server.
 * Only tests and the bench (scripts/bench/scenarios-run.ts) import this file.
 */
import { apiContentV3, type ApiContent } from '../schemas/api-content';
import type { RunRequest, RunResponse } from '../schemas/runner';
import { scenarioContent, type ScenarioContent } from '../schemas/scenario';
import type { DocumentLookup, ScenarioSources } from './engine';

export const scenarioOf = (steps: unknown[], extra: Record<string, unknown> = {}): ScenarioContent =>
  scenarioContent.read({ steps, ...extra });

export const apiOf = (content: Record<string, unknown>): ApiContent => apiContentV3.parse({ description: 'x', path: '/', ...content });

export const responseOf = (status: number, body: unknown, headers: { name: string; value: string }[] = [], timeMs = 5): RunResponse => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return { status, statusText: '', headers, bodyBase64: btoa(binary), size: bytes.length, truncated: false, timeMs, finalUrl: '' };
};

export function sourcesOf(
  documents: Record<string, DocumentLookup>,
  models: Record<string, unknown[]> = {},
  scenarios: Record<string, { name: string; content: ScenarioContent }> = {},
): ScenarioSources {
  return {
    document: async (id) => documents[id] ?? { state: 'missing', id },
    model: async (id) => models[id] as never,
    scenario: async (id) => scenarios[id],
  };
}

/** A transport that records what it sent and answers with `answer(request)`. */
export function recordingTransport(answer: (request: RunRequest) => RunResponse) {
  const sent: RunRequest[] = [];
  return {
    sent,
    transport: async (request: RunRequest) => {
      sent.push(request);
      return answer(request);
    },
  };
}
