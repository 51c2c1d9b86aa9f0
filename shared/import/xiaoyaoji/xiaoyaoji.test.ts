import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ApiContent } from '../../schemas/document';
import { importInput } from '../index';

const read = (name: string) => importInput({ bytes: readFileSync(new URL(`./fixtures/${name}`, import.meta.url)), name });

describe('xiaoyaoji (MJSON) importer', () => {
  it('reads 2.x: every doc type, the folder tree, HTTP content as a JSON string, environments', async () => {
    const r = await read('project-2x.mjson');
    expect(r.format).toBe('xiaoyaoji');
    expect(r.documents.map((d) => [d.type, d.name, d.folder])).toEqual([
      ['doc', '说明', []],
      ['api', '登录', ['用户']],
      ['api', '用户详情', ['用户']],
      ['richtext', '介绍', ['用户']],
      ['link', '官网', []],
      ['doc', '推送', []],
    ]);
    const login = r.documents[1]!.content as ApiContent;
    expect(login).toMatchObject({ method: 'POST', path: '/user/login', requestType: 'form' });
    expect(login.reqBody.map((p) => [p.name, p.required, p.value])).toEqual([
      ['account', true, 'ada'],
      ['password', true, ''],
    ]);
    expect(login.reqHeaders[0]).toMatchObject({ name: 'X-Client', required: false });
    expect(login.responses[0]!.body[1]!.children[0]!.name).toBe('token');
    expect(JSON.parse(login.responses[0]!.examples[0]!.value)).toEqual({ code: 0, data: { token: 't' } });
    const detail = r.documents[2]!.content as ApiContent;
    expect(detail).toMatchObject({ status: 'deprecated', path: '/user/{id}' });
    expect(detail.reqPath[0]!.name).toBe('id');
    expect(detail.reqQuery[0]!.name).toBe('fields');
    expect(r.project.environments).toEqual([{ name: '测试', variables: [{ name: 'host', value: 'http://test.example.com' }] }]);
    expect(r.warnings.some((w) => w.code === 'skippedEntry')).toBe(true);
  });

  it('reads 1.x: modules and folders, arguments as JSON strings, the project details as a page', async () => {
    const r = await read('project-1x.mjson');
    expect(r.format).toBe('xiaoyaoji');
    expect(r.documents.map((d) => [d.key, d.folder])).toEqual([
      ['page:项目描述', []],
      ['api:POST /order', ['订单模块', '订单']],
      ['api:GET /order/list', ['订单模块', '订单']],
    ]);
    const order = r.documents[1]!.content as ApiContent;
    expect(order.reqHeaders[0]).toMatchObject({ name: 'token', required: true });
    expect(order.reqBody[1]).toMatchObject({
      name: 'items',
      type: 'array[object]',
      children: [expect.objectContaining({ name: 'qty', type: 'number' })],
    });
    expect(order.responses[0]!.body[0]!.name).toBe('orderId');
    expect(r.project).toMatchObject({ name: '老项目', environments: [{ name: 'dev' }] });
  });
});
