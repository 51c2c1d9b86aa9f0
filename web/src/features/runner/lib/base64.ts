/** Bytes to base64 and back, in chunks: `String.fromCharCode(...bytes)` of a whole large body overflows the stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A body as text (UTF-8; invalid sequences become U+FFFD). */
export const base64ToText = (base64: string) => new TextDecoder().decode(base64ToBytes(base64));
