/**
 * One entry for every import, used alike by the browser preview (a Web Worker) and the import job: the format
 * detected from the content (the file name only breaks ties), the file read under the size, depth and expansion
 * caps, and the format's importer run. Anything that is none of the formats is refused with the spec's "invalid
 * type" message. cURL's parser is large and loads only when the input is a cURL command.
 */
import { isApiloomFile, importApiloom } from './apiloom';
import { importHar, isHar } from './har';
import { importOpenApi, isOpenApi, type OpenApiOptions } from './openapi';
import { checkSize, parseStructured } from './parse';
import { importPostmanCollection, importPostmanEnvironment, isPostmanCollection, isPostmanEnvironment } from './postman';
import { importRap2, isRap2 } from './rap2';
import { importShowdoc, isZip } from './showdoc';
import { refusalOf } from './syntax';
import type { ImportFormat, ImportResult } from './types';
import { importXiaoyaoji, isXiaoyaoji1, isXiaoyaoji2 } from './xiaoyaoji';
import { importYapi, isYapi } from './yapi';

export * from './types';
export { ImportRefusal, IMPORT_MAX_BYTES } from './parse';

export interface ImportInput {
  /** The file's bytes (an upload), or its text (a paste). */
  bytes?: Uint8Array;
  text?: string;
  /** The file name, a hint when the content could be read two ways. */
  name?: string;
}

const STRUCTURED: { format: ImportFormat; test: (v: unknown) => boolean }[] = [
  { format: 'apiloom', test: isApiloomFile },
  { format: 'openapi', test: isOpenApi },
  { format: 'postman', test: isPostmanCollection },
  { format: 'postman-environment', test: isPostmanEnvironment },
  { format: 'har', test: isHar },
  { format: 'xiaoyaoji', test: (v) => isXiaoyaoji2(v) || isXiaoyaoji1(v) },
  { format: 'rap2', test: isRap2 },
  { format: 'yapi', test: isYapi },
];

const looksLikeCurl = (text: string) => /^\s*curl(\.exe)?\s/i.test(text);

export interface Detected {
  format: ImportFormat;
  /** The parsed file, for the structured formats. */
  value?: unknown;
  text?: string;
  bytes?: Uint8Array;
}

/** The format of an input, or an ImportRefusal (too large, too deep, an alias bomb, a JSON or YAML syntax error, or none of the formats). */
export function detectFormat(input: ImportInput): Detected {
  const size = input.bytes?.length ?? input.text?.length ?? 0;
  checkSize(size);
  if (input.bytes && isZip(input.bytes)) return { format: 'showdoc', bytes: input.bytes };
  const text = input.text ?? new TextDecoder('utf-8', { fatal: false }).decode(input.bytes ?? new Uint8Array()).replace(/^\uFEFF/, '');
  if (looksLikeCurl(text)) return { format: 'curl', text };
  const value = parseStructured(text);
  const matches = STRUCTURED.filter((f) => f.test(value)).map((f) => f.format);
  if (!matches.length) throw refusalOf(text, input.name);
  const hinted = matches.find((f) => nameSuggests(input.name ?? '', f));
  return { format: hinted ?? matches[0]!, value };
}

const nameSuggests = (name: string, format: ImportFormat) =>
  ({
    har: /\.har$/i,
    xiaoyaoji: /\.mjson$/i,
    'postman-environment': /environment/i,
    postman: /postman|collection/i,
    openapi: /openapi|swagger/i,
  })[format as string]?.test(name) ?? false;

/** Detects, reads and maps an input: what the preview shows and the job writes. */
export async function importInput(input: ImportInput, options: OpenApiOptions = {}): Promise<ImportResult> {
  const detected = detectFormat(input);
  return importDetected(detected, options);
}

/** Reads a detected input. Its parsed value is the importer's from here on (it may be changed): detect again to read it twice. */
export async function importDetected(detected: Detected, options: OpenApiOptions = {}): Promise<ImportResult> {
  switch (detected.format) {
    case 'showdoc':
      return importShowdoc(detected.bytes!);
    case 'curl': {
      const { importCurl } = await import('./curl');
      return importCurl(detected.text!);
    }
    case 'openapi':
      return importOpenApi(detected.value, { ...options, ownSource: true });
    case 'postman':
      return importPostmanCollection(detected.value);
    case 'postman-environment':
      return importPostmanEnvironment(detected.value);
    case 'har':
      return importHar(detected.value);
    case 'yapi':
      return importYapi(detected.value);
    case 'rap2':
      return importRap2(detected.value);
    case 'xiaoyaoji':
      return importXiaoyaoji(detected.value);
    case 'apiloom':
      return importApiloom(detected.value);
  }
}
