/**
 * Tabs of the HTTP API editor that hold when the editor is drawn again. A click on a tab is the writer's choice: a
 * redraw (the document read again after it loads or is saved, a suspended part shown again) must not put the editor
 * back on its first tab under their next click. The choice is kept per document and tab bar while the page lives.
 */
import { useState } from 'react';
import type { ContentOf } from '@shared/schemas/document';

/** The request sections of an HTTP API, each a tab. */
export type RequestSection = 'reqQuery' | 'reqPath' | 'reqBody' | 'reqHeaders';

/**
 * The section the editor and the view open on: the first with rows (body, query, path), so the writer lands where
 * they were reading; a request with none opens on its body, where a new API's rows usually go.
 */
export const firstRequestSection = (c: Pick<ContentOf<'api'>, RequestSection>): RequestSection =>
  c.reqBody.length ? 'reqBody' : c.reqQuery.length ? 'reqQuery' : c.reqPath.length ? 'reqPath' : 'reqBody';

const chosen = new Map<string, string>();

/** A tab bar's active key, `initial` until one is chosen; `place` names the document and the tab bar. */
export function useKeptTab<K extends string>(place: string, initial: () => K | undefined): [K | undefined, (next: K | undefined) => void] {
  const [tab, setTab] = useState<K | undefined>(() => (chosen.get(place) as K | undefined) ?? initial());
  const choose = (next: K | undefined) => {
    if (next === undefined) chosen.delete(place);
    else chosen.set(place, next);
    setTab(next);
  };
  return [tab, choose];
}
