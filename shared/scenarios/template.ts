/**
 * `{{name}}` in a step's text, filled from the run's variables (the runner's rule: a name without a value stays
 * as written and is reported, so a request never goes out with an unknown variable silently emptied).
 */
const VARIABLE = /\{\{\s*([^\s{}]+)\s*\}\}/g;

export function fill(text: string, values: (name: string) => string | undefined, missing?: Set<string>): string {
  if (!text.includes('{{')) return text;
  return text.replace(VARIABLE, (whole, name: string) => {
    const value = values(name);
    if (value !== undefined) return value;
    missing?.add(name);
    return whole;
  });
}
