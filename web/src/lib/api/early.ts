import type { Envelope } from '@shared/errors';

declare global {
  interface Window {
    __apiloomEarly?: { signedIn: boolean; answers: Record<string, Promise<Envelope | null> | undefined> };
  }
}

/**
 * The answer the early script (web/src/early.ts) asked for before the app loaded, if this is one of those requests:
 * same path, made with the same session, and not read yet. Taken once; anything else goes over the network as usual.
 */
export function takeEarlyAnswer(path: string, signedIn: boolean): Promise<Envelope | null> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__apiloomEarly;
  const answer = early?.answers[path];
  if (!early || !answer || early.signedIn !== signedIn) return undefined;
  early.answers[path] = undefined;
  return answer;
}
