/** Images for the print writers: read once each through the export's `readImage`, with their pixel size. */
import type { ExportImage, ExportOptions } from '../types';

export interface PrintImage extends ExportImage {
  width: number;
  height: number;
  type: 'png' | 'jpg' | 'gif' | 'webp';
}

/** Image types the print writers cannot embed (pdfkit takes PNG and JPEG only): they print a placeholder line. */
export const isPrintable = (image: PrintImage) => image.type === 'png' || image.type === 'jpg';

/** The placeholder's name for an image: its alt text, else the file name its source ends with. */
export function imageName(src: string, alt: string): string {
  if (alt.trim()) return alt.trim();
  const last = src.split(/[?#]/)[0]!.split('/').filter(Boolean).at(-1) ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Width and height from the file's own header (PNG, JPEG, GIF, WebP); undefined for anything else. */
export function imageSize(bytes: Uint8Array): { width: number; height: number; type: PrintImage['type'] } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 24 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return { width: view.getUint32(16), height: view.getUint32(20), type: 'png' };
  if (bytes.length >= 10 && bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46)
    return { width: view.getUint16(6, true), height: view.getUint16(8, true), type: 'gif' };
  // RIFF....WEBP, then the first chunk: VP8X (extended: 24-bit sizes less one), VP8L (lossless: 14-bit sizes
  // less one, after a signature byte) or VP8 (lossy: 14-bit sizes in the key frame header).
  if (
    bytes.length >= 30 &&
    String.fromCharCode(...bytes.subarray(0, 4)) === 'RIFF' &&
    String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP'
  ) {
    const chunk = String.fromCharCode(...bytes.subarray(12, 16));
    const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
    if (chunk === 'VP8X') return { width: u24(24) + 1, height: u24(27) + 1, type: 'webp' };
    if (chunk === 'VP8L') {
      const bits = view.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1, type: 'webp' };
    }
    if (chunk === 'VP8 ') return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff, type: 'webp' };
    return undefined;
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return undefined;
      const marker = bytes[at + 1]!;
      const length = view.getUint16(at + 2);
      // Start of frame (SOF0-SOF15, not DHT, JPG or DAC) carries height then width.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { height: view.getUint16(at + 5), width: view.getUint16(at + 7), type: 'jpg' };
      at += 2 + length;
    }
  }
  return undefined;
}

/** Reads each source once; a source `readImage` refuses, or whose bytes are no image we can size, is left out. */
export async function loadImages(sources: Iterable<string>, readImage: ExportOptions['readImage']): Promise<Map<string, PrintImage>> {
  const images = new Map<string, PrintImage>();
  for (const src of sources) {
    const image = await readImage(src).catch(() => undefined);
    const size = image && imageSize(image.bytes);
    if (image && size && size.width > 0 && size.height > 0) images.set(src, { ...image, ...size });
  }
  return images;
}
