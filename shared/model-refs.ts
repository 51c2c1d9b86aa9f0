/**
 * The model documents a document's content refers to: every `ref` its parameter rows hold (an API's request and
 * responses, a model's schema), anywhere in the content. Plain data, no schema: the open API's document writer, the
 * llms pages and `apiloom run`'s sources each follow these to the models they read.
 */
export function modelRefsIn(content: unknown, found = new Set<string>(), depth = 0): Set<string> {
  // Content is a tree of rows; a depth this far is no document's, and the walk stops there.
  if (depth > 200 || !content || typeof content !== 'object') return found;
  if (Array.isArray(content)) {
    for (const item of content) modelRefsIn(item, found, depth + 1);
    return found;
  }
  const record = content as Record<string, unknown>;
  if (typeof record.ref === 'string' && record.ref) found.add(record.ref);
  for (const value of Object.values(record)) if (value && typeof value === 'object') modelRefsIn(value, found, depth + 1);
  return found;
}
