/**
 * Values a script sets for names its environment does not define (the login script's `token`), kept in this
 * browser only, per environment (`scope`: an environment id, or `none` on the blank test page without one). A name
 * the environment defines gets its local value written there instead (./local.ts). The environment page shows
 * both beside the shared values, editable and clearable (issue 37: "variables a script writes cannot be seen").
 */
import { useSyncExternalStore } from 'react';

const KEY = (scope: string) => `apiloom.runvars.${scope}`;
const CHANGED = 'apiloom-run-locals';
const cache = new Map<string, { raw: string | null; value: Record<string, string> }>();

function read(scope: string): Record<string, string> {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY(scope));
  } catch {
    raw = null;
  }
  const hit = cache.get(scope);
  if (hit && hit.raw === raw) return hit.value;
  let value: Record<string, string> = {};
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      value = Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    value = {};
  }
  cache.set(scope, { raw, value });
  return value;
}

/** Sets names; a name set to null is removed. */
export function writeScriptValues(scope: string, changes: Record<string, string | null>) {
  const next: Record<string, string> = { ...read(scope) };
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) delete next[name];
    else next[name] = value;
  }
  try {
    localStorage.setItem(KEY(scope), JSON.stringify(next));
  } catch {
    // Storage refused: the values last as long as the page's cache.
    cache.set(scope, { raw: JSON.stringify(next), value: next });
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export const useScriptValues = (scope: string) => useSyncExternalStore(subscribe, () => read(scope));
