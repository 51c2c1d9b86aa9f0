/**
 * The editor's changes to a scenario's steps, as pure functions over the step tree: a new step of each kind, and
 * adding, changing, moving and removing one by its id wherever it sits (groups, loops and branches hold steps of
 * their own). Each returns a new tree and leaves the one it was given alone, so React sees every change.
 */
import type { Step, StepType } from '@shared/schemas/scenario';

/** A step id unique in its scenario: random, short, and safe in a URL and a report. */
export const newStepId = () => Math.random().toString(36).slice(2, 10) + Date.now().toString(36).slice(-4);

/** A new step of a kind, with the defaults the stored schema would give it. */
export function newStep(type: StepType, id = newStepId()): Step {
  const base = { id, name: '', enabled: true };
  switch (type) {
    case 'request':
      return {
        ...base,
        type,
        source: { kind: 'adhoc', method: 'GET', url: '' },
        overrides: { pathParams: [], query: [], headers: [] },
        extract: [],
        checks: [{ kind: 'status', equals: 200 }],
        conformance: true,
        forbidExtraFields: false,
        preScript: '',
        postScript: '',
      };
    case 'group':
      return { ...base, type, steps: [] };
    case 'loop':
      return { ...base, type, kind: 'times', times: 2, variable: '', itemVariable: 'item', steps: [] };
    case 'if':
      return { ...base, type, condition: { variable: '', op: 'exists', value: '' }, steps: [] };
    case 'wait':
      return { ...base, type, ms: 1000 };
    case 'call':
      return { ...base, type, scenarioId: '' };
  }
}

const hasSteps = (s: Step): s is Extract<Step, { steps: Step[] }> => 'steps' in s;

/** The tree with the step `id` replaced by what `change` makes of it. */
export function updateStep(steps: readonly Step[], id: string, change: (step: Step) => Step): Step[] {
  return steps.map((s) => {
    if (s.id === id) return change(s);
    return hasSteps(s) ? { ...s, steps: updateStep(s.steps, id, change) } : s;
  });
}

/** The tree without the step `id` (and what it holds). */
export function removeStep(steps: readonly Step[], id: string): Step[] {
  return steps.filter((s) => s.id !== id).map((s) => (hasSteps(s) ? { ...s, steps: removeStep(s.steps, id) } : s));
}

/** The tree with the step `id` one place up (-1) or down (+1) among its siblings; at an end it stays. */
export function moveStep(steps: readonly Step[], id: string, by: -1 | 1): Step[] {
  const at = steps.findIndex((s) => s.id === id);
  if (at >= 0) {
    const to = at + by;
    if (to < 0 || to >= steps.length) return [...steps];
    const next = [...steps];
    [next[at], next[to]] = [next[to]!, next[at]!];
    return next;
  }
  return steps.map((s) => (hasSteps(s) ? { ...s, steps: moveStep(s.steps, id, by) } : s));
}

/** The tree with `step` added at the end of the steps of `parentId` (null: the top). */
export function addStep(steps: readonly Step[], parentId: string | null, step: Step): Step[] {
  if (parentId === null) return [...steps, step];
  return steps.map((s) => {
    if (!hasSteps(s)) return s;
    if (s.id === parentId) return { ...s, steps: [...s.steps, step] };
    return { ...s, steps: addStep(s.steps, parentId, step) };
  });
}

/** Every document the steps refer to, once each. */
export function referencedDocumentIds(steps: readonly Step[]): string[] {
  const ids = new Set<string>();
  const walk = (list: readonly Step[]) => {
    for (const s of list) {
      if (s.type === 'request' && s.source.kind === 'document') ids.add(s.source.documentId);
      if (hasSteps(s)) walk(s.steps);
    }
  };
  walk(steps);
  return [...ids];
}
