/**
 * Code snippets of the runner's current request (issue 24): curl, fetch, axios, Python requests, Go and Java OkHttp,
 * written by `@readme/httpsnippet` from the request as it would be sent (variables already substituted). The
 * library loads on the first snippet, in a chunk of its own.
 *
 * Its curl target is made safe to paste: a JSON body with a quote in it goes through a here-document, which the
 * library leaves unquoted (`<<EOF`), so a `$HOME`, a `$(...)` or a backtick in the body would be expanded by the
 * shell: the delimiter is quoted here. It also writes a form's file field as `name='@file'` with the name bare:
 * that field is quoted whole here.
 */
import type * as HttpSnippetModule from '@readme/httpsnippet';
import type { RunRequest } from '@shared/schemas/runner';

const TARGETS = {
  curl: ['shell', 'curl'],
  fetch: ['javascript', 'fetch'],
  axios: ['javascript', 'axios'],
  python: ['python', 'requests'],
  go: ['go', 'native'],
  'java-okhttp': ['java', 'okhttp'],
} as const;

export type SnippetTarget = keyof typeof TARGETS;
export const SNIPPET_TARGETS = Object.keys(TARGETS) as SnippetTarget[];

let library: Promise<typeof HttpSnippetModule> | undefined;
const loadLibrary = () =>
  (library ??= import('@readme/httpsnippet').catch((error: unknown) => {
    library = undefined;
    throw error;
  }));

interface HarParam {
  name: string;
  value?: string;
  fileName?: string;
  contentType?: string;
}

interface HarPostData {
  mimeType: string;
  text?: string;
  params?: HarParam[];
}

const headerValue = (req: RunRequest, name: string) => req.headers.find((h) => h.name.toLowerCase() === name)?.value;

const decodeBase64 = (base64: string) => new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));

function postData(req: RunRequest): HarPostData | undefined {
  const mimeType = (headerValue(req, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const body = req.body;
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'form':
      return {
        mimeType: 'multipart/form-data',
        params: body.fields.map((field) =>
          'file' in field
            ? { name: field.name, fileName: field.file.fileName, contentType: field.file.contentType }
            : { name: field.name, value: field.value },
        ),
      };
    case 'base64':
      return { mimeType: mimeType || 'application/octet-stream', text: decodeBase64(body.base64) };
    case 'text':
      // The library writes an urlencoded body from its params only (a text alone comes out empty).
      if (mimeType === 'application/x-www-form-urlencoded')
        return { mimeType, params: [...new URLSearchParams(body.text)].map(([name, value]) => ({ name, value })) };
      return { mimeType: mimeType || 'text/plain', text: body.text };
  }
}

const shellQuote = (value: string) => `'${value.replace(/'/g, "'\\''")}'`;

function hardenCurl(code: string, data: HarPostData | undefined): string {
  let safe = code.replace(/@- <<EOF\n/g, "@- <<'EOF'\n");
  for (const param of data?.params ?? []) {
    if (param.fileName === undefined) continue;
    safe = safe.replace(`--form ${param.name}='@${param.fileName}'`, () => `--form ${shellQuote(`${param.name}=@${param.fileName}`)}`);
  }
  return safe;
}

/** The request as code for `target`. */
export async function toSnippet(req: RunRequest, target: SnippetTarget): Promise<string> {
  const { HTTPSnippet } = await loadLibrary();
  const data = postData(req);
  const har = {
    method: req.method,
    url: req.url,
    httpVersion: 'HTTP/1.1',
    headers: req.headers.map((h) => ({ name: h.name, value: h.value })),
    queryString: [],
    cookies: [],
    headersSize: -1,
    bodySize: -1,
    ...(data ? { postData: data } : {}),
  };
  const [targetId, clientId] = TARGETS[target];
  const [code] = new HTTPSnippet(har as ConstructorParameters<typeof HTTPSnippet>[0]).convert(targetId, clientId);
  if (typeof code !== 'string') throw new Error(`no ${target} snippet for this request`);
  return target === 'curl' ? hardenCurl(code, data) : code;
}
