/**
 * Makes the fonts the PDF export embeds (issue 23), run by hand, never at build or run time:
 *
 *   npx tsx scripts/fonts/subset-cjk.ts
 *
 * Noto Sans SC (from the @expo-google-fonts/noto-sans-sc devDependency, SIL OFL 1.1) is cut down to the characters
 * people write API documentation with: printable ASCII, Latin-1, the CJK Unified Ideographs block U+4E00-9FFF (all
 * of it: a GB2312 subset misses common name characters such as 堃 and 喆), CJK punctuation U+3000-303F, full-width
 * forms U+FF00-FFEF and the general punctuation people type (“” ‘’ … — · and a few more). Regular and bold are
 * written as TrueType beside the PDF writer, with the font's licence. Code blocks use JetBrains Mono (OFL 1.1,
 * @expo-google-fonts/jetbrains-mono), cut to Latin without its ligatures; CJK inside code falls back to Noto Sans SC
 * run by run in the writer.
 */
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const OUT = join(dirname(fileURLToPath(import.meta.url)), '../../functions/export/fonts');

const RANGES: [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x2010, 0x2027], // ‐ ‑ ‒ – — ― ‖ ‗ ‘ ’ ‚ ‛ “ ” „ ‟ † ‡ • ‣ ․ ‥ … ‧
  [0x2030, 0x203b], // ‰ ′ ″ ‹ › ※
  [0x3000, 0x303f],
  [0x4e00, 0x9fff],
  [0xff00, 0xffef],
];
const EXTRA = '·×÷→←↑↓√∞≤≥≠±℃№';

export function subsetText(): string {
  let text = EXTRA;
  for (const [from, to] of RANGES) for (let c = from; c <= to; c++) text += String.fromCodePoint(c);
  return text;
}

async function main() {
  const pkg = dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
  const text = subsetText();
  for (const [weight, out] of [
    ['400Regular/NotoSansSC_400Regular.ttf', 'NotoSansSC-Subset-Regular.ttf'],
    ['700Bold/NotoSansSC_700Bold.ttf', 'NotoSansSC-Subset-Bold.ttf'],
  ] as const) {
    const subset = await subsetFont(await readFile(join(pkg, weight)), text, { targetFormat: 'truetype' });
    await writeFile(join(OUT, out), subset);
    console.log(`${out}: ${(subset.length / 1024 / 1024).toFixed(2)} MB`);
  }
  await copyFile(join(pkg, 'LICENSE_FONT'), join(OUT, 'NotoSansSC-OFL.txt'));
  const mono = dirname(require.resolve('@expo-google-fonts/jetbrains-mono/package.json'));
  // Code is printed as typed: the face's programming ligatures (-> != //) are dropped with every layout feature,
  // which also keeps fontkit (inside pdfkit) off their glyphs, which it cannot measure.
  const latin = subsetText().replace(/[^\u0020-\u024f\u2010-\u203b]/gu, '');
  const monoSubset = await subsetFont(await readFile(join(mono, '400Regular/JetBrainsMono_400Regular.ttf')), latin, {
    targetFormat: 'truetype',
    keepFeatures: [],
  });
  await writeFile(join(OUT, 'JetBrainsMono-Regular.ttf'), monoSubset);
  console.log(`JetBrainsMono-Regular.ttf: ${(monoSubset.length / 1024).toFixed(0)} KB`);
  await copyFile(join(mono, 'LICENSE_FONT'), join(OUT, 'JetBrainsMono-OFL.txt'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
