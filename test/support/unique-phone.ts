import { randomInt } from 'node:crypto';

// A random start per process, then a counter: the walk makes a thousand or more fixtures, and 8 random digits each
// can give two of them one phone, rarely but really (the second send to it is then refused as too soon).
let next = randomInt(0, 1e8);

/** A mainland mobile number no other call of this test process has used. */
export function uniquePhone(prefix = '137'): string {
  next = (next + 1) % 1e8;
  return `${prefix}${String(next).padStart(8, '0')}`;
}
