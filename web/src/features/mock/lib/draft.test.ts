import { describe, expect, it } from 'vitest';
import { STARTER_BODIES, type MockConfigView } from '@shared/schemas/mock';
import { bodyOf, draftOf, errorsUnder, moved, newExpectation, sameSettings, settingsOf, withBody, withType } from './draft';

const view = (patch: Partial<MockConfigView> = {}): MockConfigView => ({
  projectId: 'p',
  docId: 'd',
  type: 'off',
  body: '',
  status: 200,
  headers: [],
  delay: 0,
  expectations: [],
  updatedAt: null,
  updatedByName: null,
  ...patch,
});

describe('the mock draft', () => {
  it('starts a type with the body in use when it fits, else with the starter body', () => {
    let draft = draftOf(view());
    draft = withType(draft, 'static');
    expect(bodyOf(draft)).toBe(STARTER_BODIES.static);
    draft = withBody(draft, '{"hello": "world"}');
    draft = withType(draft, 'template');
    expect(bodyOf(draft)).toBe('{"hello": "world"}');
    draft = withType(draft, 'script');
    expect(bodyOf(draft)).toBe(STARTER_BODIES.script);
  });

  it('keeps what was typed for each type when switching back and forth', () => {
    let draft = withBody(withType(draftOf(view({ type: 'static', body: '{"a": 1}' })), 'template'), '{"list|2": [1]}');
    draft = withType(draft, 'static');
    expect(bodyOf(draft)).toBe('{"a": 1}');
    draft = withType(draft, 'template');
    expect(bodyOf(draft)).toBe('{"list|2": [1]}');
  });

  it('saves the last body when the type has none, so turning a mock off and on loses nothing', () => {
    const draft = withType(withBody(withType(draftOf(view()), 'template'), '{"n|1-3": "@cname"}'), 'off');
    expect(settingsOf(draft)).toMatchObject({ type: 'off', body: '{"n|1-3": "@cname"}' });
    expect(bodyOf(withType(draft, 'template'))).toBe('{"n|1-3": "@cname"}');
  });

  it('reads what a body saved under off or auto was written for', () => {
    expect(draftOf(view({ type: 'auto', body: '{"a|1-2": "@email"}' })).bodyType).toBe('template');
    expect(draftOf(view({ type: 'off', body: '{"a": 1}' })).bodyType).toBe('static');
    expect(draftOf(view({ type: 'off', body: 'return { body: 1 };' })).bodyType).toBe('script');
  });

  it('leaves an emptied status or delay to the server default, and tells a changed draft from the saved one', () => {
    const saved = draftOf(view({ type: 'static', body: '{}' }));
    expect(settingsOf({ ...saved, status: null, delay: null })).not.toHaveProperty('status');
    expect(sameSettings(saved, draftOf(view({ type: 'static', body: '{}' })))).toBe(true);
    expect(sameSettings(saved, { ...saved, delay: 10 })).toBe(false);
    expect(sameSettings(saved, withType(saved, 'template'))).toBe(false);
  });

  it('makes new expectations with their own ids', () => {
    const a = newExpectation();
    expect(a).toMatchObject({ enabled: true, bodyType: 'static', body: '{}', status: 200, conditions: [] });
    expect(a.id).not.toBe(newExpectation().id);
  });
});

describe('moved', () => {
  it('moves one item and ignores moves past either end', () => {
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});

describe('errorsUnder', () => {
  it('takes the fields below a prefix', () => {
    const errors = { body: 'x', 'expectations.1.body': 'y', 'expectations.1.conditions.0.value': 'z', 'expectations.10.status': 'w' };
    expect(errorsUnder(errors, 'expectations.1')).toEqual({ body: 'y', 'conditions.0.value': 'z' });
  });
});
