/**
 * What stays in this browser: the environment chosen per project, and each variable's local value, which
 * overrides its shared value (and is the only value a secret variable has). Nothing here is sent to the server.
 */
import { useSyncExternalStore } from 'react';

const ENV_KEY = (projectId: string) => `apiloom.env.${projectId}`;
const LOCAL_KEY = (variableId: string) => `apiloom.var.${variableId}`;
const CHANGED = 'apiloom-env-local';
/** Raised on every change, here or in another tab: what a component reading local values re-renders on. */
let version = 0;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, full): the choice lasts for this page only.
  }
  version++;
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void) {
  const fromOtherTab = () => {
    version++;
    onChange();
  };
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', fromOtherTab);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/** The environment chosen for a project in this browser (null: none), and its setter. */
export function useChosenEnvironment(projectId: string): [string | null, (envId: string | null) => void] {
  const value = useSyncExternalStore(subscribe, () => read(ENV_KEY(projectId)));
  return [value, (envId) => write(ENV_KEY(projectId), envId)];
}

export const localValueOf = (variableId: string) => read(LOCAL_KEY(variableId));
/** Empty clears it: the shared value applies again. */
export const setLocalValue = (variableId: string, value: string) => write(LOCAL_KEY(variableId), value === '' ? null : value);

/** Re-renders when a local value changes (here or in another tab). */
export const useLocalValues = () => useSyncExternalStore(subscribe, () => version);
