/** The OpenAPI 3.1 schema check compiled ahead of time (scripts/openapi-validator.ts writes the code beside this). */
export interface SchemaError {
  /** JSON pointer of the value that failed. */
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}
export interface CompiledValidator {
  (value: unknown): boolean;
  /** The errors of the last call, or null when it passed. */
  errors?: SchemaError[] | null;
}
export declare const validate: CompiledValidator;
export default validate;
