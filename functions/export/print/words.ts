/**
 * The words the print writers (PDF, Word) add around a project's own text, in the export's language (zh default,
 * en). They live with the export worker, not in the shared catalogue every API function carries.
 */
import type { Locale } from '../../../shared/constants';

const zh = {
  toc: '目录',
  exportedAt: '导出时间',
  pageOf: (n: number, m: number) => `第 ${n} 页，共 ${m} 页`,
  /** The footer's words around the page number and the page count, for formats that number pages as fields (Word). */
  pageOfParts: ['第 ', ' 页，共 ', ' 页'] as [string, string, string],
  method: '请求方法',
  path: '接口路径',
  status: { developing: '开发中', completed: '已完成', deprecated: '已废弃', failed: '有问题' } as Record<string, string>,
  reqHeaders: '请求头',
  reqPath: '路径参数',
  reqQuery: 'Query 参数',
  reqBody: '请求体',
  reqExample: '请求示例',
  response: '响应',
  respHeaders: '响应头',
  respBody: '响应数据',
  respExample: '响应示例',
  param: { name: '参数名', type: '类型', required: '必填', example: '示例', description: '说明' },
  yes: '是',
  no: '否',
  root: '（根）',
  modelName: '模型名称',
  modelSchema: '模型结构',
  errorcode: { code: '错误码', message: '错误信息', description: '说明' },
  embed: '嵌入页面',
  link: '外部链接',
  image: '图片',
  /** The line an image the file cannot hold (GIF, WebP) prints instead: its name and its type. */
  imagePlaceholder: (name: string, type: string) => `[图片：${name}（${type}）]`,
};
export type PrintWords = typeof zh;

const en: PrintWords = {
  toc: 'Contents',
  exportedAt: 'Exported',
  pageOf: (n, m) => `Page ${n} of ${m}`,
  pageOfParts: ['Page ', ' of ', ''],
  method: 'Method',
  path: 'Path',
  status: { developing: 'In development', completed: 'Completed', deprecated: 'Deprecated', failed: 'Has problems' },
  reqHeaders: 'Request headers',
  reqPath: 'Path parameters',
  reqQuery: 'Query parameters',
  reqBody: 'Request body',
  reqExample: 'Request example',
  response: 'Response',
  respHeaders: 'Response headers',
  respBody: 'Response body',
  respExample: 'Response example',
  param: { name: 'Name', type: 'Type', required: 'Required', example: 'Example', description: 'Description' },
  yes: 'Yes',
  no: 'No',
  root: '(root)',
  modelName: 'Model name',
  modelSchema: 'Schema',
  errorcode: { code: 'Code', message: 'Message', description: 'Description' },
  embed: 'Embedded page',
  link: 'External link',
  image: 'Image',
  imagePlaceholder: (name, type) => `[Image: ${name} (${type})]`,
};

export const printWords = (language: Locale): PrintWords => (language === 'en' ? en : zh);
