/**
 * The start of a JSON text indented by two spaces, as `JSON.stringify(JSON.parse(text), null, 2)` would begin, in
 * time that grows with the start only: a 1 MB body's first screen without parsing and re-printing the megabyte on
 * the page's thread (issue 39). Strings and numbers are copied as written; the text is not checked (a text that is
 * not JSON is indented as far as its brackets say). Stops once `limit` characters are written.
 */
export function jsonHead(text: string, limit: number): string {
  let out = '';
  let indent = 0;
  let i = 0;
  const newline = () => '\n' + '  '.repeat(indent);
  while (i < text.length && out.length < limit) {
    const c = text[i]!;
    if (c === '"') {
      // A string, escapes and all, up to its closing quote.
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out += text.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    i++;
    if (c === '{' || c === '[') {
      // An empty object or array stays on its line: `{}`, `[]`.
      let next = i;
      while (next < text.length && /\s/.test(text[next]!)) next++;
      if (text[next] === (c === '{' ? '}' : ']')) {
        out += c + text[next];
        i = next + 1;
        continue;
      }
      indent++;
      out += c + newline();
    } else if (c === '}' || c === ']') {
      indent = Math.max(0, indent - 1);
      out += newline() + c;
    } else if (c === ',') out += ',' + newline();
    else if (c === ':') out += ': ';
    else if (!/\s/.test(c)) out += c;
  }
  return out;
}
