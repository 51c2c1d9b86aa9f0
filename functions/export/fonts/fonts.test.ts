import { readFileSync } from 'node:fs';
import { create } from 'fontkit';
import { describe, expect, it } from 'vitest';

const font = (name: string) => create(readFileSync(new URL(`./${name}`, import.meta.url)));
const codePoints = (text: string) => [...text].map((c) => c.codePointAt(0)!);

describe('export fonts', () => {
  it.each(['NotoSansSC-Subset-Regular.ttf', 'NotoSansSC-Subset-Bold.ttf'])(
    '%s covers name characters GB2312 misses, punctuation and full-width forms',
    (name) => {
      const f = font(name);
      const missing = codePoints('堃喆镕昇 中文文档接口 “引号” ‘单’ … — · 。，、；：？！（）【】《》 ＡＢＣ０１２ abcXYZ 019 é ü ©').filter(
        (c) => c !== 0x20 && !f.hasGlyphForCodePoint(c),
      );
      expect(missing.map((c) => String.fromCodePoint(c))).toEqual([]);
      // A subset, not the whole 10 MB font: Korean and Japanese kana blocks were left out.
      expect(f.hasGlyphForCodePoint(0xac00)).toBe(false);
    },
  );

  it('has a monospace face for code that lays out code as typed (no ligature glyphs fontkit cannot measure)', () => {
    const f = font('JetBrainsMono-Regular.ttf');
    expect(codePoints('{"id": 1} => []').every((c) => f.hasGlyphForCodePoint(c))).toBe(true);
    const code = 'a -> b != c // d && e :: f <= g === h /* i */ ## j';
    const run = f.layout(code);
    expect(run.glyphs).toHaveLength(code.length);
    expect(run.glyphs.every((g) => g.advanceWidth === run.glyphs[0]!.advanceWidth)).toBe(true);
  });
});
