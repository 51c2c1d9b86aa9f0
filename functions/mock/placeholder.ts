/**
 * Mock.js placeholders (`@cname`, `@integer(1, 10)`, `@/user/id`) read in linear time and without `eval`.
 * Mock.js itself finds them with a regular expression that backtracks quadratically on long strings, and turns
 * their arguments into values with `eval`, which runs template text as code on the server: a template such as
 * `"@lower(process.env.SECRET)"` would hand out the function's credentials. This reads the same syntax with a
 * scanner and a parser for literals only.
 */

interface PlaceholderToken {
  /** Offsets of the whole token in the string (`start` is the `@`, or the first backslash before it). */
  start: number;
  end: number;
  /** A backslash before `@` keeps the token as text, as in Mock.js. */
  escaped: boolean;
  key: string;
  /** The text between the parentheses, when there are any. */
  params: string | undefined;
}

/** Characters that end a placeholder name, as in Mock.js's `[^@#%&()\?\s]`. */
const NAME_STOP = new Set(['@', '#', '%', '&', '(', ')', '?']);
const isNameChar = (ch: string) => !NAME_STOP.has(ch) && !/\s/.test(ch);

/**
 * Every placeholder of `text`, left to right. Parameters end at the first `)` on the same line, as Mock.js reads
 * them; the next `)` and line break are remembered so a long string is scanned once, not once per `@`.
 */
export function scanPlaceholders(text: string): PlaceholderToken[] {
  const tokens: PlaceholderToken[] = [];
  let nextClose = -2;
  let nextBreak = -2;
  let previousEnd = 0;
  let at = text.indexOf('@');
  while (at !== -1) {
    let start = at;
    while (start > previousEnd && text[start - 1] === '\\') start--;
    let end = at + 1;
    while (end < text.length && isNameChar(text[end]!)) end++;
    if (end === at + 1) {
      at = text.indexOf('@', at + 1);
      continue;
    }
    const key = text.slice(at + 1, end);
    let params: string | undefined;
    if (text[end] === '(') {
      if (nextClose !== -1 && nextClose <= end) nextClose = text.indexOf(')', end + 1);
      if (nextBreak !== -1 && nextBreak <= end) nextBreak = searchLineBreak(text, end + 1);
      if (nextClose !== -1 && (nextBreak === -1 || nextClose < nextBreak)) {
        params = text.slice(end + 1, nextClose);
        end = nextClose + 1;
      }
    }
    tokens.push({ start, end, escaped: start !== at, key, params });
    previousEnd = end;
    at = text.indexOf('@', end);
  }
  return tokens;
}

/** `.` in a JavaScript regular expression stops at these. */
function searchLineBreak(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n' || ch === '\r' || ch === '\u2028' || ch === '\u2029') return i;
  }
  return -1;
}

export type ParamValue = string | number | boolean | null | undefined | ParamValue[];

const MAX_PARAMS_CHARS = 2_000;
const MAX_ARRAY_DEPTH = 4;

/**
 * The arguments of `@name(...)`: numbers, quoted strings, booleans, null, undefined and arrays of those, the
 * literals Mock.js users write. Anything else is read the way Mock.js reads what its `eval` rejects: the text
 * split at commas, as strings (`@date(yyyy-MM-dd)`, `@pick(@first, @last)`).
 */
export function parsePlaceholderParams(params: string | undefined): ParamValue[] {
  if (params === undefined || params.trim() === '') return [];
  const text = params.slice(0, MAX_PARAMS_CHARS);
  const parsed = new LiteralReader(text).readList();
  return parsed ?? text.split(/,\s*/);
}

class LiteralReader {
  private pos = 0;
  constructor(private readonly text: string) {}

  readList(): ParamValue[] | undefined {
    const values = this.readItems('', 0);
    this.skipSpace();
    return values && this.pos === this.text.length ? values : undefined;
  }

  private readItems(close: '' | ']', depth: number): ParamValue[] | undefined {
    const values: ParamValue[] = [];
    this.skipSpace();
    if (close && this.text[this.pos] === close) return values;
    for (;;) {
      const value = this.readValue(depth);
      if (value === FAILED) return undefined;
      values.push(value);
      this.skipSpace();
      if (this.text[this.pos] !== ',') return values;
      this.pos++;
    }
  }

  private readValue(depth: number): ParamValue | typeof FAILED {
    this.skipSpace();
    const ch = this.text[this.pos];
    if (ch === '"' || ch === "'") return this.readString(ch);
    if (ch === '[') {
      if (depth >= MAX_ARRAY_DEPTH) return FAILED;
      this.pos++;
      const items = this.readItems(']', depth + 1);
      if (!items || this.text[this.pos] !== ']') return FAILED;
      this.pos++;
      return items;
    }
    const word = /^(?:true|false|null|undefined)\b/.exec(this.text.slice(this.pos, this.pos + 10))?.[0];
    if (word) {
      this.pos += word.length;
      return word === 'true' ? true : word === 'false' ? false : word === 'null' ? null : undefined;
    }
    const number = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.pos, this.pos + 40))?.[0];
    if (number) {
      this.pos += number.length;
      return Number(number);
    }
    return FAILED;
  }

  private readString(quote: string): string | typeof FAILED {
    let out = '';
    for (let i = this.pos + 1; i < this.text.length; i++) {
      const ch = this.text[i]!;
      if (ch === quote) {
        this.pos = i + 1;
        return out;
      }
      if (ch === '\\') {
        const next = this.text[++i];
        if (next === undefined) return FAILED;
        out += ESCAPES[next] ?? next;
      } else {
        out += ch;
      }
    }
    return FAILED;
  }

  private skipSpace() {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos++;
  }
}

const FAILED = Symbol('failed');
const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' };
