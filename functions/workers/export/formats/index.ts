/**
 * The writers this worker has, by format. A format listed in EXPORT_FORMATS without a writer here is answered by
 * the job as "not available" (exportFormatUnavailable): the print branch's PDF and Word writers are two entries.
 */
import { writeApiloom } from './apiloom';
import { writeMarkdown } from './markdown';
import { writeOpenApiJson, writeOpenApiYaml } from './openapi';
import { writePostman, writePostmanEnvironment } from './postman';
import type { ExportFormat, ExportWriter } from './types';

export const WRITERS: Partial<Record<ExportFormat, ExportWriter>> = {
  apiloom: writeApiloom,
  'openapi-json': writeOpenApiJson,
  'openapi-yaml': writeOpenApiYaml,
  postman: writePostman,
  'postman-environment': writePostmanEnvironment,
  markdown: writeMarkdown,
};
