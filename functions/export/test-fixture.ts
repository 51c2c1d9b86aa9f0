/**
 * The project file every writer's tests export (issue 23), built here rather than kept as a file: folders two
 * deep, every kind of document, Chinese and English text, HTTP APIs with nested parameters, several response
 * statuses with examples and every constraint a row keeps, compositions, and data models that refer to each
 * other in a cycle. Tests only: no writer imports it.
 */
import { APILOOM_FILE_KIND, type ApiloomFile } from '../../shared/import/apiloom';
import {
  contentSchemas,
  readContent,
  writeContent,
  type ApiContent,
  type DocumentType,
  type ParamItem,
  type TypedContent,
} from '../../shared/schemas/document';
import { paramRow } from '../../shared/schemas/param-row';
import type { ExportOptions } from './types';

const P = '0f8e2a44-1b1c-4c7e-9a55-3d2f6b7c8d9e';
export const FIXTURE_IDS = {
  users: `${P}_folderUsers`,
  admin: `${P}_folderAdmin`,
  getUser: `${P}_apiGetUser`,
  createUser: `${P}_apiCreateUser`,
  deleteUser: `${P}_apiDelUser`,
  userModel: `${P}_modelUser`,
  groupModel: `${P}_modelGroup`,
  guide: `${P}_docGuide`,
  rich: `${P}_richNotes`,
  errors: `${P}_errorCodes`,
  embed: `${P}_embedPage`,
  link: `${P}_linkSite`,
};
const I = FIXTURE_IDS;

let rowId = 0;
const row = (name: string, type: ParamItem['type'], extra: Partial<ParamItem> = {}): ParamItem =>
  paramRow(name, type, { id: `r${++rowId}`, ...extra });

const stored = (type: DocumentType, content: unknown) =>
  writeContent({ type, content: (contentSchemas[type] as { parse(v: unknown): unknown }).parse(content) } as TypedContent);

const node = (id: string, parentId: string, type: DocumentType, name: string, content: unknown = {}) => ({
  id,
  parentId,
  type,
  name,
  comment: '',
  content: stored(type, content),
});

/** A fresh copy of the fixture project (writers never change it; tests may). */
export function fixtureFile(): ApiloomFile {
  rowId = 0;
  const userRows = (): ParamItem[] => [
    row('id', 'int64', { required: true, value: '42', description: '用户编号 User id', minimum: 1 }),
    row('name', 'string', { required: true, value: '张三', minLength: 1, maxLength: 30, pattern: '^\\S+$' }),
    row('email', 'string', { format: 'email', nullable: true, value: 'zhang@example.com' }),
    row('role', 'string', { enum: ['admin', 'member'], default: 'member', value: 'member' }),
    row('score', 'number', { minimum: 0, maximum: 100, exclusiveMaximum: true, value: '99.5' }),
    row('legacyFlag', 'boolean', { deprecated: true }),
    row('address', 'object', {
      description: '地址',
      children: [
        row('city', 'string', { value: '北京' }),
        row('geo', 'object', { children: [row('lat', 'number', { value: '39.9' }), row('lng', 'number', { value: '116.4' })] }),
      ],
    }),
    row('tags', 'array[string]', { minItems: 0, maxItems: 5, value: '["a","b"]' }),
    row('group', 'object', { ref: I.groupModel, description: 'The group 所属组' }),
    row('contact', 'any', {
      combine: 'oneOf',
      children: [row('', 'object', { children: [row('phone', 'string')] }), row('', 'object', { children: [row('wechat', 'string')] })],
    }),
  ];
  const api = (method: string, path: string, extra: Record<string, unknown>) => ({
    method,
    path,
    status: 'completed',
    description: `${method} ${path}: 说明 description`,
    requestType: 'none',
    ...extra,
  });
  return {
    kind: APILOOM_FILE_KIND,
    exportedAt: '2026-11-25T00:00:00.000Z',
    project: {
      name: '用户中心 User Center',
      description: '示例项目 A sample project',
      servers: [{ url: 'https://imported.example.com', description: 'imported' }],
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      security: [{ bearer: [] }],
      environments: [
        {
          name: '生产 Prod',
          baseUrl: 'https://api.example.com/v1',
          variables: [
            { name: 'token', value: '', secret: true },
            { name: 'host', value: 'api.example.com' },
          ],
        },
      ],
    },
    nodes: [
      node(I.users, '', 'folder', '用户 Users'),
      node(I.getUser, I.users, 'api', '获取用户 Get user', {
        ...api('GET', '/users/{id}', {}),
        operationId: 'getUser',
        reqPath: [row('id', 'int64', { required: true, value: '42', description: '用户编号' })],
        reqQuery: [
          row('fields', 'array[string]', { enum: ['name', 'email'] }),
          row('verbose', 'boolean', { default: 'false', description: 'More {{detail}}' }),
        ],
        reqHeaders: [row('X-Trace', 'string', { value: '{{traceId}}' }), row('Cookie: session', 'string')],
        responses: [
          {
            status: '200',
            description: '成功 OK',
            headers: [row('X-Rate-Limit', 'integer', { value: '100' })],
            body: userRows(),
            examples: [
              { name: '', mediaType: 'application/json', value: '{"id":42,"name":"张三"}' },
              { name: 'admin', mediaType: 'application/json', value: '{"id":1,"name":"Admin","role":"admin"}' },
            ],
          },
          {
            status: '404',
            description: '未找到 Not found',
            body: [row('code', 'integer', { value: '404' }), row('message', 'string', { value: '用户不存在' })],
            examples: [{ name: 'missing', mediaType: 'application/json', value: '{"code":404,"message":"用户不存在"}' }],
          },
        ],
      }),
      node(I.admin, I.users, 'folder', '管理 Admin'),
      node(I.createUser, I.admin, 'api', '创建用户 Create user', {
        ...api('POST', '/users', { requestType: 'json' }),
        reqBody: [
          row('name', 'string', { required: true, value: '李四' }),
          row('members', 'array[object]', { children: [row('uid', 'integer', { value: '7' }), row('nick', 'string')] }),
          row('profile', 'object', {
            combine: 'allOf',
            children: [row('', 'object', { ref: I.userModel }), row('', 'object', { children: [row('extra', 'string')] })],
          }),
        ],
        reqExamples: [{ name: 'basic', mediaType: 'application/json', value: '{"name":"李四"}' }],
        responses: [
          { status: '201', description: 'Created 已创建', body: [row('', 'object', { ref: I.userModel })], examples: [] },
          { status: '400', description: 'Bad request', body: [row('error', 'string', { value: 'invalid' })], examples: [] },
        ],
        security: [],
      }),
      node(I.deleteUser, I.admin, 'api', 'Delete user 删除用户', {
        ...api('DELETE', '/users/:id', {}),
        status: 'deprecated',
        reqPath: [row('id', 'string', { required: true })],
        responses: [{ status: '204', description: 'Deleted', body: [], examples: [] }],
      }),
      node(I.userModel, I.users, 'model', 'User 用户', { name: 'User', description: '一个用户 A user', schema: userRows() }),
      node(I.groupModel, I.users, 'model', 'Group', {
        name: 'Group',
        schema: [
          row('id', 'integer', { required: true, value: '3' }),
          row('title', 'string', { value: '研发 R&D' }),
          row('owner', 'object', { ref: I.userModel }),
          row('members', 'array[object]', { ref: I.userModel }),
        ],
      }),
      node(I.guide, '', 'doc', '接入指南 Guide', {
        markdown:
          '# 接入指南\n\nUse **bearer** tokens. 请先申请密钥。\n\n| 字段 | 说明 |\n|---|---|\n| token | 令牌 |\n\n<img src=x onerror=alert(1)>',
      }),
      node(I.rich, '', 'richtext', 'Release notes 发布说明', { html: '<h2>v2</h2><p>新增 <b>批量</b> 接口</p><script>alert(1)</script>' }),
      node(I.errors, '', 'errorcode', '错误码 Error codes', {
        rows: [
          { code: '40001', message: '参数错误', description: 'Invalid parameter' },
          { code: '50000', message: 'System error', description: '' },
        ],
      }),
      node(I.embed, '', 'embed', 'Dashboard', { url: 'https://status.example.com', height: 400 }),
      node(I.link, '', 'link', 'Homepage 主页', { url: 'https://example.com' }),
    ],
  };
}

export const fixtureOptions = (language: ExportOptions['language'] = 'zh'): ExportOptions => ({
  language,
  serials: new Map(),
  exportedAt: '2026-11-25T00:00:00.000Z',
  readImage: async () => undefined,
});

export interface Counts {
  operations: number;
  parameters: number;
  responses: number;
  examples: number;
  models: number;
}

const rowsIn = (rows: ParamItem[]): number => rows.reduce((n, p) => n + 1 + rowsIn(p.children), 0);

/** Operations, parameter rows (nested ones too), responses, examples and models of a set of documents. */
export function countsOf(docs: readonly { type: string; content: unknown }[]): Counts {
  const apis = docs.filter((d) => d.type === 'api').map((d) => d.content as ApiContent);
  return {
    operations: apis.length,
    parameters: apis.reduce(
      (n, c) =>
        n + rowsIn([...c.reqPath, ...c.reqQuery, ...c.reqHeaders, ...c.reqBody, ...c.responses.flatMap((r) => [...r.headers, ...r.body])]),
      0,
    ),
    responses: apis.reduce((n, c) => n + c.responses.length, 0),
    examples: apis.reduce((n, c) => n + c.reqExamples.length + c.responses.reduce((m, r) => m + r.examples.length, 0), 0),
    models: docs.filter((d) => d.type === 'model').length,
  };
}

/** The counts of a project file's documents, each read as the newest shape of its kind. */
export const countsOfFile = (file: ApiloomFile) =>
  countsOf(
    file.nodes.map((n) => {
      const typed = readContent(n.type, n.content);
      return { type: typed.type, content: typed.content };
    }),
  );
