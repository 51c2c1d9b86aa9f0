/**
 * No API path written by hand where a client of the route table should build it (issue 34): the CLI and the MCP
 * server (cli/) build theirs from the open routes' addresses, and the integration tests call routes by id through
 * test/support/local-api.ts. A string or template in those files that reads as a path of a route (after an origin
 * or `/api`, with `${…}` standing for a parameter) is a finding, unless it is an argument of `rawCall`, the one
 * escape hatch for what is not a route (hostile paths, unknown routes, hand-made requests).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { routeEntries, type RouteId } from '@shared/routes';
import { ROOT } from '../../scripts/local/paths';

/** Where a hand-written API path is refused. */
const CHECKED = ['cli', 'test/integration'];
const ESCAPE_HATCH = 'rawCall';
/** What a `${…}` of a template reads as: any one segment. */
const HOLE = '\u0000';

const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
/** Each route's path as a pattern: a placeholder is one segment (or a hole), after an optional origin and `/api`. */
const patterns = routeEntries.map(([id, route]) => {
  const segments = route.path
    .split('/')
    .map((segment) => (/^\{\w+\+?\}$/.test(segment) ? `[^/]+` : escape(segment)))
    .join('/');
  return { id, pattern: new RegExp(`^(?:${HOLE}|https?://[^/]+)?(?:/api)?${segments}/?(?:[?#].*)?$`) };
});

/** The route a written text reads as the path of, if any. */
export function routeOfText(text: string): RouteId | undefined {
  return patterns.find(({ pattern }) => pattern.test(text))?.id;
}

/** A string or template's text, each `${…}` as a hole. */
function textOf(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s) => HOLE + s.literal.text).join('');
  return undefined;
}

const inEscapeHatch = (node: ts.Node) => {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isCallExpression(at) && /(^|\.)rawCall$/.test(at.expression.getText())) return true;
  }
  return false;
};

/** The hand-written API paths of a source file: `line: text (route id)`. */
export function handWrittenPaths(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const text = textOf(node);
    const route = text === undefined ? undefined : routeOfText(text);
    if (route && !inEscapeHatch(node)) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      found.push(`${fileName}:${line + 1}: ${node.getText(file)} (${route})`);
      return;
    }
    // A template's own parts are not strings of their own.
    if (!ts.isTemplateExpression(node) || text === undefined) ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const sourcesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourcesUnder(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

describe('API paths written by hand', () => {
  it.each(CHECKED)('%s writes none: it builds them from the route table', (dir) => {
    const found = sourcesUnder(dir).flatMap((file) =>
      handWrittenPaths(relative(ROOT, join(ROOT, file)), readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('are found in a planted test: a literal, a template, a full address, a path after a prefix', () => {
    const planted = [
      "await api.call('PUT', '/project', { token });",
      'await api.call(`GET`, `/project/document/${id}`, { token });',
      "const url = 'https://example.com/api/open/v1/openapi.json';",
      'const path = `${base}/project/document/share-item/${shareId}/llms.txt`;',
      'const tree = `/open/v1/projects/${encodeURIComponent(project)}/tree?x=1`;',
    ].join('\n');
    expect(handWrittenPaths('test/integration/planted.test.ts', planted).map((f) => f.replace(/^.*\((.*)\)$/, '$1'))).toEqual([
      'project.create',
      'document.get',
      'open.openapi',
      'share.llms',
      'open.tree',
    ]);
  });

  it(`leave the escape hatch (${ESCAPE_HATCH}) and what is no route alone`, () => {
    const allowed = [
      "await api.rawCall('GET', '/no/such/thing');",
      "await api.rawCall('PUT', '/project/document/mock-config/', { token });",
      "await api.call('project.create', { body: { name: 'Shop' }, token });",
      "const doc = { path: '/pets/{id}', method: 'GET' };",
      "const file = '../../shared/import/openapi/fixtures/a.json';",
    ].join('\n');
    expect(handWrittenPaths('test/integration/planted.test.ts', allowed)).toEqual([]);
  });
});
