/** Random identifiers made in the page (mock tokens, expectation ids), from the browser's CSPRNG. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** `length` characters of [A-Za-z0-9_-]: 64 symbols, so each random byte's low six bits pick one without bias. */
export function randomToken(length = 32): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte & 63];
  return out;
}
