/** The writer of each export format: every format the API accepts has one (the type says so). */
import { writeApiloom } from './apiloom';
import { docxWriter } from './docx';
import { writeHtml } from './html';
import { writeMarkdown } from './markdown';
import { writeOpenApiJson, writeOpenApiYaml } from './openapi';
import { pdfWriter } from './pdf';
import { writePostman, writePostmanEnvironment } from './postman';
import type { ExportBody, ExportFormat, ExportWriter } from './types';

export const WRITERS: Record<ExportFormat, ExportWriter<ExportBody>> = {
  apiloom: writeApiloom,
  'openapi-json': writeOpenApiJson,
  'openapi-yaml': writeOpenApiYaml,
  postman: writePostman,
  'postman-environment': writePostmanEnvironment,
  markdown: writeMarkdown,
  html: writeHtml,
  pdf: pdfWriter,
  docx: docxWriter,
};
