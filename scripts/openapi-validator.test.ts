import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VALIDATOR_FILE, validatorSource } from './openapi-validator';

describe('the OpenAPI validator compiled ahead of time', () => {
  it('is what the installed parser and its schema generate (else: npm run gen:openapi-validator)', { timeout: 60_000 }, async () => {
    const committed = readFileSync(VALIDATOR_FILE, 'utf8');
    // Not toBe: a failing match would print 200 KB of code.
    expect(committed === (await validatorSource()), 'shared/import/openapi/oas31-validator.generated.js is stale').toBe(true);
  });
});
