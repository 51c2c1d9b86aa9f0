/**
 * What an export format cannot hold, said rather than silently dropped (issue 39): the writer lists what it left
 * out of which document, the export job keeps the counts and the first entries, and the export page shows them in
 * the reader's language, as it shows beforehand what the chosen format never holds.
 */
import type { Locale } from './constants';

export const OMISSION_KINDS = [
  /** A range (`4XX`) or `default` response: Postman saves responses under a single status code. */
  'rangeStatus',
  /** Request examples past the first: a Postman request has one body. */
  'requestExamples',
  /** The request body's field definitions (types, required, descriptions, constraints): Postman keeps one example. */
  'bodyFields',
  /** Data models: a collection has no place for them. */
  'models',
  /** Pages, rich text, error-code tables, embeds and links: not requests. */
  'pages',
] as const;
export type OmissionKind = (typeof OMISSION_KINDS)[number];

export interface ExportOmission {
  kind: OmissionKind;
  /** The document's name, as the tree shows it. */
  document: string;
  /** What of it: a status, an example's name, a count. */
  detail?: string;
}

const zh: Record<OmissionKind, string> = {
  rangeStatus: '响应 {{detail}} 不是单个状态码，Postman 只能按 {{code}} 保存',
  requestExamples: '请求示例只保留第一个，其余 {{detail}} 个未导出',
  bodyFields: '请求体字段的定义（类型、必填、说明、约束共 {{detail}} 个字段）未导出，只导出一个示例',
  models: '数据模型未导出（Postman 集合没有数据模型）',
  pages: '非接口文档未导出（Postman 集合只有请求）',
};
const en: typeof zh = {
  rangeStatus: 'Response {{detail}} is not one status code: Postman saves it as {{code}}',
  requestExamples: 'Only the first request example is kept: {{detail}} more left out',
  bodyFields:
    'The definitions of {{detail}} request body fields (types, required, descriptions, constraints) are left out: one example is written',
  models: 'Data model left out (a Postman collection has no models)',
  pages: 'Not an API: left out (a Postman collection holds requests only)',
};
export const OMISSION_TEXTS: Record<Locale, Record<OmissionKind, string>> = { zh, en };

/** The status code Postman saves a range or `default` response under. */
export const postmanCode = (status: string) =>
  /^\d{3}$/.test(status) ? Number(status) : status === 'default' ? 200 : Number(status[0]) * 100;

export const omissionText = (locale: Locale, o: ExportOmission) =>
  OMISSION_TEXTS[locale][o.kind]
    .replace('{{detail}}', o.detail ?? '')
    .replace('{{code}}', o.kind === 'rangeStatus' ? String(postmanCode(o.detail ?? '')) : '');
