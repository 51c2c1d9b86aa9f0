/**
 * First start seeds a demo account, so the home page's online demo signs straight in, and gives it a sample
 * project that shows every kind of document. The project is made through the API itself (an in-process gateway
 * over the same handlers, signed in as the demo user), so every rule the API keeps holds for it too.
 */
import type { AddressInfo } from 'node:net';
import { findUserIdByAccount, createUser } from '../../functions/domain/users';
import { hashPassword } from '../../functions/domain/passwords';
import { AppError } from '../../functions/core/app-error';
import type { DocumentType } from '@shared/schemas/document-kinds';
import { createGateway, type LambdaHandler } from './gateway';
import { routeClient } from './route-client';
import { serviceSources } from './service-sources';

export const DEMO_ACCOUNT = { username: 'demo@apiloom.local', password: 'Demo12345', nickname: 'Demo' } as const;

/** Returns true when the account was created now (and with it the sample project). */
export async function seedDemoAccount(): Promise<boolean> {
  if (await findUserIdByAccount(DEMO_ACCOUNT.username)) return false;
  try {
    await createUser({
      account: DEMO_ACCOUNT.username,
      nickname: DEMO_ACCOUNT.nickname,
      passwordHash: await hashPassword(DEMO_ACCOUNT.password),
    });
  } catch (err) {
    // Created by another start a moment ago.
    if (err instanceof AppError && err.key === 'accountExists') return false;
    throw err;
  }
  await seedSampleProject();
  return true;
}

type Param = { name: string; type: string; required?: boolean; value?: string; description?: string; children?: Param[] };
let paramId = 0;
const params = (list: Param[]): unknown[] =>
  list.map((p) => ({
    id: `p${(++paramId).toString(36)}`,
    name: p.name,
    type: p.type,
    required: p.required ?? false,
    value: p.value ?? '',
    description: p.description ?? '',
    children: params(p.children ?? []),
  }));

const pet: Param[] = [
  { name: 'id', type: 'int64', required: true, value: '10', description: '宠物编号 Pet id' },
  { name: 'name', type: 'string', required: true, value: 'doggie', description: '名字 Name' },
  {
    name: 'category',
    type: 'object',
    description: '分类 Category',
    children: [
      { name: 'id', type: 'int64', value: '1' },
      { name: 'name', type: 'string', value: 'Dogs' },
    ],
  },
  { name: 'tags', type: 'array[string]', description: '标签 Tags' },
  { name: 'status', type: 'string', value: 'available', description: 'available | pending | sold' },
];

const GUIDE = `# 快速开始 · Getting started

这个示例项目展示 Apiloom 的每一种文档。This sample project shows every kind of document Apiloom keeps.

## 认证 · Authentication

Every request carries a token header:

\`\`\`http
GET /pets HTTP/1.1
token: <your token>
\`\`\`

| 环境 Environment | 地址 Address |
|---|---|
| 测试 Test | https://test.example.com |
| 生产 Production | https://api.example.com |

See the **错误码 Error codes** page for what failures mean.
`;

const NOTES = `<h2>发布说明 Release notes</h2><p>Version <strong>1.2</strong> adds order tracking.</p><ul><li>新增：订单查询 Order lookup</li><li>修复：分页 Pagination</li></ul><blockquote>Rich text is written with the toolbar: headings, colours, lists, tables.</blockquote>`;

/** Signs in as the demo user over an in-process gateway and writes the sample project through the API. */
async function seedSampleProject() {
  const server = createGateway({
    loadHandler: async (service) => (await serviceSources[service]()).handler as LambdaHandler,
    securityHeaders: {},
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const call = routeClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
  try {
    const { token } = await call('login.create', { body: { username: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password } });
    const project = await call(
      'project.create',
      {
        body: {
          name: '示例项目 · Pet Store API',
          description: '每一种文档的示例：接口、Markdown、富文本、错误码、内嵌网页和链接。A sample of every kind of document.',
          visibility: 'private',
        },
      },
      { token },
    );
    const projectId = project.id;
    let previous = '0';
    const add = async (parentId: string, name: string, type: DocumentType, content: unknown, after = previous) => {
      const doc = await call('document.create', { body: { projectId, parentId, preId: after, name, type, content } }, { token });
      return doc.id;
    };
    const top = async (name: string, type: DocumentType, content: unknown) =>
      (previous = await add(projectId, name, type, content, previous));

    const guide = await top('快速开始 Getting started', 'doc', { markdown: GUIDE });
    const pets = await top('宠物 Pets', 'folder', {});
    const listPets = await add(
      pets,
      'List pets',
      'api',
      {
        method: 'GET',
        path: '/pets',
        status: 'completed',
        description: 'Lists pets, newest first. 按创建时间倒序列出宠物。',
        reqQuery: params([
          { name: 'page', type: 'integer', value: '1', description: '页码 Page' },
          { name: 'size', type: 'integer', value: '20', description: '每页条数 Page size' },
        ]),
        reqHeaders: params([{ name: 'token', type: 'string', required: true, description: '登录令牌 Session token' }]),
        respBody: params([
          { name: 'total', type: 'integer', value: '1' },
          { name: 'items', type: 'array[object]', children: pet },
        ]),
      },
      '0',
    );
    const createPet = await add(
      pets,
      'Create a pet',
      'api',
      {
        method: 'POST',
        path: '/pets',
        status: 'developing',
        description: 'Adds a pet to the store. 新增一只宠物。',
        requestType: 'json',
        reqBody: params(pet.filter((p) => p.name !== 'id')),
        respBody: params(pet),
      },
      listPets,
    );
    await add(
      pets,
      'Get a pet',
      'api',
      {
        method: 'GET',
        path: '/pets/{petId}',
        status: 'completed',
        description: 'One pet by its id.',
        reqPath: params([{ name: 'petId', type: 'int64', required: true, value: '10' }]),
        respBody: params(pet),
      },
      createPet,
    );
    const orders = await top('订单 Orders', 'folder', {});
    const placeOrder = await add(
      orders,
      'Place an order',
      'api',
      {
        method: 'POST',
        path: '/orders',
        status: 'completed',
        description: 'Places an order for pets. 下单。',
        reqBody: params([
          {
            name: 'items',
            type: 'array[object]',
            required: true,
            children: [
              { name: 'petId', type: 'int64', required: true, value: '10' },
              { name: 'quantity', type: 'integer', value: '1' },
            ],
          },
          {
            name: 'address',
            type: 'object',
            children: [
              { name: 'city', type: 'string', value: 'Hangzhou' },
              { name: 'street', type: 'string', value: '1 West Lake Road' },
            ],
          },
        ]),
        respBody: params([
          { name: 'orderId', type: 'string', value: 'o-1001' },
          { name: 'status', type: 'string', value: 'placed' },
        ]),
      },
      '0',
    );
    await add(
      orders,
      'Delete an order',
      'api',
      {
        method: 'DELETE',
        path: '/orders/{orderId}',
        status: 'deprecated',
        description: 'Cancels an order that has not shipped.',
        reqPath: params([{ name: 'orderId', type: 'string', required: true }]),
      },
      placeOrder,
    );
    await top('发布说明 Release notes', 'richtext', { html: NOTES });
    await top('错误码 Error codes', 'errorcode', {
      rows: [
        { code: '0', message: '成功 OK', description: '' },
        { code: '40001', message: '令牌无效 Invalid token', description: '重新登录 Sign in again' },
        { code: '40400', message: '宠物不存在 Pet not found', description: '检查 petId Check the petId' },
        { code: '50000', message: '系统错误 System error', description: '稍后重试 Retry later' },
      ],
    });
    await top('OpenAPI 规范 OpenAPI spec', 'link', { url: 'https://spec.openapis.org/oas/latest.html' });
    await top('状态页 Status page', 'embed', { url: 'https://example.com/', width: '100%', height: 480 });
    await top('快捷方式 Shortcut to the guide', 'softlink', { targetId: guide });
  } finally {
    await new Promise<void>((ok) => server.close(() => ok()));
  }
}
