import { describe, expect, it } from 'vitest';
import { paramRow } from '@shared/schemas/param-row';
import type { ParamItem } from '@shared/schemas/document';
import { constraintLabels, viewRows, type ModelsById, type ViewRow } from './param-rows';
import { en } from '../../../i18n/en';
import { zh } from '../../../i18n/zh';

const say = (table: unknown) => (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], table) as string;

describe('constraint labels', () => {
  it('say an object\'s "one of these is required" rule (issue 39), in zh and en', () => {
    const body = paramRow('', 'object', { requires: { combine: 'oneOf', sets: [['url'], ['html', 'mode']] } });
    expect(constraintLabels(body, say(en))).toEqual(['Exactly one set required: url | html + mode']);
    expect(constraintLabels({ ...body, requires: { combine: 'anyOf', sets: [['url']] } }, say(zh))).toEqual(['以下至少一组必填: url']);
  });
});

/** A TreeNode that refers to itself, and a web of models around it that refer to each other. */
const models: ModelsById = new Map([
  ['tree', { name: 'TreeNode', description: '', schema: [paramRow('id', 'integer'), ref('children', 'tree', true), ref('owner', 'user')] }],
  ['user', { name: 'User', description: '', schema: [ref('manager', 'user'), ref('teams', 'team', true), ref('home', 'tree')] }],
  ['team', { name: 'Team', description: '', schema: [ref('members', 'user', true), ref('org', 'org')] }],
  ['org', { name: 'Org', description: '', schema: [ref('root', 'tree'), ref('teams', 'team', true)] }],
]);
function ref(name: string, model: string, many = false): ParamItem {
  return { ...paramRow(name, many ? 'array[object]' : 'object'), ref: model };
}
const find = (rows: ViewRow[], path: string[]): ViewRow => {
  const [name, ...rest] = path;
  const row = rows.find((r) => r.name === name)!;
  return rest.length ? find(row.children ?? [], rest) : row;
};

describe('view rows of models that refer to themselves and each other (issue 39)', () => {
  it("marks a model's reference to itself as a cycle in its own view, and opens it nowhere", () => {
    const rows = viewRows(models.get('tree')!.schema, models, { self: 'tree' });
    expect(find(rows, ['children'])).toMatchObject({ cycle: true, children: undefined });
  });

  it('opens models two deep, and leaves a deeper reference for the reader to open', () => {
    const rows = viewRows([ref('tree', 'tree')], models);
    expect(find(rows, ['tree', 'owner', 'manager']).cycle).toBe(true);
    expect(find(rows, ['tree', 'owner', 'teams'])).toMatchObject({ deferred: true, modelName: 'Team' });
    expect(find(rows, ['tree', 'owner', 'teams']).children).toBeUndefined();
    const opened = viewRows([ref('tree', 'tree')], models, { opened: new Set([find(rows, ['tree', 'owner', 'teams']).key]) });
    // Opened: the model and one more level below it, then deferred again.
    expect(find(opened, ['tree', 'owner', 'teams', 'org']).children?.map((r) => r.name)).toEqual(['root', 'teams']);
    expect(find(opened, ['tree', 'owner', 'teams', 'org', 'root']).cycle).toBe(true);
    expect(find(opened, ['tree', 'owner', 'teams', 'org', 'teams']).cycle).toBe(true);
  });

  it('keeps a web of models to a few rows', () => {
    const count = (rows: ViewRow[]): number => rows.reduce((n, r) => n + 1 + count(r.children ?? []), 0);
    expect(count(viewRows([ref('tree', 'tree'), ref('org', 'org'), ref('team', 'team')], models))).toBeLessThan(40);
  });
});
