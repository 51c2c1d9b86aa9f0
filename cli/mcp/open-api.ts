/**
 * The MCP server's client of Apiloom's open API (issue 26, `/open/v1`), exactly the contract it reads: a project's
 * tree and one document as Apiloom's content, an OpenAPI fragment or markdown, with a read token
 * (`Authorization: Bearer apl_…`). A refusal becomes an error that says what to do, never the token. Its paths come
 * from the open routes' addresses (shared/routes/open-addresses.ts) and its types from the routes themselves.
 */
import type { CompatReport } from '../../shared/compat/types';
import type { RouteResponse } from '../../shared/routes';
import { openAddresses } from '../../shared/routes/open-addresses';
import { buildPath } from '../../shared/routes/path';

/** A node of the project's tree, as the open API writes it (with the folders above it). */
export type TreeNode = RouteResponse<'open.tree'>['nodes'][number];

export type OpenDocument = RouteResponse<'open.document'>;

export interface OpenApiOptions {
  /** The app's API base, as `APILOOM_URL` names it: `https://docs.example.com/api`. */
  url: string;
  token: string;
  projectId: string;
  fetch?: typeof fetch;
}

/** A refusal or failure of the open API, said for the person who configured the server. */
export class OpenApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const WHY: Record<number, string> = {
  401: 'the token was refused (unknown, revoked or expired): set APILOOM_TOKEN to a live read token of this project',
  403: 'the token may not read this project: it needs the read scope, on this project',
  404: 'not found in this project',
  429: 'too many requests: try again in a moment',
};

export function openApiClient(opts: OpenApiOptions) {
  const fetchFn = opts.fetch ?? fetch;
  const base = opts.url.replace(/\/+$/, '');
  const { projectId } = opts;

  async function get<T>(url: string): Promise<T> {
    let res: Response;
    try {
      res = await fetchFn(url, { headers: { authorization: `Bearer ${opts.token}`, accept: 'application/json' } });
    } catch (err) {
      throw new OpenApiError(`Apiloom at ${base} could not be reached: ${err instanceof Error ? err.message : String(err)}`, 0);
    }
    const text = await res.text();
    let body: { code?: number; message?: string; data?: unknown } | undefined;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = undefined;
    }
    if (!res.ok || (body && typeof body.code === 'number' && body.code !== 0)) {
      const said = body?.message ? ` (${body.message})` : '';
      throw new OpenApiError(`Apiloom answered ${res.status}: ${WHY[res.status] ?? 'the request failed'}${said}`, res.status);
    }
    // The open API answers in the project's envelope, `{ code, message, data }`; a bare body is read as it is.
    return (body && 'data' in body && 'code' in body ? body.data : body) as T;
  }

  return {
    tree: async () => (await get<RouteResponse<'open.tree'>>(`${base}${buildPath(openAddresses['open.tree'], { projectId })}`)).nodes,
    document: (docId: string, as: OpenDocument['as']) =>
      get<OpenDocument>(`${base}${buildPath(openAddresses['open.document'], { projectId, docId })}?${new URLSearchParams({ as })}`),
    /** The compatibility report between two versions (a release's number, or `live`). */
    changes: (from: string, to: string) =>
      get<CompatReport>(`${base}${buildPath(openAddresses['open.changes'], { projectId })}?${new URLSearchParams({ from, to })}`),
  };
}

export type OpenApiClient = ReturnType<typeof openApiClient>;
