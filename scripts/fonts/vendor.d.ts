/** subset-font 2.9.0 ships no types: the one call the font script makes. */
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2'; preserveNameIds?: number[]; keepFeatures?: string[] },
  ): Promise<Buffer>;
}
