import { describe, expect, it } from 'vitest';
import type { ApiContent, ModelContent } from '../../schemas/document';
import { importInput } from '../index';
import { APILOOM_FILE_KIND, apiloomFile } from './index';

const file = {
  v: 1,
  kind: APILOOM_FILE_KIND,
  project: { name: 'Backup', environments: [{ name: 'dev', variables: [{ name: 'host', value: 'http://dev' }] }] },
  nodes: [
    { id: 'f1', parentId: '', type: 'folder', name: 'Pets', content: { v: 1 } },
    {
      id: 'm1',
      parentId: 'f1',
      type: 'model',
      name: 'Pet',
      content: { v: 1, name: 'Pet', schema: [{ id: 'a', name: 'name', type: 'string' }] },
    },
    {
      id: 'a1',
      parentId: 'f1',
      type: 'api',
      name: 'Get pet',
      // Content version 1: the one response of the old shape.
      content: {
        v: 1,
        method: 'GET',
        path: '/pets/{id}',
        description: 'One pet',
        respBody: [{ id: 'b', name: '', type: 'object', children: [] }],
      },
    },
    {
      id: 'a2',
      parentId: '',
      type: 'api',
      name: 'List',
      content: {
        v: 2,
        path: '/pets',
        description: 'All',
        responses: [{ status: '200', body: [{ id: 'c', name: '', type: 'array[object]', ref: 'm1', children: [] }] }],
      },
    },
    { id: 'd1', parentId: '', type: 'doc', name: 'Guide', content: { markdown: '# Hi' } },
    { id: 's1', parentId: '', type: 'softlink', name: 'Link', content: { targetId: 'x' } },
  ],
};

describe('Apiloom project file', () => {
  it('is a versioned entity: reading migrates it and each document content forward', async () => {
    expect(apiloomFile.latest).toBe(1);
    const r = await importInput({ text: JSON.stringify(file), name: 'backup.json' });
    expect(r.format).toBe('apiloom');
    expect(r.documents.map((d) => [d.key, d.folder])).toEqual([
      ['model:Pet', ['Pets']],
      ['api:GET /pets/{}', ['Pets']],
      ['api:GET /pets', []],
      ['page:Guide', []],
    ]);
    const old = r.documents[1]!.content as ApiContent;
    expect(old.responses).toEqual([expect.objectContaining({ status: '200', body: [expect.objectContaining({ type: 'object' })] })]);
    // References inside the file name models by id; the import names them by model name.
    expect((r.documents[2]!.content as ApiContent).responses[0]!.body[0]!.ref).toBe('Pet');
    expect((r.documents[0]!.content as ModelContent).name).toBe('Pet');
    expect(r.project.environments[0]!.name).toBe('dev');
    expect(r.warnings).toEqual([{ pointer: '/nodes/5', code: 'skippedEntry', params: { detail: 'softlink' } }]);
  });

  it('refuses a file of a version it does not know', async () => {
    await expect(importInput({ text: JSON.stringify({ ...file, v: 9 }) })).rejects.toThrow(/unknown stored version/);
  });
});
