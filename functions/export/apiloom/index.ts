/**
 * Apiloom's own project file (issue 23): the file the export read, as it is, in JSON with its version marker. It
 * is the format the importer reads back (shared/import/apiloom), so it is lossless by construction: every node
 * with its stored, versioned content, the project's servers, security and environments (secret values blank).
 */
import { apiloomFile } from '../../../shared/import/apiloom';
import type { ExportWriter } from '../types';

export const writeApiloom: ExportWriter = async (file) => ({
  body: new TextEncoder().encode(JSON.stringify(apiloomFile.write(file))),
  contentType: 'application/json',
  extension: 'json',
});
