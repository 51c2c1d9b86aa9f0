import { describe, expect, it } from 'vitest';
import { apiContentV2 } from '../schemas/document';
import { paramRow } from '../schemas/param-row';
import { planImport, type ExistingDocument } from './plan';
import { emptyProject, type ImportedDocument, type ImportResult } from './types';

/** GET /pets as the source describes it: its description and the `limit` row's description. */
const sourceDoc = (description: string, limitText: string): ImportedDocument => ({
  key: 'api:GET /pets',
  type: 'api',
  name: 'List pets',
  folder: [],
  content: apiContentV2.parse({
    path: '/pets',
    description,
    reqQuery: [paramRow('limit', 'integer', { id: 'r0', description: limitText })],
  }),
});
const result = (d: ImportedDocument): ImportResult => ({ format: 'openapi', documents: [d], warnings: [], project: emptyProject() });

describe('re-import conflicts (issue 39)', () => {
  const base = sourceDoc('Lists pets', 'How many');
  // A member edited both descriptions since the last import; the source changed both too.
  const edited: ExistingDocument = {
    id: 'doc1',
    type: 'api',
    name: 'List pets',
    folder: [],
    content: {
      ...base.content,
      description: 'Lists the shop’s pets (ours)',
      reqQuery: [paramRow('limit', 'integer', { id: 'r0', description: 'Page size (ours)' })],
    },
    imported: { source: 'openapi.yaml', key: base.key, hash: 'old', base: { name: base.name, content: base.content } },
  };
  const incoming = result(sourceDoc('Lists every pet', 'At most this many'));

  it('reports each field both changed with both values, and keeps the member’s text by default', () => {
    const plan = planImport([edited], incoming, { mode: 'merge', source: 'openapi.yaml' });
    expect(plan.conflicts).toEqual([
      {
        key: 'api:GET /pets',
        documentId: 'doc1',
        name: 'List pets',
        field: 'description',
        ours: 'Lists the shop’s pets (ours)',
        theirs: 'Lists every pet',
        kept: 'ours',
      },
      {
        key: 'api:GET /pets',
        documentId: 'doc1',
        name: 'List pets',
        field: 'reqQuery.limit.description',
        ours: 'Page size (ours)',
        theirs: 'At most this many',
        kept: 'ours',
      },
    ]);
    // The member's text stays whole: nothing to write but the stamp.
    expect(plan.updated).toEqual([]);
    expect(plan.restamped.map((r) => r.documentId)).toEqual(['doc1']);
  });

  it('takes the source’s value when told to, and still reports the conflict', () => {
    const plan = planImport([edited], incoming, { mode: 'merge', source: 'openapi.yaml', takeSource: true });
    expect(plan.conflicts.map((c) => [c.field, c.kept])).toEqual([
      ['description', 'source'],
      ['reqQuery.limit.description', 'source'],
    ]);
    const merged = plan.updated[0]!.document;
    expect(merged.type === 'api' && [merged.content.description, merged.content.reqQuery[0]!.description]).toEqual([
      'Lists every pet',
      'At most this many',
    ]);
  });

  it('finds no conflict where only one side changed', () => {
    const untouched: ExistingDocument = { ...edited, content: base.content };
    expect(planImport([untouched], incoming, { mode: 'merge', source: 'openapi.yaml' }).conflicts).toEqual([]);
  });
});
