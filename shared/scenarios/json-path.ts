/**
 * The JSON path subset scenario steps read answers with: `$` the whole body, `.name` or `['name']` a member, `[2]` an
 * item (`[-1]` the last), `[*]` every item or member (the result is then the list of what each gives). Paths are
 * read by a small parser of our own rather than a library: nothing in a path is ever evaluated.
 */

type Segment = { kind: 'key'; key: string } | { kind: 'index'; index: number } | { kind: 'all' };

export class JsonPathError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`${reason}: ${path}`);
    this.name = 'JsonPathError';
  }
}

const cache = new Map<string, Segment[]>();

export function parseJsonPath(path: string): Segment[] {
  const known = cache.get(path);
  if (known) return known;
  const text = path.trim();
  let i = 0;
  if (text.startsWith('$')) i = 1;
  const segments: Segment[] = [];
  while (i < text.length) {
    const c = text[i]!;
    if (c === '.') {
      if (text[i + 1] === '*') {
        segments.push({ kind: 'all' });
        i += 2;
        continue;
      }
      const m = /^[^.[\]\s]+/.exec(text.slice(i + 1));
      if (!m) throw new JsonPathError(path, 'a name is missing after "."');
      segments.push({ kind: 'key', key: m[0] });
      i += 1 + m[0].length;
    } else if (c === '[') {
      const close = text.indexOf(']', i);
      if (close < 0) throw new JsonPathError(path, 'a "[" is not closed');
      const inner = text.slice(i + 1, close).trim();
      if (inner === '*') segments.push({ kind: 'all' });
      else if (/^-?\d+$/.test(inner)) segments.push({ kind: 'index', index: Number(inner) });
      else if (/^'.*'$|^".*"$/.test(inner)) segments.push({ kind: 'key', key: inner.slice(1, -1) });
      else throw new JsonPathError(path, `"[${inner}]" is neither an index nor a quoted name`);
      i = close + 1;
    } else if (i === 0) {
      // `data.token` without the `$.`: read as if it had it.
      const m = /^[^.[\]\s]+/.exec(text)!;
      segments.push({ kind: 'key', key: m[0] });
      i = m[0].length;
    } else {
      throw new JsonPathError(path, `unexpected "${c}"`);
    }
  }
  if (cache.size > 1_000) cache.clear();
  cache.set(path, segments);
  return segments;
}

/** What the path reaches in `value`: `{ found: false }` when any step along it is absent. */
export function readJsonPath(value: unknown, path: string): { found: true; value: unknown } | { found: false } {
  return walk(value, parseJsonPath(path), 0);
}

function walk(value: unknown, segments: Segment[], at: number): { found: true; value: unknown } | { found: false } {
  if (at === segments.length) return { found: true, value };
  const segment = segments[at]!;
  if (segment.kind === 'all') {
    if (value === null || typeof value !== 'object') return { found: false };
    const items = Array.isArray(value) ? value : Object.values(value);
    const out: unknown[] = [];
    for (const item of items) {
      const r = walk(item, segments, at + 1);
      if (r.found) out.push(r.value);
    }
    return { found: true, value: out };
  }
  if (segment.kind === 'index') {
    if (!Array.isArray(value)) return { found: false };
    const index = segment.index < 0 ? value.length + segment.index : segment.index;
    return index >= 0 && index < value.length ? walk(value[index], segments, at + 1) : { found: false };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, segment.key)) {
    return { found: false };
  }
  return walk((value as Record<string, unknown>)[segment.key], segments, at + 1);
}
