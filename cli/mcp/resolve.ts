/**
 * An OpenAPI fragment with its local references resolved (issue 26): every `$ref` to `#/…` in the same document
 * (a model under `components/schemas`, a shared parameter or response) replaced by what it names, so an
 * assistant reads one self-contained operation. A reference that comes back to a schema being expanded (a pet
 * whose parent is a pet) stays a `$ref`, and the schemas such references need are kept under
 * `components/schemas`; nothing else of `components` is.
 */

type Json = unknown;

const decode = (segment: string) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');

/** What a local JSON pointer (`#/components/schemas/Pet`) names in the document, or undefined. */
export function pointerTarget(doc: Json, ref: string): Json {
  if (!ref.startsWith('#/')) return undefined;
  let at: Json = doc;
  for (const segment of ref.slice(2).split('/').map(decode)) {
    if (!at || typeof at !== 'object' || !Object.prototype.hasOwnProperty.call(at, segment)) return undefined;
    at = (at as Record<string, Json>)[segment];
  }
  return at;
}

/** The document with its local references expanded in place, and the names of schemas a cycle still refers to. */
export function resolveRefs(doc: Record<string, Json>): Record<string, Json> {
  const cyclic = new Set<string>();
  const expand = (value: Json, expanding: ReadonlySet<string>, depth: number): Json => {
    if (depth > 64 || !value || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => expand(v, expanding, depth + 1));
    const record = value as Record<string, Json>;
    const ref = record.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      const target = pointerTarget(doc, ref);
      if (target === undefined) return value;
      if (expanding.has(ref)) {
        cyclic.add(ref);
        return value;
      }
      // Siblings of a $ref (OpenAPI 3.1 allows a description beside it) are kept over the target's own.
      const { $ref: _ref, ...siblings } = record;
      const expanded = expand(target, new Set([...expanding, ref]), depth + 1);
      return expanded && typeof expanded === 'object' && !Array.isArray(expanded)
        ? { ...(expanded as Record<string, Json>), ...(expand(siblings, expanding, depth + 1) as Record<string, Json>) }
        : expanded;
    }
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, expand(v, expanding, depth + 1)]));
  };
  const { components: _components, ...rest } = doc;
  const resolved = expand(rest, new Set(), 0) as Record<string, Json>;
  // What cyclic references name, expanded once more where they do not refer back to themselves.
  const kept: Record<string, Json> = {};
  for (let grew = true; grew;) {
    grew = false;
    for (const ref of [...cyclic]) {
      const name = ref.startsWith('#/components/schemas/') ? decode(ref.slice('#/components/schemas/'.length)) : undefined;
      if (name === undefined || name in kept) continue;
      kept[name] = expand(pointerTarget(doc, ref), new Set([ref]), 0);
      grew = true;
    }
  }
  return Object.keys(kept).length ? { ...resolved, components: { schemas: kept } } : resolved;
}
