import { describe, expect, it } from 'vitest';
import { translate } from '../messages';
import { importInput } from './index';
import { ImportRefusal } from './parse';
import { jsonErrorOffset, lineAndColumn } from './syntax';

const refusal = async (input: Parameters<typeof importInput>[0]) => {
  try {
    await importInput(input);
  } catch (error) {
    if (error instanceof ImportRefusal) return error;
    throw error;
  }
  throw new Error('imported');
};

describe('a file with a syntax error', () => {
  it('is refused as a JSON syntax error with its line and column, in both languages', async () => {
    const text = '{\n  "openapi": "3.0.3",\n  "info": { "title": "Shop" "version": "1" },\n  "paths": {}\n}\n';
    const error = await refusal({ text, name: 'shop.json' });
    expect(error.reason).toBe('importSyntax');
    expect(error.params).toEqual({ format: 'JSON', line: 3, column: 29 });
    expect(translate('zh', 'error.importSyntax', error.params)).toBe('文件不是有效的 JSON：第 3 行第 29 列有语法错误');
    expect(translate('en', 'error.importSyntax', error.params)).toBe('The file is not valid JSON: a syntax error at line 3, column 29');
  });

  it('is refused so when it ends too early, or has a trailing comma, whatever its name', async () => {
    expect((await refusal({ text: '{"swagger": "2.0",\n "paths": {\n' })).params).toEqual({ format: 'JSON', line: 3, column: 1 });
    expect((await refusal({ text: '[\n  {"name": "a"},\n]', name: 'export.txt' })).params).toEqual({ format: 'JSON', line: 3, column: 1 });
  });

  it('is refused as a YAML syntax error with its line and column', async () => {
    const text = 'openapi: 3.0.3\ninfo:\n  title: Shop\n   version: "1"\npaths: {}\n';
    const error = await refusal({ text, name: 'shop.yaml' });
    expect(error.reason).toBe('importSyntax');
    expect(error.params).toMatchObject({ format: 'YAML', line: 4 });
    expect(translate('en', 'error.importSyntax', error.params)).toMatch(
      /^The file is not valid YAML: a syntax error at line 4, column \d+$/,
    );
  });

  it('leaves a well-formed file of no format, and text that is neither, "invalid type"', async () => {
    for (const text of ['{"hello": "world"}', 'hello world', 'a: b', '%PDF-1.7 \u0000\u0001 binary'])
      expect((await refusal({ text, name: 'notes.txt' })).reason).toBe('importInvalidType');
  });
});

const parseError = (text: string) => {
  try {
    JSON.parse(text);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('the JSON scanner', () => {
  it('finds no error where JSON.parse reads the text', () => {
    for (const text of [
      '{}',
      '[]',
      ' {"a": [1, -2.5e+3, true, false, null, "x\\n\\u00e9\\"", {"b": {}}]} ',
      '"just a string"',
      '0',
      JSON.stringify({ deep: Array.from({ length: 50 }, (_, i) => ({ i, s: `é${i}` })) }, null, 2),
    ]) {
      JSON.parse(text);
      expect(jsonErrorOffset(text), text).toBeUndefined();
    }
  });

  it('points where the engine says the text breaks, wherever the engine says it', () => {
    for (const text of [
      '{"a": 1,}',
      '{"a": 1\n "b": 2}',
      '[1, 2',
      '{"a": "x\ny"}',
      '{"a" 1}',
      '[01]',
      '{"a": 1}}',
      "{'a': 1}",
      '{"a": "\\x"}',
    ]) {
      expect(parseError(text), text).not.toBe('');
      const offset = jsonErrorOffset(text);
      expect(offset, text).toBeTypeOf('number');
      // Node names a position for most faults (Chromium a line and column too): where it does, they agree.
      const engine = /at position (\d+)/.exec(parseError(text));
      if (engine) expect(offset, text).toBe(Number(engine[1]));
    }
  });

  it('counts lines and columns from 1', () => {
    expect(lineAndColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
