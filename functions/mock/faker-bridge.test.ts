import { describe, expect, it } from 'vitest';
import { callFaker, FAKER_METHODS } from './faker-bridge';
import { MOCK_CAPS } from './limits';

const value = (path: string, args: unknown[] = [], locale: 'zh' | 'en' = 'zh') => {
  const result = callFaker(locale, path, args);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('callFaker', () => {
  it('calls faker methods in the chosen locale', () => {
    expect(value('person.fullName')).toMatch(/^[\u4e00-\u9fff]{2,4}$/);
    expect(value('person.fullName', [], 'en')).toMatch(/^[A-Za-z.' -]+$/);
    expect(value('number.int', [{ min: 5, max: 5 }])).toBe(5);
    expect(value('internet.email')).toMatch(/@/);
  });

  it('refuses anything that is not a listed method of a listed module', () => {
    for (const path of [
      'constructor',
      'person.constructor',
      'person.__proto__',
      'person.prototype',
      '__proto__.polluted',
      'constructor.constructor',
      'fakerCore.randomizer',
      'person',
      'person.fullName.call',
      'seed',
      'helpers.fake',
      'helpers.fromRegExp',
      'helpers.multiple',
      'person._privateThing',
    ]) {
      const result = callFaker('zh', path, []);
      expect(result.ok, path).toBe(false);
      if (!result.ok) expect(result.error).toEqual({ kind: 'script_error', message: `faker.${path} is not available in mock scripts` });
    }
    expect(FAKER_METHODS.helpers).not.toContain('fake');
    expect(Object.values(FAKER_METHODS).flat()).not.toContain('constructor');
  });

  it('clamps sizes, so a call cannot build a huge value in the host', () => {
    expect(value('string.alpha', [1e9])).toHaveLength(MOCK_CAPS.repeat);
    expect(value('string.numeric', [{ length: 1e9 }])).toHaveLength(MOCK_CAPS.repeat);
    expect((value('lorem.words', [{ min: 1e9, max: 1e9 }]) as string).split(' ')).toHaveLength(MOCK_CAPS.repeat);
    expect(value('date.betweens', [{ from: '2020-01-01', to: '2021-01-01', count: 1e9 }])).toHaveLength(MOCK_CAPS.repeat);
    expect(value('helpers.arrayElements', [[1, 2, 3], 1e9])).toHaveLength(3);
  });

  it('keeps value arguments of value methods as they are', () => {
    expect(value('number.int', [{ min: 1e12, max: 1e12 }])).toBe(1e12);
    expect(value('finance.amount', [{ min: 5000, max: 5000, dec: 0 }])).toBe('5000');
  });

  it('returns JSON values: dates as ISO text, bigints as decimal text', () => {
    expect(value('date.past')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(value('number.bigInt', [{ min: 5n.toString(), max: 5n.toString() }])).toBe('5');
  });

  it('reports a failing call as a message', () => {
    const result = callFaker('zh', 'number.int', [{ min: 10, max: 1 }]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/^faker\.number\.int: /);
  });
});
