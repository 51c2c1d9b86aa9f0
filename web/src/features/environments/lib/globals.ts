/** Global parameters as rows with where they go, for the editor's tabs and the API view's list. */
import { readGlobalParams, type GlobalParamRow, type GlobalParams } from '@shared/schemas/environment';

export const GLOBAL_PLACES = ['reqHeaders', 'reqQuery', 'reqBody', 'reqPath', 'respHeaders', 'respBody'] as const;
export type GlobalPlace = (typeof GLOBAL_PLACES)[number];

export const rowsAt = (params: GlobalParams, place: GlobalPlace): GlobalParamRow[] => {
  switch (place) {
    case 'reqHeaders':
      return params.req.headers;
    case 'reqQuery':
      return params.req.query;
    case 'reqBody':
      return params.req.body;
    case 'reqPath':
      return params.req.path;
    case 'respHeaders':
      return params.resp.headers;
    case 'respBody':
      return params.resp.body;
  }
};

export function withRows(params: GlobalParams, place: GlobalPlace, rows: GlobalParamRow[]): GlobalParams {
  const req = { ...params.req };
  const resp = { ...params.resp };
  if (place === 'reqHeaders') req.headers = rows;
  if (place === 'reqQuery') req.query = rows;
  if (place === 'reqBody') req.body = rows;
  if (place === 'reqPath') req.path = rows;
  if (place === 'respHeaders') resp.headers = rows;
  if (place === 'respBody') resp.body = rows;
  return { req, resp };
}

/**
 * What applies with an environment chosen: its own global parameters when it has them, else the project's. Rows
 * without a name (being typed) are left out.
 */
export function effectiveGlobals(projectValue: string | undefined, envValue: string | null | undefined) {
  const params = readGlobalParams(envValue ?? projectValue);
  return GLOBAL_PLACES.flatMap((place) => rowsAt(params, place).map((row) => ({ place, row }))).filter(({ row }) => row.name);
}
