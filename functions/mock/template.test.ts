import { afterEach, describe, expect, it } from 'vitest';
import { MOCK_CAPS } from './limits';
import { callRandom, withRenderBudget } from './mockjs-hardened';
import { renderTemplate, renderTemplateValue } from './template';

function render(template: unknown) {
  const result = renderTemplate(JSON.stringify(template), { deadline: Date.now() + 30_000 });
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  expect(JSON.parse(result.value.json)).toEqual(result.value.value);
  return result.value.value as Record<string, unknown>;
}

/** A generous deadline: these tests are about the caps, and a loaded machine must not turn them into timeouts. */
const unhurried = () => ({ deadline: Date.now() + 30_000 });

function renderError(template: unknown) {
  const result = renderTemplate(typeof template === 'string' ? template : JSON.stringify(template), unhurried());
  if (result.ok) throw new Error('expected an error');
  return result.error;
}

const CJK = /^[\u4e00-\u9fff·]+$/;

describe('renderTemplate', () => {
  it('renders the rules users write: ranges, increments, picks, decimals, booleans', () => {
    const out = render({
      'list|3': [{ 'id|+1': 1, 'grade|1-3': 1, 'score|1-100.2': 1, 'ok|1': true, 'method|1': ['GET', 'POST'] }],
      'stars|2-4': '★',
      'obj|2': { a: 1, b: 2, c: 3 },
    });
    const list = out.list as Record<string, unknown>[];
    expect(list.map((item) => item.id)).toEqual([1, 2, 3]);
    for (const item of list) {
      expect(item.grade).toBeGreaterThanOrEqual(1);
      expect(item.grade).toBeLessThanOrEqual(3);
      expect(String(item.score)).toMatch(/^\d+\.\d{2}$/);
      expect(typeof item.ok).toBe('boolean');
      expect(['GET', 'POST']).toContain(item.method);
    }
    expect(out.stars).toMatch(/^★{2,4}$/);
    expect(Object.keys(out.obj as object)).toHaveLength(2);
  });

  it('gives Chinese data where Mock.js has it', () => {
    const out = render({
      name: '@cname',
      word: '@cword(3)',
      title: '@ctitle(3, 5)',
      province: '@province',
      city: '@city',
      text: '@cparagraph(1)',
    });
    expect(out.name).toMatch(CJK);
    expect(out.word).toMatch(/^[\u4e00-\u9fff]{3}$/);
    expect(String(out.title).length).toBeGreaterThanOrEqual(3);
    expect(out.province).toMatch(CJK);
    expect(out.text).toMatch(/。$/);
  });

  it('keeps the type of a lone placeholder, fills placeholders inside text and leaves escaped ones', () => {
    const out = render({
      n: '@integer(5, 5)',
      b: '@boolean',
      text: 'id-@integer(7, 7)-@upper("ab")',
      escaped: '\\@cname',
      unknown: '@nosuchthing',
    });
    expect(out.n).toBe(5);
    expect(typeof out.b).toBe('boolean');
    expect(out.text).toBe('id-7-AB');
    expect(out.escaped).toBe('\\@cname');
    expect(out.unknown).toBe('@nosuchthing');
  });

  it('resolves references to other fields, relative and absolute', () => {
    const out = render({ first: '@upper("x")', copy: '@first', user: { id: '@integer(9, 9)', label: 'user @../first' }, abs: '@/user/id' });
    expect(out.copy).toBe('X');
    expect((out.user as Record<string, unknown>).label).toBe('user X');
    expect(out.abs).toBe(9);
  });

  it('counts @increment per render, not per process', () => {
    expect(render({ a: '@increment', b: '@increment(10)' })).toEqual({ a: 1, b: 11 });
    expect(render({ a: '@increment' })).toEqual({ a: 1 });
  });

  it('never evaluates placeholder arguments as code (Mock.js itself passes them to eval)', () => {
    process.env.MOCK_TEMPLATE_CANARY = 'canary-value-7f3a';
    const out = render({
      a: '@lower(process.env.MOCK_TEMPLATE_CANARY)',
      b: "@lower(globalThis.__mockPwned = 'yes')",
      c: '@upper(require("fs"))',
    });
    expect(JSON.stringify(out)).not.toContain('canary-value');
    expect((globalThis as Record<string, unknown>).__mockPwned).toBeUndefined();
    expect(out.a).toBe('process.env.mock_template_canary');
  });

  it('resolves references through own properties only, never reaching built-in prototypes', () => {
    const builtIns = () => [Object.getOwnPropertyNames(Object.prototype).join(), Object.getOwnPropertyNames(Function.prototype).join()];
    const before = builtIns();
    // Mock.js would answer these from Object.prototype (`@hasOwnProperty` becomes a function) and walk into it.
    const out = render({ 'toString|1': [{}], x: '@/toString/call', y: '@/constructor/prototype/isPrototypeOf', z: '@hasOwnProperty' });
    expect(out).toEqual({ toString: {}, x: '@toString/call', y: '@constructor/prototype/isPrototypeOf', z: '@hasOwnProperty' });
    expect(builtIns()).toEqual(before);
    expect(renderError({ '__proto__|1': { polluted: 1 } }).message).toMatch(/__proto__/);
    expect(renderError('{"__proto__": {"polluted": 1}}').kind).toBe('invalid_template');
    expect(renderError('{"__pro|to__": {"polluted": 1}}').kind).toBe('invalid_template');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('clamps repeat counts to the cap instead of building what was asked', () => {
    const out = render({ 'list|100000000': [1], 'text|1-100000000': 'x', 'pi|1.100000000': 3 });
    expect(out.list).toHaveLength(MOCK_CAPS.repeat);
    expect(String(out.text).length).toBeLessThanOrEqual(MOCK_CAPS.repeat);
    expect(String(out.pi).split('.')[1]!.length).toBeLessThanOrEqual(10);
  });

  it('clamps sizes passed to Random methods', () => {
    const out = render({ s: '@string(100000000)', r: '@range(1000000000)', p: '@cparagraph(100000000)', z: '@zip(100000000)' });
    expect(String(out.s).length).toBeLessThanOrEqual(MOCK_CAPS.repeat);
    expect(out.r).toHaveLength(MOCK_CAPS.repeat);
    expect(String(out.z)).toHaveLength(MOCK_CAPS.repeat);
  });

  it('refuses output beyond the caps with a typed error, quickly', () => {
    const started = performance.now();
    expect(renderError({ 'a|1000': [{ 'b|1000': [1] }] })).toEqual({
      kind: 'output_too_large',
      message: expect.stringMatching(/values/) as unknown,
    });
    expect(renderError({ 'a|1000': ['x'.repeat(5_000)] }).kind).toBe('output_too_large');
    expect(renderError({ 's|1000': 'x'.repeat(5_000) }).kind).toBe('output_too_large');
    expect(renderError({ 'a|1000': [`@upper("${'x'.repeat(1_500)}")`] }).kind).toBe('output_too_large');
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('refuses templates nested deeper than the cap and references that go round in a cycle', () => {
    let deep: unknown = 1;
    for (let i = 0; i < MOCK_CAPS.depth + 1; i++) deep = { a: deep };
    expect(renderError(deep).message).toMatch(/deeper/);
    expect(renderError({ a: '@b', b: '@a' }).message).toMatch(/cycle/);
  });

  it('refuses overlong field names and anything but an object or array', () => {
    expect(renderError({ ['k'.repeat(101)]: 1 }).message).toMatch(/100 characters/);
    for (const text of ['"@cname"', '1', 'null', '{', '']) expect(renderError(text).kind).toBe('invalid_template');
  });

  it('stops at the deadline', () => {
    const result = renderTemplateValue({ 'a|1000': [{ 'b|50': [1] }] }, { deadline: Date.now() - 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('timeout');
  });

  it('renders long hostile strings in linear time', () => {
    const started = performance.now();
    const result = renderTemplateValue({ text: '\\'.repeat(100_000) + '@zz('.repeat(30_000) }, unhurried());
    expect(result.ok && (result.value.value as { text: string }).text.length).toBe(100_000 + 4 * 30_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('renders any JSON value for scripts, as Mock.mock does', () => {
    const name = renderTemplateValue('@cname');
    expect(name.ok && name.value.value).toMatch(CJK);
    const number = renderTemplateValue('@integer(3, 3)');
    expect(number.ok && number.value.json).toBe('3');
    expect(renderTemplateValue(null)).toEqual({ ok: true, value: { value: null, json: 'null' } });
  });

  it('does not change the template object it is given', () => {
    const template = { 'list|2': [{ 'id|+1': 1 }] };
    const copy = structuredClone(template);
    renderTemplateValue(template);
    expect(template).toEqual(copy);
  });
});

describe('callRandom', () => {
  afterEach(() => expect(({} as Record<string, unknown>).polluted).toBeUndefined());

  it('calls allowed Random methods case-insensitively within a budget', () => {
    const result = withRenderBudget(() => [
      callRandom('CNAME', []),
      callRandom('integer', [3, 3]),
      callRandom('extend', [{}]),
      callRandom('dataImage', []),
    ]);
    expect(result.ok).toBe(true);
    if (result.ok) {
      const [name, n, extend, dataImage] = result.value;
      expect(name).toMatch(CJK);
      expect(n).toBe(3);
      expect(extend).toBeUndefined();
      expect(dataImage).toBeUndefined();
    }
  });

  it('cannot run outside a budget', () => {
    expect(() => callRandom('cname', [])).toThrow(/outside a guarded render/);
  });
});
