/**
 * A pasted cURL command, as browsers' "copy as cURL" write it: bash quoting (curlconverter parses it with a real
 * bash grammar, so `$'...'` strings and line continuations read right) and Windows cmd quoting (`^` escapes and
 * continuations, double quotes), which is turned into bash words first. One HTTP API document comes out: method,
 * path, query, headers and body. curlconverter is large (a bash parser in WebAssembly): only this module loads
 * it, and the dispatcher loads this module only for a cURL command.
 */
import { toJsonObject } from 'curlconverter';
import type { ParamItem } from '../../schemas/document';
import { apiKey, DocumentList, finish, isMethod, prettyBody, row, rowsFromJsonText, RowIds } from '../build';
import { ImportRefusal } from '../parse';
import { emptyProject, type ImportResult, type ImportWarning } from '../types';

export const looksLikeCurl = (text: string) => /^\s*curl(\.exe)?\s/i.test(text);

/** Windows cmd's "copy as cURL": `^` continues lines and escapes characters; words follow the C runtime's rules. */
export const isWindowsCurl = (text: string) => /\^\s*\r?\n/.test(text) || /\^"/.test(text) || /^\s*curl\.exe\s/i.test(text);

/** cmd's layer: `^x` is a literal x, `^` before a line break joins the lines; inside double quotes `^` is itself. */
function cmdLine(text: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '^' && !quoted) {
      const next = text[i + 1];
      if (next === '\r' && text[i + 2] === '\n') i += 2;
      else if (next === '\n') i += 1;
      else if (next !== undefined) {
        out += next;
        i += 1;
      }
      continue;
    }
    if (c === '"') quoted = !quoted;
    out += c;
  }
  return out;
}

/** The C runtime's split of a command line into words: quotes group, `\"` is a quote, `""` inside quotes is one. */
export function windowsWords(text: string): string[] {
  const line = cmdLine(text);
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\') {
      let slashes = 0;
      while (line[i] === '\\') {
        slashes++;
        i++;
      }
      if (line[i] === '"') {
        // 2n backslashes and a quote: n backslashes, and the quote groups; 2n+1: n backslashes and a literal quote.
        word += '\\'.repeat(Math.floor(slashes / 2));
        if (slashes % 2) word += '"';
        else i--;
      } else {
        word += '\\'.repeat(slashes);
        i--;
      }
      inWord = true;
      continue;
    }
    if (c === '"') {
      if (quoted && line[i + 1] === '"') {
        word += '"';
        i++;
      } else quoted = !quoted;
      inWord = true;
      continue;
    }
    if (/\s/.test(c) && !quoted) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      continue;
    }
    word += c;
    inWord = true;
  }
  if (inWord) words.push(word);
  return words;
}

const bashWord = (w: string) => `'${w.replace(/'/g, `'\\''`)}'`;

/** The command as bash reads it: Windows words re-quoted for bash, `curl.exe` as `curl`. */
export function asBash(text: string): string {
  if (!isWindowsCurl(text)) return text;
  const [first, ...rest] = windowsWords(text);
  return [first?.replace(/\.exe$/i, ''), ...rest.map(bashWord)].join(' ');
}

interface CurlJson {
  url?: string;
  raw_url?: string;
  method?: string;
  headers?: Record<string, string | null>;
  queries?: Record<string, string | string[]>;
  data?: unknown;
  files?: Record<string, string>;
}

export function importCurl(text: string): ImportResult {
  const warnings: ImportWarning[] = [];
  let parsed: CurlJson;
  try {
    parsed = toJsonObject(asBash(text.trim()));
  } catch {
    throw new ImportRefusal('importInvalidType');
  }
  let url: URL;
  try {
    url = new URL(parsed.url ?? '');
  } catch {
    throw new ImportRefusal('importInvalidType');
  }
  const method = (parsed.method ?? 'get').toUpperCase();
  if (!isMethod(method)) throw new ImportRefusal('importInvalidType');
  const ids = new RowIds();
  const headers = Object.entries(parsed.headers ?? {})
    .filter(([name]) => !/^(cookie|content-length|host|accept-encoding|connection|sec-.*|priority)$/i.test(name))
    .map(([name, value]) => row(ids, name, 'string', { value: value ?? '' }));
  const query: ParamItem[] = [];
  for (const [name, value] of Object.entries(parsed.queries ?? {}))
    for (const v of Array.isArray(value) ? value.slice(0, 1) : [value]) query.push(row(ids, name, 'string', { value: v }));
  const contentType = Object.entries(parsed.headers ?? {}).find(([n]) => n.toLowerCase() === 'content-type')?.[1] ?? '';
  let requestType: 'json' | 'form' | 'form-data' | 'raw' | 'none' = 'none';
  let reqBody: ParamItem[] = [];
  let example = '';
  if (parsed.files && Object.keys(parsed.files).length) {
    requestType = 'form-data';
    reqBody = [
      ...Object.keys(parsed.files).map((name) => row(ids, name, 'file')),
      ...Object.entries(isRecord(parsed.data) ? parsed.data : {}).map(([name, v]) => row(ids, name, 'string', { value: String(v) })),
    ];
  } else if (parsed.data !== undefined) {
    const raw = typeof parsed.data === 'string' ? parsed.data : JSON.stringify(parsed.data);
    example = prettyBody(raw);
    if (/json/i.test(contentType ?? '') || (typeof parsed.data === 'object' && !/urlencoded/i.test(contentType ?? ''))) {
      requestType = 'json';
      reqBody = rowsFromJsonText(ids, raw) ?? [];
    } else if (isRecord(parsed.data) || /urlencoded/i.test(contentType ?? '') || !contentType) {
      requestType = 'form';
      const form = isRecord(parsed.data) ? Object.entries(parsed.data) : [...new URLSearchParams(raw)];
      reqBody = form.map(([name, v]) => row(ids, name, 'string', { value: String(v) }));
    } else requestType = 'raw';
  }
  const path = url.pathname || '/';
  const documents = new DocumentList(warnings);
  documents.add(
    finish(
      {
        key: apiKey(method, path),
        type: 'api',
        name: `${method} ${path}`,
        folder: [],
        content: {
          method,
          path,
          description: `${method} ${url.origin}${path}`,
          requestType,
          reqQuery: query,
          reqHeaders: headers,
          reqBody,
          reqExamples: example ? [{ name: '', value: example }] : [],
          servers: [{ url: url.origin, description: '' }],
        },
      },
      '',
      warnings,
    ),
    '',
  );
  return { format: 'curl', documents: documents.documents, warnings, project: emptyProject() };
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
