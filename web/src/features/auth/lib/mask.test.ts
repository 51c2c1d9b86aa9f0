import { describe, expect, it } from 'vitest';
import { maskAddress } from './mask';

describe('maskAddress', () => {
  it('keeps the start of an email and its domain, and the ends of a phone number', () => {
    expect(maskAddress('ada.lovelace@example.com')).toBe('ad***@example.com');
    expect(maskAddress('a@example.com')).toBe('a***@example.com');
    expect(maskAddress('13812345678')).toBe('138****5678');
    expect(maskAddress('+8613812345678')).toBe('+86****5678');
    expect(maskAddress(null)).toBe('—');
  });
});
