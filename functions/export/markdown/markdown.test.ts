import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fixtureFile, fixtureOptions, FIXTURE_IDS } from '../test-fixture';
import { writeMarkdown } from '.';

async function unzipped(language: 'zh' | 'en', serials = new Map<string, string>()) {
  const out = await writeMarkdown(fixtureFile(), { ...fixtureOptions(language), serials });
  expect([out.extension, out.contentType]).toEqual(['zip', 'application/zip']);
  return Object.fromEntries(Object.entries(unzipSync(out.body)).map(([path, bytes]) => [path, strFromU8(bytes)]));
}

describe('Markdown zip writer', () => {
  it('writes one file per document mirroring the folder tree, and an index linking each', async () => {
    const files = await unzipped('zh');
    expect(Object.keys(files)).toEqual([
      'README.md',
      '用户 Users/获取用户 Get user.md',
      '用户 Users/管理 Admin/创建用户 Create user.md',
      '用户 Users/管理 Admin/Delete user 删除用户.md',
      '用户 Users/User 用户.md',
      '用户 Users/Group.md',
      '接入指南 Guide.md',
      'Release notes 发布说明.md',
      '错误码 Error codes.md',
      'Dashboard.md',
      'Homepage 主页.md',
    ]);
    const index = files['README.md']!;
    expect(index).toContain('# 用户中心 User Center');
    expect(index).toContain('## 目录');
    expect(index).toContain(
      `  - [创建用户 Create user](${['用户 Users', '管理 Admin', '创建用户 Create user.md'].map(encodeURIComponent).join('/')})`,
    );
    // Every link of the index names a file of the zip.
    const links = [...index.matchAll(/\]\(([^)]+)\)/g)].map((m) => decodeURIComponent(m[1]!));
    expect(links.sort()).toEqual(
      Object.keys(files)
        .filter((p) => p !== 'README.md')
        .sort(),
    );
  });

  it('renders API docs as tables: nested rows, each status, examples; pages as written; error codes as a table', async () => {
    const files = await unzipped('zh');
    const get = files['用户 Users/获取用户 Get user.md']!;
    expect(get).toContain('GET /users/{id}');
    expect(get).toContain('| 名称 | 类型 | 必填 | 示例值 | 说明 |');
    expect(get).toContain('| id | int64 | 是 | 42 | 用户编号 |');
    expect(get).toContain('&nbsp;&nbsp;&nbsp;&nbsp;└ lat | number | 否 | 39.9 |');
    expect(get).toContain('| group | object → Group | 否 |');
    expect(get).toContain('### 404 未找到 Not found');
    expect(get).toContain('{"code":404,"message":"用户不存在"}');
    expect(files['用户 Users/Group.md']).toContain('| members | array[object] → User |');
    expect(files['接入指南 Guide.md']).toContain('Use **bearer** tokens. 请先申请密钥。');
    expect(files['错误码 Error codes.md']).toContain('| 40001 | 参数错误 | Invalid parameter |');
    // One table: no blank line between its header, its rule and its rows (a blank line would end it).
    expect(files['错误码 Error codes.md']).toMatch(/\| 错误码 \| 信息 \| 说明 \|\n\|---\|---\|---\|\n\| 40001 \|/);
    const en = await unzipped('en');
    expect(en['用户 Users/获取用户 Get user.md']).toContain('| Name | Type | Required | Example | Description |');
    expect(en['README.md']).toContain('## Contents');
  });

  it('puts serial labels before titles and file names when the project numbers its tree', async () => {
    const files = await unzipped(
      'zh',
      new Map([
        [FIXTURE_IDS.users, '一、'],
        [FIXTURE_IDS.getUser, '（一）'],
      ]),
    );
    expect(Object.keys(files)).toContain('一、 用户 Users/（一） 获取用户 Get user.md');
    expect(files['一、 用户 Users/（一） 获取用户 Get user.md']).toMatch(/^# （一） 获取用户 Get user/);
  });
});
