/**
 * Room beside a parameter row of a rendered HTTP API for what another feature shows there (the comments on that
 * row): the page provides what goes there, the parameter table says which row it is. Without a provider (a share,
 * a release, the print view) nothing is shown.
 */
import { createContext, useContext, type ReactNode } from 'react';

/** A row as the aside sees it: the table it is in (and the response's status), its key in the table, and its name. */
export interface RowPlace {
  section: 'reqQuery' | 'reqPath' | 'reqBody' | 'reqHeaders' | 'respBody' | 'respHeaders';
  status?: string;
  row: string;
  label: string;
}

export const RowAsideContext = createContext<((place: RowPlace) => ReactNode) | null>(null);

export function RowAside({ place }: { place: RowPlace }) {
  const render = useContext(RowAsideContext);
  return render ? render(place) : null;
}
