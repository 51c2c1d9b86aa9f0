/**
 * Where a file that is meant to be JSON or YAML stops being so, for the refusal a person can fix: "a JSON syntax
 * error at line 12, column 5", not "invalid type". Only read once a file is refused (no format matched), so an
 * importable file pays nothing for it.
 *
 * JSON's position is found by a scanner of our own: the engines' `JSON.parse` messages differ (Chromium names the
 * line and column, Node 20 only quotes the text), and the preview runs in one and the job in the other.
 */
import { load, type YAMLException } from 'js-yaml';
import { ImportRefusal } from './parse';

export interface FileSyntaxError {
  format: 'JSON' | 'YAML';
  /** 1-based, in characters. */
  line: number;
  column: number;
}

/** Line and column (1-based) of an offset into a text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++)
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  return { line, column: offset - lineStart + 1 };
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/**
 * The offset of the first character that makes a text not JSON (the text's length when it ends too early), or
 * undefined when it is JSON. Iterative, so a deeply nested file cannot exhaust the stack.
 */
export function jsonErrorOffset(text: string): number | undefined {
  const n = text.length;
  let i = 0;
  const skipSpace = () => {
    while (i < n && WHITESPACE.has(text.charCodeAt(i))) i++;
  };
  /** Past a string starting at i; false where it breaks (i then points at the fault). */
  const string = (): boolean => {
    i++;
    while (i < n) {
      const c = text[i]!;
      if (c === '"') {
        i++;
        return true;
      }
      if (c.charCodeAt(0) < 0x20) return false;
      if (c === '\\') {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return false;
          i += 6;
          continue;
        }
        if (next === undefined || !ESCAPES.has(next)) {
          i++;
          return false;
        }
        i += 2;
        continue;
      }
      i++;
    }
    return false;
  };
  const containers: string[] = [];
  type Want = 'value' | 'valueOrEnd' | 'key' | 'keyOrEnd' | 'after';
  let want: Want = 'value';
  for (;;) {
    skipSpace();
    if (i >= n) return want === 'after' && !containers.length ? undefined : n;
    const c = text[i]!;
    switch (want) {
      case 'valueOrEnd':
      case 'value':
        if (want === 'valueOrEnd' && c === ']') {
          containers.pop();
          i++;
          want = 'after';
        } else if (c === '{') {
          containers.push('}');
          i++;
          want = 'keyOrEnd';
        } else if (c === '[') {
          containers.push(']');
          i++;
          want = 'valueOrEnd';
        } else if (c === '"') {
          if (!string()) return i;
          want = 'after';
        } else {
          const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, i));
          if (literal) i += literal.length;
          else {
            NUMBER.lastIndex = i;
            const number = NUMBER.exec(text);
            if (!number) return i;
            i += number[0].length;
          }
          want = 'after';
        }
        break;
      case 'keyOrEnd':
      case 'key':
        if (want === 'keyOrEnd' && c === '}') {
          containers.pop();
          i++;
          want = 'after';
          break;
        }
        if (c !== '"' || !string()) return i;
        skipSpace();
        if (text[i] !== ':') return i;
        i++;
        want = 'value';
        break;
      case 'after': {
        const closing = containers[containers.length - 1];
        if (!closing) return i;
        if (c === ',') {
          i++;
          want = closing === '}' ? 'key' : 'value';
        } else if (c === closing) {
          containers.pop();
          i++;
        } else return i;
        break;
      }
    }
  }
}

const looksLikeJson = (text: string, name: string) => /^\s*[[{]/.test(text) || /\.json$/i.test(name);
/** A YAML file by its name, or by a first line that is a YAML key or document start (not any text at all). */
const looksLikeYaml = (text: string, name: string) =>
  /\.ya?ml$/i.test(name) || /^(?:\s*#.*\n)*\s*(?:---|[\w"'$.-][^:\n]*:(?:\s|$))/.test(text);

/** The syntax error of a file meant as JSON or YAML; undefined when it parses, or when it looks like neither. */
export function syntaxErrorOf(text: string, name = ''): FileSyntaxError | undefined {
  if (looksLikeJson(text, name)) {
    const offset = jsonErrorOffset(text);
    return offset === undefined ? undefined : { format: 'JSON', ...lineAndColumn(text, offset) };
  }
  if (!looksLikeYaml(text, name)) return undefined;
  const error = yamlError(text);
  return error && { format: 'YAML', line: error.line + 1, column: error.column + 1 };
}

function yamlError(text: string): { line: number; column: number } | undefined {
  try {
    load(text, { json: true });
    return undefined;
  } catch (error) {
    const mark = (error as YAMLException).mark as { line?: number; column?: number } | undefined;
    return typeof mark?.line === 'number' ? { line: mark.line, column: mark.column ?? 0 } : { line: 0, column: 0 };
  }
}

/** The refusal of a file no format matched: its syntax error when it has one, else "invalid type". */
export const refusalOf = (text: string, name = '') => {
  const error = syntaxErrorOf(text, name);
  return error ? new ImportRefusal('importSyntax', { ...error }) : new ImportRefusal('importInvalidType');
};
