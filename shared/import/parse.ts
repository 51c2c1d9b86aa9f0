/**
 * Reading an uploaded or pasted file into a value, with the refusals that keep a hostile file from costing more
 * than a real one: a size cap, a nesting cap, and a cap on the nodes a YAML file's aliases expand to.
 */
import { load } from 'js-yaml';
import { IMPORT_MAX_BYTES } from '../constants';

export { IMPORT_MAX_BYTES };
/**
 * Nodes a parsed file may reach when every shared reference is counted again where it is used. GitHub's REST
 * description, the largest real file we know, has about 1.6 million; a billion-laughs file has a billion.
 */
export const MAX_EXPANDED_NODES = 5_000_000;
/** Nesting of the raw file. Real files stay far below; past it a recursive reader could exhaust the stack. */
export const MAX_FILE_DEPTH = 256;

export type RefusalReason = 'importTooLarge' | 'importInvalidType' | 'importSyntax' | 'importTooDeep' | 'importTooManyNodes';

/** An import refused as a whole; `reason` is an error key of shared/errors.ts, with its message in both languages. */
export class ImportRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly params: Record<string, string | number> = {},
    readonly pointer?: string,
  ) {
    super(`import refused: ${reason}${pointer ? ` at ${pointer}` : ''}`);
    this.name = 'ImportRefusal';
  }
}

export function checkSize(bytes: number) {
  if (bytes > IMPORT_MAX_BYTES) throw new ImportRefusal('importTooLarge', { mb: IMPORT_MAX_BYTES / 1024 / 1024 });
}

/** JSON when it reads as JSON (fast, and most files are), else YAML; undefined when it is neither. */
export function parseStructured(text: string): unknown {
  checkSize(text.length);
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const value = JSON.parse(trimmed) as unknown;
      // JSON has no aliases: every object is reached once, none needs its size remembered.
      guardShape(value, { shared: false });
      return value;
    } catch (error) {
      if (error instanceof ImportRefusal) throw error;
      // YAML is a superset of JSON's syntax: a flow-style YAML file starts with a brace too.
    }
  }
  let value: unknown;
  try {
    // `json`: a repeated key overrides, as JSON.parse does, instead of refusing a file other tools read.
    value = load(text, { json: true, maxDepth: MAX_FILE_DEPTH });
  } catch (error) {
    if (error instanceof Error && /depth/i.test(error.message)) throw new ImportRefusal('importTooDeep', { depth: MAX_FILE_DEPTH });
    return undefined;
  }
  guardShape(value);
  return value;
}

/**
 * Walks a parsed value once, without recursion, counting every node as often as it is reached (a YAML alias
 * makes one object reachable from many places; js-yaml shares it instead of copying, so a billion-laughs file
 * parses small and explodes in whatever walks it next). Refuses past MAX_EXPANDED_NODES or MAX_FILE_DEPTH.
 * Objects met again are not walked again, but their size is added again: the count is the expanded size.
 */
export function guardShape(value: unknown, { shared = true } = {}) {
  // `shared: false` (a tree, as JSON.parse makes): the same walk and the same refusals, without a million map entries.
  const sizeOf = shared ? new Map<object, number>() : undefined;
  // Post-order without recursion: compute each object's expanded size from its children's.
  const stack: { node: object; depth: number; childIndex: number; children: unknown[]; total: number }[] = [];
  const childrenOf = (node: object): unknown[] => (Array.isArray(node) ? (node as unknown[]) : Object.values(node));
  const enter = (node: unknown, depth: number): number | undefined => {
    if (!node || typeof node !== 'object') return 1;
    const known = sizeOf?.get(node);
    if (known !== undefined) return known;
    if (depth > MAX_FILE_DEPTH) throw new ImportRefusal('importTooDeep', { depth: MAX_FILE_DEPTH });
    // A cycle (possible with YAML anchors inside themselves): count the node once and stop there.
    sizeOf?.set(node, 1);
    stack.push({ node, depth, childIndex: 0, children: childrenOf(node), total: 1 });
    return undefined;
  };
  let result = enter(value, 1);
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.childIndex < top.children.length) {
      const size = enter(top.children[top.childIndex++], top.depth + 1);
      if (size !== undefined) top.total += size;
    } else {
      stack.pop();
      sizeOf?.set(top.node, top.total);
      if (top.total > MAX_EXPANDED_NODES) throw new ImportRefusal('importTooManyNodes', { nodes: MAX_EXPANDED_NODES });
      if (stack.length) stack[stack.length - 1]!.total += top.total;
      else result = top.total;
    }
    if (result !== undefined && result > MAX_EXPANDED_NODES) throw new ImportRefusal('importTooManyNodes', { nodes: MAX_EXPANDED_NODES });
  }
}
