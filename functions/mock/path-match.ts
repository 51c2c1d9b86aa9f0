/**
 * Which HTTP API document answers a mock request. Document paths are templates as people write them:
 * `/users/{id}` or `/users/:id`, sometimes with a query string, a `{{baseUrl}}` prefix or a whole URL
 * (`https://host/base/users/{id}`); only the path counts, and empty segments (leading, trailing or doubled
 * slashes) are ignored (shared/mock-path.ts). Segments compare case-sensitively after percent-decoding.
 *
 * When several templates match, the one with a literal segment where another has a parameter wins, comparing
 * from the left; then the method must be the request's. The templates of a project are compiled once into a
 * segment trie, and a request walks it: each trie node is visited at most once, whatever the templates.
 */
import { mockPathOf, paramNameOf } from '@shared/mock-path';

interface RoutedDocument {
  id: string;
  method: string;
  path: string;
}

type RouteMatch =
  | { kind: 'match'; documentId: string; params: Record<string, string> }
  /** The path matches documents, none with this method: the server can answer 405 with `allow`. */
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'no_match' };

export interface RouteMatcher {
  match(method: string, path: string): RouteMatch;
}

type TemplateSegment = { literal: string } | { param: string };

interface Endpoint {
  documentId: string;
  paramNames: string[];
}

interface TrieNode {
  literals: Map<string, TrieNode>;
  param: TrieNode | undefined;
  /** By upper-case method; the first document listed for a method and path keeps it. */
  endpoints: Map<string, Endpoint>;
}

const newNode = (): TrieNode => ({ literals: new Map(), param: undefined, endpoints: new Map() });

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function compilePathTemplate(template: string): TemplateSegment[] {
  return mockPathOf(template)
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      const param = paramNameOf(segment);
      return param !== undefined ? { param } : { literal: decodeSegment(segment) };
    });
}

/** The decoded segments of a request path (a query string, if the caller left one on, is ignored). */
export function requestSegments(path: string): string[] {
  const end = path.search(/[?#]/);
  return (end === -1 ? path : path.slice(0, end))
    .split('/')
    .filter((s) => s !== '')
    .map(decodeSegment);
}

/** Compiles the documents of one project; keep the result for as long as the documents do not change. */
export function buildRouteMatcher(documents: readonly RoutedDocument[]): RouteMatcher {
  const root = newNode();
  for (const document of documents) {
    let node = root;
    const paramNames: string[] = [];
    for (const segment of compilePathTemplate(document.path)) {
      if ('literal' in segment) {
        let next = node.literals.get(segment.literal);
        if (!next) node.literals.set(segment.literal, (next = newNode()));
        node = next;
      } else {
        node = node.param ??= newNode();
        paramNames.push(segment.param);
      }
    }
    const method = document.method.toUpperCase();
    if (!node.endpoints.has(method)) node.endpoints.set(method, { documentId: document.id, paramNames });
  }
  return { match: (method, path) => matchRequest(root, method.toUpperCase(), requestSegments(path)) };
}

function matchRequest(root: TrieNode, method: string, segments: string[]): RouteMatch {
  const allowed = new Set<string>();
  const values: string[] = [];

  // Depth-first, literal before parameter: the first endpoint found is the most specific template.
  const visit = (node: TrieNode, depth: number): Endpoint | undefined => {
    if (depth === segments.length) {
      const endpoint = node.endpoints.get(method);
      if (!endpoint) for (const m of node.endpoints.keys()) allowed.add(m);
      return endpoint;
    }
    const segment = segments[depth]!;
    const literal = node.literals.get(segment);
    const viaLiteral = literal && visit(literal, depth + 1);
    if (viaLiteral) return viaLiteral;
    if (!node.param) return undefined;
    values.push(segment);
    const viaParam = visit(node.param, depth + 1);
    if (!viaParam) values.pop();
    return viaParam;
  };

  const endpoint = visit(root, 0);
  if (endpoint) {
    const params: Record<string, string> = {};
    endpoint.paramNames.forEach((name, i) => {
      if (name !== '__proto__') params[name] = values[i]!;
    });
    return { kind: 'match', documentId: endpoint.documentId, params };
  }
  return allowed.size > 0 ? { kind: 'method_not_allowed', allow: [...allowed].sort() } : { kind: 'no_match' };
}
