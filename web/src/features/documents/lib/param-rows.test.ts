import { describe, expect, it } from 'vitest';
import { paramRow } from '@shared/schemas/param-row';
import { constraintLabels } from './param-rows';
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
