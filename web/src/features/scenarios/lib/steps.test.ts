import { describe, expect, it } from 'vitest';
import { scenarioContentV1, type Step } from '@shared/schemas/scenario';
import { addStep, moveStep, newStep, referencedDocumentIds, removeStep, updateStep } from './steps';

const tree = (): Step[] => [
  newStep('request', 'login'),
  { ...newStep('group', 'g'), steps: [newStep('request', 'a'), newStep('wait', 'b'), newStep('request', 'c')] } as Step,
];
const ids = (steps: Step[]): unknown[] => steps.map((s) => ('steps' in s ? [s.id, ids(s.steps)] : s.id));

describe("editing a scenario's steps", () => {
  it('makes new steps of every kind that the stored schema accepts as they are', () => {
    const steps = (['request', 'group', 'loop', 'wait'] as const).map((type) => newStep(type));
    expect(scenarioContentV1.parse({ steps, dataSet: null }).steps).toEqual(steps);
    // A branch and a call name what they test and call before they can be saved.
    const branch = newStep('if') as Extract<Step, { type: 'if' }>;
    expect(scenarioContentV1.safeParse({ steps: [branch] }).success).toBe(false);
    expect(scenarioContentV1.parse({ steps: [{ ...branch, condition: { ...branch.condition, variable: 'token' } }] }).steps).toHaveLength(
      1,
    );
  });

  it('adds at the top or inside a group, and moves a step among its siblings only', () => {
    let steps = addStep(tree(), 'g', newStep('request', 'd'));
    steps = addStep(steps, null, newStep('wait', 'e'));
    expect(ids(steps)).toEqual(['login', ['g', ['a', 'b', 'c', 'd']], 'e']);
    steps = moveStep(steps, 'c', -1);
    expect(ids(steps)).toEqual(['login', ['g', ['a', 'c', 'b', 'd']], 'e']);
    expect(ids(moveStep(steps, 'a', -1))).toEqual(ids(steps));
    expect(ids(moveStep(steps, 'login', 1))).toEqual([['g', ['a', 'c', 'b', 'd']], 'login', 'e']);
  });

  it('changes and removes a nested step without touching the tree it was given', () => {
    const before = tree();
    const renamed = updateStep(before, 'b', (s) => ({ ...s, name: 'pause' }));
    expect((renamed[1] as Extract<Step, { type: 'group' }>).steps[1]!.name).toBe('pause');
    expect((before[1] as Extract<Step, { type: 'group' }>).steps[1]!.name).toBe('');
    expect(ids(removeStep(before, 'a'))).toEqual(['login', ['g', ['b', 'c']]]);
    expect(ids(removeStep(before, 'g'))).toEqual(['login']);
  });

  it('lists the documents the steps refer to, nested ones too, once each', () => {
    const doc = (id: string, documentId: string): Step => ({
      ...(newStep('request', id) as Extract<Step, { type: 'request' }>),
      source: { kind: 'document', documentId },
    });
    const steps: Step[] = [doc('x', 'd1'), { ...newStep('loop', 'l'), steps: [doc('y', 'd2'), doc('z', 'd1')] } as Step];
    expect(referencedDocumentIds(steps)).toEqual(['d1', 'd2']);
  });
});
