import { describe, expect, it } from 'vitest';
import { bellEn } from './bell.en';
import { channelsEn } from './channels.en';
import { commentsEn } from './comments.en';
import { en } from './en';
import { importsEn } from './imports.en';
import { mockEn } from './mock.en';
import { runnerEn } from './runner.en';
import { scenarioEn } from './scenario.en';
import { scriptsEn } from '@shared/script-sandbox/texts.en';

const texts = (value: unknown): string[] => (typeof value === 'string' ? [value] : Object.values(value as object).flatMap(texts));

describe('English texts', () => {
  it('use no Chinese characters, no full-width punctuation and no typographic quotes', () => {
    const own = texts({
      ...en,
      common: { ...en.common, languages: {} },
      mock: mockEn,
      imports: importsEn,
      runner: runnerEn,
      scenario: scenarioEn,
      scripts: scriptsEn,
      comments: commentsEn,
      bell: bellEn,
      channels: channelsEn,
    });
    const mixed = own.filter((s) => /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef\u2018-\u201f]/.test(s));
    expect(mixed).toEqual([]);
  });
});
