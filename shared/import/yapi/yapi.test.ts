import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ApiContent } from '../../schemas/document';
import { importInput } from '../index';

describe('YApi importer', () => {
  it('parses the JSON-schema strings and example bodies, categories as folders', async () => {
    const r = await importInput({ bytes: readFileSync(new URL('./fixtures/yapi-export.json', import.meta.url)), name: 'api.json' });
    expect(r.format).toBe('yapi');
    expect(r.documents.map((d) => [d.key, d.folder, d.name])).toEqual([
      ['api:POST /api/user/reg', ['用户'], '注册用户'],
      ['api:GET /api/user/{}', ['用户'], '用户详情'],
      ['api:PUT /api/user/avatar', ['用户'], '上传头像'],
    ]);
    const reg = r.documents[0]!.content as ApiContent;
    expect(reg).toMatchObject({ status: 'completed', description: '注册一个**新**用户', tags: ['账号'] });
    expect(reg.reqQuery[0]).toMatchObject({ name: 'invite', required: true, value: 'ABC', description: '邀请码' });
    expect(reg.reqBody.map((p) => [p.name, p.type, p.required])).toEqual([
      ['email', 'string', true],
      ['age', 'integer', false],
      ['tags', 'array[string]', false],
    ]);
    expect(reg.reqBody[0]!.format).toBe('email');
    expect(reg.responses[0]!.body[1]!.children[0]).toMatchObject({ name: 'uid', type: 'string' });
    const detail = r.documents[1]!.content as ApiContent;
    expect(detail.reqPath[0]).toMatchObject({ name: 'id', value: '7', required: true });
    expect(detail.responses[0]!.body.map((p) => p.name)).toEqual(['uid', 'name']);
    expect(JSON.parse(detail.responses[0]!.examples[0]!.value)).toEqual({ uid: '7', name: 'Ada' });
    const avatar = r.documents[2]!.content as ApiContent;
    expect(avatar.requestType).toBe('form');
    expect(avatar.reqBody.map((p) => [p.name, p.type, p.required])).toEqual([
      ['file', 'file', true],
      ['crop', 'string', false],
    ]);
  });
});
