import { describe, expect, it } from 'vitest';
import { importApiloom } from '../../../shared/import/apiloom';
import { readNodes } from '../common';
import { countsOf, countsOfFile, fixtureFile, fixtureOptions } from '../test-fixture';
import { writeApiloom } from '.';

describe('Apiloom project file writer', () => {
  it('writes the versioned file the importer reads back to every document, folder, name and content', async () => {
    const file = fixtureFile();
    const out = await writeApiloom(file, fixtureOptions());
    expect([out.extension, out.contentType]).toEqual(['json', 'application/json']);
    const written = JSON.parse(new TextDecoder().decode(out.body)) as { v: number; kind: string };
    expect([written.v, written.kind]).toEqual([1, 'apiloom-project']);
    const back = importApiloom(written);
    expect(back.warnings).toEqual([]);
    const documents = readNodes(file).filter((n) => n.node.type !== 'folder');
    expect(back.documents.map((d) => [d.name, d.folder])).toEqual(documents.map((n) => [n.node.name, n.folders]));
    expect(countsOf(back.documents)).toEqual(countsOfFile(file));
    // Contents are the same, references named by model name as an import names them.
    for (const { node, typed } of documents) {
      if (!typed) throw new Error(`${node.name} does not read`);
      const doc = back.documents.find((d) => d.name === node.name)!;
      if (
        typed.type === 'doc' ||
        typed.type === 'richtext' ||
        typed.type === 'errorcode' ||
        typed.type === 'embed' ||
        typed.type === 'link'
      )
        expect(doc.content).toEqual(typed.content);
    }
    expect(back.project).toMatchObject({
      name: '用户中心 User Center',
      environments: [{ name: '生产 Prod', variables: [{ name: 'token', value: '' }, { name: 'host' }] }],
    });
  });
});
