import { readFileSync } from 'node:fs';
import Mock from 'mockjs';
import { describe, expect, it } from 'vitest';
import type { ApiContent } from '../../schemas/document';
import { importInput } from '../index';

describe('RAP2 importer', () => {
  it('rebuilds the property trees by place and turns the Mock.js rules into a template', async () => {
    const r = await importInput({ bytes: readFileSync(new URL('./fixtures/rap2-repository.json', import.meta.url)) });
    expect(r.format).toBe('rap2');
    expect(r.project.name).toBe('商城');
    expect(r.documents.map((d) => [d.key, d.folder])).toEqual([
      ['api:GET /goods/list', ['商品']],
      ['api:POST /goods', ['商品']],
    ]);
    const list = r.documents[0]!.content as ApiContent;
    expect(list.reqHeaders.map((p) => [p.name, p.required])).toEqual([['token', true]]);
    expect(list.reqQuery.map((p) => [p.name, p.type, p.value])).toEqual([['page', 'number', '1']]);
    expect(list.responses[0]!.body.map((p) => [p.name, p.type])).toEqual([
      ['list', 'array[object]'],
      ['ok', 'boolean'],
    ]);
    expect(list.responses[0]!.body[0]!.children.map((p) => p.name)).toEqual(['id', 'name']);
    const template = JSON.parse(r.mockTemplates!['api:GET /goods/list']!) as Record<string, unknown>;
    expect(template).toEqual({ 'list|1-10': [{ 'id|+1': 1, name: '@ctitle' }], 'ok|1': true });
    const rendered = Mock.mock(template) as { list: { id: number; name: string }[] };
    expect(rendered.list.length).toBeGreaterThanOrEqual(1);
    expect(typeof rendered.list[0]!.name).toBe('string');
    const create = r.documents[1]!.content as ApiContent;
    expect(create.reqBody[0]).toMatchObject({ name: 'goods', type: 'object', children: [expect.objectContaining({ name: 'title' })] });
  });
});
