/**
 * `apiloom mcp --project P` (issue 26): a Model Context Protocol server over stdio for an AI coding assistant,
 * reading one project through the open API with a read token. Three tools:
 * - `search_apis`: the project's HTTP APIs whose name, method, path or folder hold every word of a query;
 * - `get_api`: one HTTP API as an OpenAPI 3.1 fragment, its models resolved in place;
 * - `get_page`: any document as markdown;
 * - `get_changes`: what changed since a release (issue 35), and what of it breaks clients, as markdown.
 * A refusal (a bad token, a document of another kind) is a tool error that says what to do.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { OpenApiError, type OpenApiClient, type TreeNode } from './open-api';
import { resolveRefs } from './resolve';
import { reportMarkdown } from '../../shared/compat/render';

export const SERVER_NAME = 'apiloom';
/** Matches listed at most, so an answer stays readable in an assistant's context. */
export const SEARCH_LIMIT = 50;

interface ApiMatch {
  id: string;
  name: string;
  method: string;
  path: string;
  folder: string;
}

/** HTTP APIs holding every word of the query (any case) in their name, method, path or folder; all of them for none. */
export function searchApis(nodes: TreeNode[], query: string): ApiMatch[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return nodes
    .filter((n) => n.type === 'api')
    .map((n) => ({ id: n.id, name: n.name, method: n.method ?? '', path: n.path ?? '', folder: n.folderPath }))
    .filter((m) => {
      const text = `${m.name}\n${m.method}\n${m.path}\n${m.folder}`.toLowerCase();
      return words.every((w) => text.includes(w));
    });
}

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const failure = (message: string) => ({ content: [{ type: 'text' as const, text: message }], isError: true });

/** Runs a tool's work; an open API refusal or anything thrown becomes a tool error the assistant can read. */
async function answer(work: () => Promise<ReturnType<typeof text>>) {
  try {
    return await work();
  } catch (err) {
    if (err instanceof OpenApiError) return failure(err.message);
    return failure(`Apiloom's MCP server failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export function createMcpServer(client: OpenApiClient, version: string): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version });

  server.registerTool(
    'search_apis',
    {
      title: 'Search APIs',
      description:
        "Searches the Apiloom project's HTTP APIs: those whose name, method, path or folder contain every word of the query (empty: all). Answers a JSON list of { id, name, method, path, folder }; pass an id to get_api or get_page.",
      inputSchema: { query: z.string().max(500).describe('Words to look for, e.g. "pet POST" or "/orders"') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query }) =>
      answer(async () => {
        const matches = searchApis(await client.tree(), query);
        const shown = matches.slice(0, SEARCH_LIMIT);
        const more = matches.length > shown.length ? `\n(${matches.length - shown.length} more: narrow the query)` : '';
        return text(`${JSON.stringify(shown, null, 2)}${more}`);
      }),
  );

  server.registerTool(
    'get_api',
    {
      title: 'Get an API as OpenAPI',
      description:
        'One HTTP API of the project as an OpenAPI 3.1 fragment (its path and operation), with the data models it uses resolved in place. Takes an id from search_apis.',
      inputSchema: { id: z.string().min(1).max(200).describe('The API document id') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id }) =>
      answer(async () => {
        const doc = await client.document(id, 'openapi');
        if (doc.type !== 'api') return failure(`"${doc.name}" is a ${doc.type} document, not an HTTP API: read it with get_page.`);
        const content = typeof doc.content === 'string' ? (JSON.parse(doc.content) as unknown) : doc.content;
        if (!content || typeof content !== 'object' || Array.isArray(content)) return failure(`"${doc.name}" has no OpenAPI form.`);
        return text(JSON.stringify(resolveRefs(content as Record<string, unknown>), null, 2));
      }),
  );

  server.registerTool(
    'get_page',
    {
      title: 'Get a document as markdown',
      description:
        'Any document of the project (an HTTP API, a data model, a page, an error-code table...) as markdown. Takes a document id.',
      inputSchema: { id: z.string().min(1).max(200).describe('The document id') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id }) =>
      answer(async () => {
        const doc = await client.document(id, 'markdown');
        return text(typeof doc.content === 'string' ? doc.content : JSON.stringify(doc.content, null, 2));
      }),
  );

  server.registerTool(
    'get_changes',
    {
      title: 'What changed since a release',
      description:
        "The compatibility report between two versions of the project: a release's version number, or live for the project as it is now. Lists what changed in its HTTP APIs and data models, which changes break clients (errors), may break them (warnings) or are worth knowing (info), each with the operation, the field and why, and the version bump it calls for (major, minor, patch).",
      inputSchema: {
        from: z.string().min(1).max(32).describe('The older version, e.g. "1.0.0"'),
        to: z.string().min(1).max(32).default('live').describe('The newer version, or "live" (the default)'),
        language: z.enum(['en', 'zh']).default('en').describe('The language of the messages'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ from, to, language }) => answer(async () => text(reportMarkdown(await client.changes(from, to), language, `${from} → ${to}`))),
  );

  return server;
}
