/** Hostile input: each refusal, with its message in both languages. */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../constants';
import { translate } from '../messages';
import { importInput, ImportRefusal, IMPORT_MAX_BYTES } from './index';
import { MAX_EXPANDED_NODES, parseStructured } from './parse';
import { warningText } from './warnings';

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ImportRefusal) return error;
    throw error;
  }
  throw new Error('not refused');
};

describe('hostile imports', () => {
  it('refuses a file over 50 MB before reading it', async () => {
    const big = new Uint8Array(IMPORT_MAX_BYTES + 1);
    const error = await refusal(importInput({ bytes: big }));
    expect(error.reason).toBe('importTooLarge');
    expect(translate('zh', `error.${error.reason}`, error.params)).toBe('导入的文件不能超过 50 MB');
    expect(translate('en', `error.${error.reason}`, error.params)).toBe('An imported file is at most 50 MB');
  });

  it('refuses a YAML alias bomb (a billion laughs) by counting what its aliases expand to', async () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++)
      levels.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    const yaml = `openapi: 3.1.0\n${levels.join('\n')}\n`;
    const started = Date.now();
    const error = await refusal(importInput({ text: yaml }));
    expect(error.reason).toBe('importTooManyNodes');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(translate('en', 'error.importTooManyNodes', error.params)).toContain(String(MAX_EXPANDED_NODES));
    // A few shared anchors, as real files have, are fine.
    expect(parseStructured('x: &x {a: 1}\ny: *x\nz: *x\n')).toEqual({ x: { a: 1 }, y: { a: 1 }, z: { a: 1 } });
  });

  it('refuses a JSON file of more nodes than the cap, as it refuses a YAML one', async () => {
    // Ten MB of zeros: under the size cap, over the node cap (JSON is walked without the alias bookkeeping).
    const error = await refusal(importInput({ text: `[${'0,'.repeat(MAX_EXPANDED_NODES)}0]` }));
    expect(error.reason).toBe('importTooManyNodes');
    expect(parseStructured(`[${'0,'.repeat(1_000)}0]`)).toHaveLength(1_001);
  });

  it('refuses nesting past the caps: a file thousands of levels deep, a schema past the parameter depth', async () => {
    const deepJson = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    expect((await refusal(importInput({ text: deepJson }))).reason).toBe('importTooDeep');
    const deepYaml = Array.from({ length: 400 }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n');
    expect((await refusal(importInput({ text: `openapi: 3.1.0\n${deepYaml} 1` }))).reason).toBe('importTooDeep');

    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < LIMITS.paramDepth + 2; i++) schema = { type: 'object', properties: { child: schema } };
    const spec = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas: { Deep: schema } } };
    const error = await refusal(importInput({ text: JSON.stringify(spec) }));
    expect(error.reason).toBe('importTooDeep');
    expect(error.pointer).toMatch(/^\/components\/schemas\/Deep/);
    expect(translate('zh', 'error.importTooDeep', error.params)).toBe(`文件嵌套过深：参数最多嵌套 ${LIMITS.paramDepth} 层`);
  });

  it('never follows a $ref to a file or a URL: each is a warning with its pointer', async () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/env': {
          get: {
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '/proc/self/environ' } } } },
              '201': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: 'http://169.254.169.254/latest/meta-data' } } },
              },
            },
          },
        },
      },
    };
    const r = await importInput({ text: JSON.stringify(spec) });
    const text = JSON.stringify(r.documents);
    expect(text).not.toContain('PATH=');
    expect(r.warnings.filter((w) => w.code === 'externalRef').map((w) => [w.pointer, w.params?.ref])).toEqual([
      ['/paths/~1env/get/responses/200/content/application~1json/schema', '/proc/self/environ'],
      ['/paths/~1env/get/responses/201/content/application~1json/schema', 'http://169.254.169.254/latest/meta-data'],
    ]);
    expect(warningText('zh', { code: 'externalRef', params: { ref: '/x' } })).toBe('引用了外部文件或网址 /x，出于安全考虑不会读取');
    expect(warningText('en', { code: 'script', params: { listen: 'test' } })).toBe(
      'The test script is kept as text in the description; it never runs',
    );
  });

  it("answers anything that is none of the formats with the spec's invalid type message", async () => {
    for (const text of ['hello world', '{"name": "not an API file"}', '[1, 2, 3]', 'a: b', '']) {
      const error = await refusal(importInput({ text }));
      expect(error.reason).toBe('importInvalidType');
    }
    expect(translate('zh', 'error.importInvalidType')).toMatch(/^文件类型无效，请选择正确的文件/);
    expect(translate('en', 'error.importInvalidType')).toMatch(/^Invalid type: choose a correct file/);
  });
});
