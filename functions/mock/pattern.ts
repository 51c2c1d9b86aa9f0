/**
 * Strings that match a row's `pattern` (JSON Schema / OpenAPI: an ECMA-262 regular expression, matched anywhere in
 * the value), for the `auto` mock. randexp turns the pattern into a random string: it knows what faker's
 * `helpers.fromRegExp` does not (`\d`, `\w`, groups, alternation, anchors, escapes). Each value is checked against
 * the pattern before it is answered, on RE2's linear-time engine: a document's pattern is the caller's text, and the
 * mock origin must not spend exponential time on `^(a|a)*b` whatever a project saves. So patterns RE2 cannot run
 * (lookahead, lookbehind, backreferences) and patterns randexp gets wrong (`\p{L}`, an impossible `\b`) are not
 * used: the row answers with the value it would have without a pattern, never an error.
 */
import RandExp from 'randexp';
import { RE2JS } from 're2js';
import { toRe2Syntax } from './expectations';

/** Unbounded repeats (`*`, `+`, `{n,}`) add at most this many: `\d+` gives 1 to 9 digits. */
const UNBOUNDED_EXTRA = 8;
/** Values drawn per answer before giving up on the pattern (a `\b` or a class randexp reads differently may miss). */
const ATTEMPTS = 3;
/** Drawn at compile time: a pattern none of these match is one randexp cannot honour, and is not tried per request. */
const PROBES = 8;
/** Further values appended to reach a minLength: `[a-z]+` twice is still `[a-z]+`. */
const MAX_PADDING_DRAWS = 16;
/**
 * Longest value a pattern may make (`^.{0,5000}$` is a length rule people write), as a minLength is met up to this
 * many characters. RE2 refuses a repeat of more than 1,000 itself; repeats in a row (`[a-z]{1000}` eleven times) are
 * not used past this. Every answer's caps (nodes, time, output) still apply on top.
 */
const MAX_VALUE_CHARS = 10_000;

/**
 * A random integer from `low` to `high`, both included: the run's faker, so a seeded answer stays the same answer.
 */
export type RandomInt = (low: number, high: number) => number;

type SetToken = Parameters<RandExp['_expand']>[0];
type CharRange = ReturnType<RandExp['_expand']>;

/** A token of ret, randexp's parser, as far as measuring a value's length needs it (ret's `types` numbers). */
interface PatternToken {
  type: number;
  stack?: PatternToken[];
  options?: PatternToken[][];
  min?: number;
  max?: number;
  value?: unknown;
}
const TOKEN = { root: 0, group: 1, set: 3, range: 4, repetition: 5, reference: 6, char: 7 } as const;

/** The longest value `token` can make, unbounded repeats adding `unbounded` at most; a back reference counts 0. */
function longestOf(token: PatternToken, unbounded: number): number {
  const sum = (stack: PatternToken[]) => stack.reduce((total, inner) => total + longestOf(inner, unbounded), 0);
  switch (token.type) {
    case TOKEN.root:
    case TOKEN.group:
      return token.options ? Math.max(0, ...token.options.map(sum)) : sum(token.stack ?? []);
    case TOKEN.repetition: {
      const min = token.min ?? 0;
      const times = token.max === undefined || token.max === Infinity ? min + unbounded : token.max;
      return times * longestOf(token.value as PatternToken, unbounded);
    }
    case TOKEN.set:
    case TOKEN.range:
    case TOKEN.char:
      return 1;
    default:
      return 0;
  }
}

/** Printable characters beyond ASCII (no surrogate halves), for a class that has none in randexp's 32-126. */
const BEYOND_ASCII: [number, number][] = [
  [0xa0, 0xd7ff],
  [0xe000, 0xfffd],
];

const mathRandom: RandomInt = (low, high) => low + Math.floor(Math.random() * (1 + high - low));

/**
 * randexp with the run's random source, and classes that go beyond ASCII. randexp draws from printable ASCII only
 * (its `defaultRange`), so `[\u4e00-\u9fa5]` would come out empty; a class with nothing in ASCII is drawn from the
 * wider range instead, and one that has ASCII keeps to it (`\s` is a space, not U+2028). Expanded classes are kept:
 * randexp expands a class each time it draws from it, and a compiled pattern's tokens do not change.
 */
class SeededRandExp extends RandExp {
  random: RandomInt = mathRandom;
  private readonly expanded = new Map<SetToken, CharRange>();
  private wide: CharRange | undefined;

  /** The longest value this pattern makes (ret's tokens are randexp's own, parsed once in its constructor). */
  longest(): number {
    return longestOf((this as unknown as { tokens: PatternToken }).tokens, this.max);
  }

  override randInt(low: number, high: number): number {
    return this.random(low, high);
  }

  override _expand(token: SetToken): CharRange {
    let range = this.expanded.get(token);
    if (!range) {
      range = super._expand(token);
      if (range.length === 0 && 'set' in token) range = this.widened(token);
      this.expanded.set(token, range);
    }
    return range;
  }

  private widened(token: SetToken): CharRange {
    const ascii = this.defaultRange;
    if (!this.wide) {
      this.wide = ascii.clone();
      for (const [low, high] of BEYOND_ASCII) this.wide.add(low, high);
    }
    this.defaultRange = this.wide;
    try {
      // The class's own members were kept above (empty); expand them again against the wider range.
      return super._expand(token);
    } finally {
      this.defaultRange = ascii;
    }
  }
}

/**
 * The pattern as randexp's parser (ret) reads it: ret knows `\u` and `\x` escapes in upper-case hex only, so
 * `[\u4e00-\u9fa5]` would be the letters `u`, `4`, `e`...; `\u{4e00}` (the `u` flag's spelling) it does not know at
 * all. An escaped backslash stays as it is.
 */
const forRandExp = (pattern: string) =>
  pattern.replace(
    /\\\\|\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})|\\u\{([0-9a-fA-F]{1,4})\}/g,
    (whole, u?: string, x?: string, braced?: string) =>
      u ? `\\u${u.toUpperCase()}` : x ? `\\x${x.toUpperCase()}` : braced ? `\\u${braced.padStart(4, '0').toUpperCase()}` : whole,
  );

export interface LengthBounds {
  minLength?: number;
  maxLength?: number;
}

/** A row's pattern, compiled once per document revision; `generate` runs per answer. */
export interface CompiledPattern {
  /** Whether a value matches the pattern (anywhere in it, as JSON Schema's `pattern` does). */
  matches(value: string): boolean;
  /** A value that matches the pattern, within the lengths when one that does fits them; undefined when none came. */
  generate(random: RandomInt, lengths: LengthBounds): string | undefined;
}

/**
 * The pattern compiled for generation, or undefined when it cannot be honoured: it is not a JavaScript regular
 * expression, needs more than RE2 (lookaround, backreferences), or randexp's values do not match it.
 */
export function compilePattern(pattern: string): CompiledPattern | undefined {
  // A frontend checks with `new RegExp(pattern)`, Ajv with the `u` flag: either will do. RE2 refuses lookaround and
  // backreferences itself.
  if (!compilesInJs(pattern, '') && !compilesInJs(pattern, 'u')) return undefined;
  let checker: RE2JS;
  let generator: SeededRandExp;
  try {
    checker = RE2JS.compile(toRe2Syntax(pattern));
    generator = new SeededRandExp(forRandExp(pattern));
  } catch {
    return undefined;
  }
  generator.max = UNBOUNDED_EXTRA;
  if (generator.longest() > MAX_VALUE_CHARS) return undefined;
  const matches = (value: string) => checker.matcher(value).find();
  const draw = (random: RandomInt) => {
    generator.random = random;
    return generator.gen();
  };

  /** A value cut or padded (with further values of the pattern) to the lengths, if it then still matches. */
  const fitted = (value: string, random: RandomInt, { minLength, maxLength }: LengthBounds) => {
    let out = value;
    const short = Math.min(minLength ?? 0, MAX_VALUE_CHARS);
    for (let draws = 0; out.length < short && draws < MAX_PADDING_DRAWS; draws++) {
      const more = draw(random);
      if (more === '') break;
      out += more;
    }
    if (maxLength !== undefined && out.length > maxLength) out = out.slice(0, maxLength);
    return matches(out) ? out : undefined;
  };

  const drawMatching = (random: RandomInt, lengths: LengthBounds): string | undefined => {
    const bounded = lengths.minLength !== undefined || lengths.maxLength !== undefined;
    let matching: string | undefined;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const value = draw(random);
      if (!matches(value)) continue;
      if (!bounded) return value;
      const fit = fitted(value, random, lengths);
      if (fit !== undefined) return fit;
      // Matching the pattern matters more than the lengths: cut or padded, this one would not match.
      matching ??= value;
    }
    return matching;
  };

  try {
    if (!Array.from({ length: PROBES }, () => matches(draw(mathRandom))).some(Boolean)) return undefined;
  } catch {
    return undefined;
  }
  return {
    matches,
    generate(random, lengths) {
      try {
        return drawMatching(random, lengths);
      } catch {
        // Whatever randexp cannot make answers the row's usual value, never an error.
        return undefined;
      }
    },
  };
}

function compilesInJs(pattern: string, flags: string): boolean {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch {
    return false;
  }
}
