/**
 * `apiloom mcp --project P`: Apiloom's Model Context Protocol server over stdio (issue 26), built to a bundle of
 * its own (`dist/cli/mcp.mjs`, with the official SDK) that the push/pull CLI runs for `apiloom mcp`, so the CLI
 * stays dependency-free. The server's address and a read token come from `APILOOM_URL` (the API base, e.g.
 * https://docs.example.com/api) and `APILOOM_TOKEN`, or `--url` and `--token`; the token is never printed. Stdout
 * carries the protocol only; what a person should read goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { APP_VERSION } from '../shared/constants';
import { createMcpServer } from './mcp/server';
import { openApiClient } from './mcp/open-api';
import { parseArgs, USAGE } from './mcp/args';

async function main() {
  const parsed = parseArgs(process.argv.slice(2), process.env);
  if ('help' in parsed) {
    process.stderr.write(`${USAGE}\n`);
    return;
  }
  if ('error' in parsed) {
    process.stderr.write(`${parsed.error}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const server = createMcpServer(openApiClient(parsed), APP_VERSION);
  await server.connect(new StdioServerTransport());
  process.stderr.write(`Apiloom MCP server for project ${parsed.projectId} at ${parsed.url}, on stdio\n`);
}

void main();
