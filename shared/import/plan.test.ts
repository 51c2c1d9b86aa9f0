import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiContent, ParamItem } from '../schemas/document';
import { apiContentV2 } from '../schemas/document';
import { paramRow } from '../schemas/param-row';
import { merge3, planImport, planReport, stableStringify, type ExistingDocument, type PlanOptions } from './plan';
import { emptyProject, type ImportedDocument, type ImportResult } from './types';

const rowOf = (id: string, name: string, type: ParamItem['type'] = 'string', extra: Partial<ParamItem> = {}): ParamItem =>
  paramRow(name, type, { id, ...extra });
const apiDoc = (path: string, body: ParamItem[], extra: Partial<ApiContent> = {}): ImportedDocument => ({
  key: `api:GET ${path.replace(/\{[^}]*\}/g, '{}')}`,
  type: 'api',
  name: `Get ${path}`,
  folder: [],
  content: apiContentV2.parse({ path, description: 'From the source', responses: [{ status: '200', body }], ...extra }),
});
const result = (...documents: ImportedDocument[]): ImportResult => ({
  format: 'openapi',
  documents,
  warnings: [],
  project: emptyProject(),
});
const SOURCE: PlanOptions = { mode: 'merge', source: 'openapi.yaml' };

/** What the project holds after a plan is written: the writer's job, done here in memory. */
function apply(existing: ExistingDocument[], plan: ReturnType<typeof planImport>): ExistingDocument[] {
  const next = existing.filter((d) => !plan.deleted.some((x) => x.documentId === d.id));
  const write = (id: string, w: (typeof plan.created)[number]) => ({
    id,
    type: w.document.type,
    name: w.document.name,
    folder: w.document.folder,
    content: w.document.content,
    imported: w.stamp,
  });
  for (const w of plan.updated)
    next.splice(
      next.findIndex((d) => d.id === w.documentId),
      1,
      write(w.documentId!, w),
    );
  for (const r of plan.restamped) next.find((d) => d.id === r.documentId)!.imported = r.stamp;
  plan.created.forEach((w, i) => next.push(write(`new${next.length}${i}`, w)));
  return next;
}
const writes = (plan: ReturnType<typeof planImport>) =>
  plan.created.length + plan.updated.length + plan.deleted.length + plan.restamped.length;

describe('re-import planner', () => {
  it('matches a re-import by operation, not by the file name: a renamed file changes only what changed', () => {
    const model = (name: string, ref?: string): ImportedDocument => ({
      key: `model:${name}`,
      type: 'model',
      name,
      folder: [],
      content: { name, description: '', schema: [rowOf('m1', 'owner', 'object', ref ? { ref } : {})] },
    });
    const source = result(
      apiDoc('/pets', [rowOf('a', 'pet', 'object', { ref: 'Pet' })]),
      apiDoc('/owners', []),
      model('Pet', 'Owner'),
      model('Owner'),
    );
    // As the job stores them: a model reference becomes the model document's id, so contents differ from the source's.
    const stored = apply([], planImport([], source, SOURCE)).map((d) => ({
      ...d,
      content: JSON.parse(JSON.stringify(d.content).replace(/"ref":"(\w+)"/g, '"ref":"id-$1"')) as unknown,
    }));
    const renamed = planImport(stored, source, { ...SOURCE, source: 'openapi-v2.yaml' });
    expect(planReport(renamed)).toMatchObject({ created: 0, updated: 0, skipped: 4 });
    // The documents move to the new name, so its next run matches them by their stamps.
    expect(renamed.restamped.map((r) => r.stamp.source)).toEqual(Array(4).fill('openapi-v2.yaml'));
    // One operation changed under the new name: only it is updated.
    const changed = result(
      apiDoc('/pets', [rowOf('a', 'pet', 'object', { ref: 'Pet' })]),
      apiDoc('/owners', [rowOf('b', 'id')]),
      model('Pet', 'Owner'),
      model('Owner'),
    );
    expect(planReport(planImport(stored, changed, { ...SOURCE, source: 'openapi-v3.yaml' }))).toMatchObject({
      created: 0,
      updated: 1,
      skipped: 3,
    });
  });

  it('matches an API whose path changed by its operation id', () => {
    const before = apply([], planImport([], result(apiDoc('/pets', [], { operationId: 'listPets' })), SOURCE));
    const moved = planImport(before, result(apiDoc('/v2/pets', [], { operationId: 'listPets' })), SOURCE);
    expect(planReport(moved)).toMatchObject({ created: 0, updated: 1 });
    expect(moved.updated[0]!.documentId).toBe(before[0]!.id);
  });

  const v1 = result(apiDoc('/pets/{id}', [rowOf('r0', 'name'), rowOf('r1', 'age', 'integer')]), apiDoc('/owners', []));

  it('creates on the first import, and an unchanged source is a no-op: zero writes', () => {
    const first = planImport([], v1, SOURCE);
    expect(planReport(first)).toMatchObject({ created: 2, updated: 0, skipped: 0, deleted: 0 });
    const project = apply([], first);
    const again = planImport(project, v1, SOURCE);
    expect(writes(again)).toBe(0);
    expect(again.skipped.map((s) => s.reason)).toEqual(['unchanged', 'unchanged']);
  });

  it('merge: a description a person edited survives re-importing the same source, and a changed type in the source wins', () => {
    const project = apply([], planImport([], v1, SOURCE));
    const pet = project[0]!;
    const edited = structuredClone(pet.content) as ApiContent;
    edited.description = 'Written by a person';
    edited.responses[0]!.body[0]!.description = 'The pet’s name, as people call it';
    pet.content = edited;

    // Same source again: nothing to do, the edit is untouched.
    expect(writes(planImport(project, v1, SOURCE))).toBe(0);

    // The source changes a type: the type changes, the edits survive.
    const v2 = result(apiDoc('/pets/{id}', [rowOf('r0', 'name'), rowOf('r1', 'age', 'number')]), apiDoc('/owners', []));
    const plan = planImport(project, v2, SOURCE);
    expect(planReport(plan)).toMatchObject({ created: 0, updated: 1, skipped: 1 });
    const merged = plan.updated[0]!.document.content as ApiContent;
    expect(merged.description).toBe('Written by a person');
    expect(merged.responses[0]!.body.map((p) => [p.name, p.type, p.description])).toEqual([
      ['name', 'string', 'The pet’s name, as people call it'],
      ['age', 'number', ''],
    ]);
    expect(plan.updated[0]!.documentId).toBe(pet.id);
  });

  it('merge: rows the source drops go, rows a person added stay, and the source description wins where the person left it alone', () => {
    const project = apply([], planImport([], v1, SOURCE));
    const content = structuredClone(project[0]!.content) as ApiContent;
    content.responses[0]!.body.push(rowOf('mine', 'nickname'));
    project[0]!.content = content;
    const v2 = result(
      apiDoc('/pets/{id}', [rowOf('r0', 'name'), rowOf('r1', 'weight', 'number')], { description: 'New words' }),
      apiDoc('/owners', []),
    );
    const merged = planImport(project, v2, SOURCE).updated[0]!.document.content as ApiContent;
    expect(merged.responses[0]!.body.map((p) => p.name)).toEqual(['name', 'weight', 'nickname']);
    expect(merged.description).toBe('New words');
  });

  it('skip keeps a matched document; overwrite replaces it; both leave unmatched ones to create', () => {
    const project = apply([], planImport([], v1, SOURCE));
    (project[0]!.content as ApiContent).description = 'Edited';
    const v2 = result(apiDoc('/pets/{id}', [rowOf('r0', 'name', 'integer')]), apiDoc('/owners', []), apiDoc('/new', []));
    const skip = planImport(project, v2, { ...SOURCE, mode: 'skip' });
    expect(planReport(skip)).toMatchObject({ created: 1, updated: 0, skipped: 2 });
    const overwrite = planImport(project, v2, { ...SOURCE, mode: 'overwrite' });
    expect((overwrite.updated[0]!.document.content as ApiContent).description).toBe('From the source');
  });

  it('matches {x} and :x paths alike, with slashes normalised, even for documents a person wrote', () => {
    const mine: ExistingDocument = {
      id: 'p1',
      type: 'api',
      name: 'Mine',
      folder: [],
      content: apiContentV2.parse({
        method: 'GET',
        path: '/pets/:petId/',
        description: 'Mine',
        responses: [{ status: '200', body: [rowOf('x', 'name', 'string', { description: 'my words' })] }],
      }),
    };
    const plan = planImport([mine], result(apiDoc('/pets/{id}', [rowOf('r0', 'name', 'integer')])), SOURCE);
    expect(plan.created).toEqual([]);
    const merged = plan.updated[0]!.document.content as ApiContent;
    expect(merged.responses[0]!.body[0]).toMatchObject({ id: 'x', type: 'integer', description: 'my words' });
  });

  it('deletes only what this source imported and no longer has, and only when asked', () => {
    const project = apply([], planImport([], v1, SOURCE));
    project.push({ id: 'own', type: 'doc', name: 'Notes', folder: [], content: { markdown: '' } });
    const smaller = result(v1.documents[0]!);
    expect(planImport(project, smaller, SOURCE).deleted).toEqual([]);
    const plan = planImport(project, smaller, { ...SOURCE, deleteMissing: true });
    expect(plan.deleted.map((d) => d.key)).toEqual(['api:GET /owners']);
    expect(planImport(project, smaller, { ...SOURCE, source: 'other.yaml', deleteMissing: true }).deleted).toEqual([]);
  });

  it('three-way merge laws hold for any JSON (fast-check)', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(json, json, (base, theirs) => {
        expect(stableStringify(merge3(base, base, theirs))).toBe(stableStringify(theirs));
        expect(stableStringify(merge3(base, theirs, base))).toBe(stableStringify(theirs));
        expect(stableStringify(merge3(base, theirs, theirs))).toBe(stableStringify(theirs));
      }),
      { numRuns: 300 },
    );
  });

  it('a re-import of any unchanged source writes nothing, whatever the rows (fast-check)', () => {
    const name = fc.stringMatching(/^[a-z]{1,6}$/);
    const row = fc.record({ name, type: fc.constantFrom('string', 'integer', 'boolean') });
    const api = fc.record({
      path: fc.stringMatching(/^\/[a-z]{1,5}(\/\{id\})?$/),
      rows: fc.uniqueArray(row, { selector: (r) => r.name, maxLength: 5 }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(api, { selector: (a) => a.path, maxLength: 6 }), (apis) => {
        const source = result(
          ...apis.map((a) =>
            apiDoc(
              a.path,
              a.rows.map((r, i) => rowOf(`r${i}`, r.name, r.type)),
            ),
          ),
        );
        const project = apply([], planImport([], source, SOURCE));
        expect(writes(planImport(project, source, SOURCE))).toBe(0);
      }),
      { numRuns: 100 },
    );
  });
});
