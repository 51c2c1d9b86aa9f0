import type { exportsZh } from './exports.zh';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** English texts of the export page: the same keys as exports.zh.ts, checked by the type. */
export const exportsEn: Texts<typeof exportsZh> = {
  title: 'Export',
  lead: 'Export the project as a file other tools read, or keep it as a backup. The file stays on the server for a day.',
  format: 'Format',
  formats: {
    apiloom: {
      name: 'Apiloom project file',
      holds: 'Lossless: every document, data model and environment (no secret values); imports as a new project',
    },
    'openapi-json': {
      name: 'OpenAPI 3.1 (JSON)',
      holds: 'APIs, data models (components.schemas), responses per status with examples, servers',
    },
    'openapi-yaml': { name: 'OpenAPI 3.1 (YAML)', holds: 'The same as the JSON, in YAML' },
    postman: {
      name: 'Postman collection 2.1',
      holds: 'Requests in folders from the tree, {{variable}} variables kept, responses as examples',
    },
    'postman-environment': { name: 'Postman environment', holds: "The project's environment variables, secret values blank" },
    markdown: { name: 'Markdown (zip)', holds: 'One file per document in the folder tree, with an index' },
    html: { name: 'HTML (one file)', holds: 'A page that opens offline: the tree, search and every kind of document' },
    pdf: { name: 'PDF', holds: 'A cover, a table of contents with page numbers, parameter tables; Chinese set properly, for print' },
    docx: { name: 'Word (.docx)', holds: 'Real headings, tables and lists, to edit further' },
  },
  scope: 'Scope',
  scopes: { whole: 'Whole project', share: 'Everything in this share', chosen: 'Chosen documents', release: 'A released version' },
  chooseDocuments: 'Choose the documents to export (a folder brings everything under it)',
  chooseRelease: 'Choose a version',
  noReleases: 'This project has no released version yet',
  language: 'Document language',
  languageHint: 'The language of headings, table headers and page footers in PDF and Word',
  languages: { zh: '中文', en: 'English' },
  start: 'Export',
  states: { queued: 'Queued…', running: 'Exporting…', done: 'Export done', failed: 'Export failed' },
  progressOf: ' ({{done}}/{{total}})',
  progress: 'Export progress',
  download: 'Download {{name}}',
  size: 'Size {{size}}',
  expires: 'The download link works for a few minutes; the file is kept for a day, then export again.',
  failed: 'The export failed: {{message}}',
  leavesOut: {
    postman:
      'Left out: request body field definitions (one example is written), request examples past the first, 4XX and default responses (saved as 400 and 200), data models and pages',
  },
  leftOut: 'Left out of this file ({{count}})',
  leftOutKinds: {
    rangeStatus: 'status ranges',
    requestExamples: 'request examples',
    bodyFields: 'body field definitions',
    models: 'data models',
    pages: 'pages',
  },
  again: 'Export again',
  needDocuments: 'Choose at least one document',
  needRelease: 'Choose a version',
};
