/**
 * What can go wrong while making a mock answer. The server turns each kind into a clear JSON error for the
 * caller; none carries a host stack or path, only messages written for the person who saved the mock.
 */
/**
 * `disabled`: the document's mock is off. `busy`: the project's line of scripts (or every line together) is full
 * (SANDBOX_FAIRNESS); the server answers 429.
 */
type MockErrorKind = 'disabled' | 'busy' | 'invalid_template' | 'output_too_large' | 'timeout' | 'memory' | 'script_error' | 'bad_response';

export interface MockError {
  kind: MockErrorKind;
  message: string;
  /** Line of the script (1-based) where a script error was raised, when QuickJS reports one. */
  line?: number;
}

export type MockResult<T> = { ok: true; value: T } | { ok: false; error: MockError };

export const mockOk = <T>(value: T): MockResult<T> => ({ ok: true, value });
export const mockFail = (kind: MockErrorKind, message: string, line?: number): { ok: false; error: MockError } => ({
  ok: false,
  error: line === undefined ? { kind, message } : { kind, message, line },
});

/**
 * Thrown inside a render to unwind Mock.js or the generator from any depth; caught at the entry point and
 * returned as a result, so callers never see an exception.
 */
export class MockAbort extends Error {
  constructor(
    readonly kind: MockErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'MockAbort';
  }
}
