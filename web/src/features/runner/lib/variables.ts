/**
 * `{{name}}` substitution and where a variable's value comes from. An environment's variable has a shared value
 * (stored) and a local value (this browser) that overrides it; a secret has only the local one. Names a script sets
 * that the environment does not define live in this browser only (features/environments/lib/script-values.ts), after the environment's.
 */

/** What the runner needs of an environment's variable (the shape of `VariableView`, plus its local value). */
export interface RunVariable {
  id: string;
  name: string;
  /** The shared value; empty for a secret. */
  value: string;
  secret: boolean;
  /** This browser's value, which overrides the shared one; null: none. */
  local: string | null;
}

/** The value each name has: the local value, else the shared one (a secret without a local value is empty). */
export function variableValues(variables: RunVariable[], extras: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = { ...extras };
  for (const v of variables) out[v.name] = v.local ?? (v.secret ? '' : v.value);
  return out;
}

const VARIABLE = /\{\{\s*([^\s{}]+)\s*\}\}/g;

/** Every `{{name}}` a text names, in order, each once. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!))];
}

/**
 * The text with each `{{name}}` replaced by its value; a name without a value stays as written (and is reported by
 * `missing`), so a request never goes out with an unknown variable silently emptied.
 */
export function substitute(text: string, values: Record<string, string>, missing?: Set<string>): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    if (Object.hasOwn(values, name)) return values[name]!;
    missing?.add(name);
    return whole;
  });
}
