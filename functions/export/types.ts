/**
 * The contract every export format implements (issue 23). The export job reads the project (its live tree, chosen
 * documents or a release) into Apiloom's own versioned project file, the one content model imports and exports
 * share, and hands it to the format's writer. A writer is a pure function of that file and these options: it
 * fetches nothing and reads no local file; images come only through `readImage`, which the job answers from the
 * project's own files.
 */
import type { ApiloomFile } from '../../shared/import/apiloom';
import type { Locale } from '../../shared/constants';
import type { ExportOmission } from '../../shared/export-omissions';

// The list lives with the route's schema (shared/schemas/export.ts), which the web app and the API read too.
export { EXPORT_FORMATS, type ExportFormat } from '../../shared/schemas/export';

export interface ExportImage {
  bytes: Uint8Array;
  /** image/png, image/jpeg, image/gif or image/webp. */
  contentType: string;
}

export interface ExportOptions {
  /** The language of the words the writer adds (headings, table headers, page footers); content stays as written. */
  language: Locale;
  /** Serial number labels by node id (shared/serial-numbers.ts), '' when the project numbers nothing. */
  serials: ReadonlyMap<string, string>;
  /** When the export was made (ISO 8601), for covers and indexes; passed in so that writers stay deterministic. */
  exportedAt: string;
  /**
   * The bytes of an image a document shows, when `src` names one of the project's own files; undefined for
   * anything else (outside URLs, data the job will not read), which the writer leaves out or shows as a link.
   */
  readImage(src: string): Promise<ExportImage | undefined>;
}

/**
 * An export's file: whole (the text formats), or in pieces as the writer makes them (Word and PDF, whose files over a
 * whole project run to tens of MB): the job stores the pieces as they come, so no export ever holds its whole file.
 */
export type ExportBody = Uint8Array | AsyncIterable<Uint8Array>;

export interface ExportOutput<Body extends ExportBody = ExportBody> {
  body: Body;
  contentType: string;
  /** The file name's extension, without the dot: json, yaml, zip, html, pdf, docx. */
  extension: string;
  /** What the format could not hold and the writer left out (the export's report). */
  omissions?: ExportOmission[];
}

/** A writer, of a whole file by default or (`ExportWriter<AsyncIterable<Uint8Array>>`) of a file in pieces. */
export type ExportWriter<Body extends ExportBody = Uint8Array> = (file: ApiloomFile, options: ExportOptions) => Promise<ExportOutput<Body>>;

/** The file of an export, whole: its body as it is, or its pieces joined (tests, benches, small files). */
export async function wholeBody(output: ExportOutput): Promise<Uint8Array> {
  if (output.body instanceof Uint8Array) return output.body;
  const pieces: Uint8Array[] = [];
  for await (const piece of output.body) pieces.push(piece);
  const whole = Buffer.concat(pieces);
  return new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength);
}
