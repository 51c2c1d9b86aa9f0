import { describe, expect, it } from 'vitest';
import { DocumentList } from './build';
import type { ImportedDocument, ImportWarning } from './types';

const model = (name: string, folder: string[]): ImportedDocument => ({
  key: `model:${folder.join('/')}/${name}`,
  type: 'model',
  name,
  folder,
  content: { name: 'm', description: '', schema: [] },
});

describe('DocumentList titles', () => {
  it('numbers names that cut to one title in a folder, past 9, skipping titles the source already gives', () => {
    const warnings: ImportWarning[] = [];
    const list = new DocumentList(warnings);
    // Twelve long names with one start, as GitHub's webhooks have ("This event occurs when…").
    const names = Array.from({ length: 12 }, (_, i) => `This event occurs at once for activity number ${i + 1}`);
    // A title the source gives as it is, which the numbering must step over.
    list.add(model('This event occurs at once… (3)', ['hooks']), '/given');
    for (const [i, name] of names.entries()) list.add(model(name, ['hooks']), `/hooks/${i}`);
    // The same names in another folder are numbered on their own.
    for (const [i, name] of names.slice(0, 2).entries()) list.add(model(name, ['other']), `/other/${i}`);
    expect(list.documents.map((d) => `${d.folder[0]}: ${d.name}`)).toEqual([
      'hooks: This event occurs at once… (3)',
      'hooks: This event occurs at once for…',
      'hooks: This event occurs at once… (2)',
      ...[4, 5, 6, 7, 8, 9].map((n) => `hooks: This event occurs at once… (${n})`),
      // Two digits leave a character less for the name: the cut moves back a word.
      ...[10, 11, 12, 13].map((n) => `hooks: This event occurs at… (${n})`),
      'other: This event occurs at once for…',
      'other: This event occurs at once… (2)',
    ]);
    for (const d of list.documents) expect([...d.name].length).toBeLessThanOrEqual(30);
    expect(warnings.filter((w) => w.code === 'shortenedTitle')).toHaveLength(14);
  });
});
