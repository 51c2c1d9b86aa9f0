/**
 * What is wrong with an OpenAPI description, as import warnings a person can act on: each names the field by its
 * JSON pointer and says what the specification wants, in the reader's language (./warnings.ts has the texts).
 *
 * The check is the OpenAPI 3.1 schema compiled ahead of time (scripts/openapi-validator.ts): nothing is compiled
 * at run time, so it runs under the page's CSP (no `unsafe-eval`) in the import preview's worker exactly as it runs
 * in the import job. Every description is upgraded to 3.1 before it is checked.
 */
import { pointerPart } from '../build';
import type { ImportWarning } from '../types';
import { validate, type SchemaError } from './oas31-validator.generated.js';

/** A broken file can fail thousands of rules; the first ones say enough. */
export const MAX_SPEC_WARNINGS = 50;

/** The specification's complaints about an (upgraded, 3.1) description; none for a valid one. */
export function checkSpec(spec: unknown): ImportWarning[] {
  if (validate(spec)) return [];
  return readable(validate.errors ?? []).slice(0, MAX_SPEC_WARNINGS);
}

const isChoice = (e: SchemaError) => e.keyword === 'anyOf' || e.keyword === 'oneOf';
const under = (pointer: string, parent: string) => pointer === parent || pointer.startsWith(`${parent}/`);
const quoted = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

/**
 * Ajv's errors, reduced to the ones that explain: the `if`/`then`/`else` wrappers of "a reference or an object"
 * say only that something below failed, and so does a failed `anyOf`/`oneOf` when a more precise error lies at or
 * under the same place. A choice between required fields (paths, components or webhooks) becomes one warning.
 */
function readable(errors: SchemaError[]): ImportWarning[] {
  /** A choice's own branches: errors at the same place, from the schemas inside it. */
  const branchesOf = (choice: SchemaError) =>
    errors.filter((e) => e !== choice && e.instancePath === choice.instancePath && e.schemaPath.startsWith(`${choice.schemaPath}/`));
  /** Choices between required fields, which one warning names whole; their branches say nothing more. */
  const fieldChoices = new Map<SchemaError, SchemaError[]>();
  for (const error of errors.filter(isChoice)) {
    const branches = branchesOf(error);
    if (branches.length && branches.every((b) => b.keyword === 'required')) fieldChoices.set(error, branches);
  }
  const named = new Set([...fieldChoices.values()].flat());
  const warnings: ImportWarning[] = [];
  for (const error of errors) {
    if (error.keyword === 'if' || named.has(error)) continue;
    const branches = fieldChoices.get(error);
    if (branches) {
      const fields = branches.map((b) => String(b.params.missingProperty)).join(', ');
      warnings.push({ pointer: error.instancePath, code: 'specRequiredOne', params: { fields } });
    } else if (isChoice(error)) {
      const precise = errors.some((e) => e.keyword !== 'if' && !isChoice(e) && under(e.instancePath, error.instancePath));
      if (!precise) warnings.push({ pointer: error.instancePath, code: 'specNoMatch' });
    } else warnings.push(warningOf(error));
  }
  return dedupe(warnings);
}

function warningOf(error: SchemaError): ImportWarning {
  const at = error.instancePath;
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return {
        pointer: `${at}/${pointerPart(String(p.missingProperty))}`,
        code: 'specRequired',
        params: { field: String(p.missingProperty) },
      };
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const field = String(p.additionalProperty ?? p.unevaluatedProperty);
      return { pointer: `${at}/${pointerPart(field)}`, code: 'specNotAllowed', params: { field } };
    }
    case 'type':
      return { pointer: at, code: 'specExpected', params: { expected: Array.isArray(p.type) ? p.type.join(' | ') : String(p.type) } };
    case 'enum':
      return { pointer: at, code: 'specExpected', params: { expected: quoted(Array.isArray(p.allowedValues) ? p.allowedValues : []) } };
    case 'const':
      return { pointer: at, code: 'specExpected', params: { expected: quoted([p.allowedValue]) } };
    case 'format':
      return { pointer: at, code: 'specExpected', params: { expected: String(p.format) } };
    case 'pattern':
      return { pointer: at, code: 'specExpected', params: { expected: `/${String(p.pattern)}/` } };
    default:
      // The rarer rules (minItems, uniqueItems, propertyNames…): the rule's name and its figures.
      return { pointer: at, code: 'invalidSpec', params: { detail: `${error.keyword} ${JSON.stringify(p)}` } };
  }
}

/** One warning per place and complaint (a value can fail the same rule through two paths of the schema). */
function dedupe(warnings: ImportWarning[]): ImportWarning[] {
  const seen = new Set<string>();
  return warnings.filter((w) => {
    const key = JSON.stringify([w.pointer, w.code, w.params]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
