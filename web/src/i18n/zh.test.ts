/**
 * How the Chinese texts are set: a space between Chinese and Latin letters or digits ("导入 OpenAPI 文件", "第 3
 * 行"), and one kind of colon in Chinese prose, the full-width "：" (a half-width one stays only inside code and
 * addresses, "https://", "Content-Type: application/json"). Texts are checked as shown: each placeholder filled
 * with a Latin name, as a project, a provider or a token may be called; `{{x, spaced}}` spaces such a name itself.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bellZh } from './bell.zh';
import { channelsZh } from './channels.zh';
import { commentsZh } from './comments.zh';
import { exportsZh } from './exports.zh';
import { i18n, loadLanguage } from './index';
import { importsZh } from './imports.zh';
import { mockZh } from './mock.zh';
import { pluginZh } from './plugin.zh';
import { runnerZh } from './runner.zh';
import { scenarioZh } from './scenario.zh';
import { scriptsZh } from '@shared/script-sandbox/texts.zh';
import { tokensZh } from './tokens.zh';
import { zh } from './zh';

const textsOf = (value: unknown, at = ''): [string, string][] =>
  typeof value === 'string' ? [[at, value]] : Object.entries(value as object).flatMap(([k, v]) => textsOf(v, at ? `${at}.${k}` : k));

const ALL = textsOf({
  ...zh,
  exports: exportsZh,
  imports: importsZh,
  mock: mockZh,
  plugin: pluginZh,
  runner: runnerZh,
  scenario: scenarioZh,
  scripts: scriptsZh,
  tokens: tokensZh,
  comments: commentsZh,
  bell: bellZh,
  channels: channelsZh,
});

/** Placeholders whose values are always Chinese in a Chinese text (a script's phase: "前置脚本"; a version's bump: "主"). */
const CHINESE_VALUES = new Set(['phase', 'bump']);

const t = i18n.getFixedT('zh');
// English (one test reads it) loads on first use, a chunk of its own in the app.
beforeAll(() => loadLanguage('en'));
/** A text as shown, every placeholder holding a Latin name (or its Chinese value, for the few that always have one). */
const shown = (text: string) =>
  t('x', {
    defaultValue: text,
    ...Object.fromEntries([...text.matchAll(/\{\{(\w+)/g)].map(([, name]) => [name!, CHINESE_VALUES.has(name!) ? '前置脚本' : 'GitHub'])),
  });

const CJK = '[\\u4e00-\\u9fff]';
const LATIN = '[A-Za-z0-9]';
const glued = new RegExp(`${CJK}${LATIN}|${LATIN}${CJK}`);
/** A half-width colon as punctuation of Chinese prose: beside a Chinese character, or ending a clause before one. */
const proseColon = new RegExp(`${CJK}:|:${CJK}|: ${CJK}`);

describe('the Chinese texts', () => {
  it('put a space between Chinese and Latin letters or digits, placeholders filled in', () => {
    const bad = ALL.filter(([, text]) => glued.test(shown(text))).map(([key, text]) => `${key}: ${shown(text)}`);
    expect(bad).toEqual([]);
  });

  it('use the full-width colon in prose', () => {
    const bad = ALL.filter(([, text]) => proseColon.test(shown(text))).map(([key, text]) => `${key}: ${text}`);
    expect(bad).toEqual([]);
  });

  it('space a Latin name set in a sentence, and leave a Chinese one as it is', () => {
    expect(t('thirdParty.unbindConfirm', { provider: 'GitHub' })).toBe('解绑 GitHub 账号？解绑后不能再用它登录。');
    expect(t('thirdParty.unbindConfirm', { provider: '微博' })).toBe('解绑微博账号？解绑后不能再用它登录。');
    expect(t('thirdParty.signInWith', { provider: 'Gitee' })).toBe('使用 Gitee 登录');
    expect(i18n.getFixedT('en')('thirdParty.signInWith', { provider: 'GitHub' })).toBe('Sign in with GitHub');
  });
});
