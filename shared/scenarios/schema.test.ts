import { describe, expect, it } from 'vitest';
import { scenarioContent, SCENARIO_LIMITS } from '../schemas/scenario';

describe('scenario content', () => {
  it('reads stored content of version 1 (and content without a version) with defaults filled in', () => {
    const read = scenarioContent.read({ steps: [{ id: 'a', type: 'request', source: { kind: 'document', documentId: 'd' } }] });
    expect(read.steps[0]).toMatchObject({
      enabled: true,
      conformance: true,
      forbidExtraFields: false,
      checks: [],
      extract: [],
      preScript: '',
    });
    expect(read.dataSet).toBeNull();
    expect(scenarioContent.write(read)).toMatchObject({ v: 1 });
    expect(scenarioContent.read(scenarioContent.write(read))).toEqual(read);
  });

  it('refuses a step id used twice, steps nested too deep and an unknown version', () => {
    const step = (id: string) => ({ id, type: 'wait', ms: 1 });
    expect(() => scenarioContent.read({ steps: [step('a'), { id: 'g', type: 'group', steps: [step('a')] }] })).toThrow('used twice');
    let nested: unknown = step('leaf');
    for (let i = 0; i <= SCENARIO_LIMITS.depth; i++) nested = { id: `g${i}`, type: 'group', steps: [nested] };
    expect(() => scenarioContent.read({ steps: [nested] })).toThrow('nested deeper');
    expect(() => scenarioContent.read({ v: 9, steps: [] })).toThrow('unknown stored version');
  });
});
