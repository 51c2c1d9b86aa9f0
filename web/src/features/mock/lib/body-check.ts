/**
 * What is wrong with a mock body before it is saved, with where: the editor marks it, and the panel says it in
 * words under the editor. JSON and Mock.js templates must parse (the server refuses them otherwise with the
 * spec's messages); scripts must at least be valid JavaScript. Everything here only parses text: a user's script
 * is never run in the page (nor compiled with `new Function`, which the page's CSP forbids anyway).
 */
// The Lezer parsers alone, not CodeMirror's language packages: the panel checks bodies without loading the editor.
import { parser as javascriptParser } from '@lezer/javascript';
import { parser as jsonParser } from '@lezer/json';
import { isJsonText, isMockTemplateText } from '@shared/schemas/mock';

type Tree = ReturnType<typeof jsonParser.parse>;

export type BodyKind = 'static' | 'template' | 'script';

/** A problem at `from..to` of the text; `message` is a message key (`v.mockJson`). */
export interface BodyProblem {
  from: number;
  to: number;
  message: 'v.mockJson' | 'v.mockTemplate' | 'mock.problems.script' | 'mock.problems.regex';
  /** The engine's own words, where there are any (a regular expression's error). */
  detail?: string;
}

/** Line and column, both from 1, of an offset into `text`. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/** Where the parser first gave up: the first error node of the tree, if any. */
function firstError(tree: Tree): number | undefined {
  let at: number | undefined;
  tree.iterate({
    enter: (node) => {
      if (at !== undefined) return false;
      if (node.type.isError) at = node.from;
      return undefined;
    },
  });
  return at;
}

/** JSON.parse says where in some engines ("at position 12"); Lezer's JSON parser says it in all of them. */
function jsonErrorAt(text: string): number {
  const fromTree = firstError(jsonParser.parse(text));
  if (fromTree !== undefined) return fromTree;
  try {
    JSON.parse(text);
  } catch (error) {
    const position = /at position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
    if (position !== undefined) return Number(position);
  }
  return 0;
}

const around = (text: string, at: number): Pick<BodyProblem, 'from' | 'to'> => {
  const from = Math.max(0, Math.min(at, text.length));
  return { from, to: Math.min(text.length, from + 1) };
};

/**
 * A script is the body of an async function on the server (functions/mock/sandbox-prelude.ts). Lezer's JavaScript
 * grammar takes `return` and `await` at the top level, so the text parses as it is and positions need no
 * shifting; what a function body may not hold (module imports and exports) is refused by name.
 */
const NOT_IN_A_FUNCTION = new Set(['ImportDeclaration', 'ExportDeclaration']);

function scriptProblems(text: string): BodyProblem[] {
  const tree = javascriptParser.parse(text);
  const at = firstError(tree);
  if (at !== undefined) return [{ ...around(text, at), message: 'mock.problems.script' }];
  const problems: BodyProblem[] = [];
  tree.iterate({
    enter: (node) => {
      if (NOT_IN_A_FUNCTION.has(node.name)) {
        problems.push({ from: node.from, to: node.to, message: 'mock.problems.script' });
        return false;
      }
      // Regular expression literals parse as one token: whether their pattern is valid is checked by building them.
      if (node.name !== 'RegExp') return undefined;
      const literal = text.slice(node.from, node.to);
      const close = literal.lastIndexOf('/');
      try {
        new RegExp(literal.slice(1, close), literal.slice(close + 1));
      } catch (error) {
        problems.push({
          from: node.from,
          to: node.to,
          message: 'mock.problems.regex',
          detail: error instanceof Error ? error.message : undefined,
        });
      }
      return undefined;
    },
  });
  return problems;
}

/** The problems of a body of the given kind; none means the server will take it (as far as the page can tell). */
export function bodyProblems(kind: BodyKind, text: string): BodyProblem[] {
  switch (kind) {
    case 'static':
      return isJsonText(text) ? [] : [{ ...around(text, jsonErrorAt(text)), message: 'v.mockJson' }];
    case 'template':
      if (isMockTemplateText(text)) return [];
      // Valid JSON that is not a template (a number, a string, `__proto__` fields) is wrong as a whole.
      return [
        isJsonText(text)
          ? { from: 0, to: text.length, message: 'v.mockTemplate' }
          : { ...around(text, jsonErrorAt(text)), message: 'v.mockTemplate' },
      ];
    case 'script':
      return scriptProblems(text);
  }
}
