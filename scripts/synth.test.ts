import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CDK_SYNTH_ARGS, synth } from './synth';

describe('npm run synth on a fresh clone', () => {
  it('is the synth script, which builds what is missing before cdk synthesizes', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.synth).toMatch(/^tsx scripts\/synth\.ts/);
    const steps: string[] = [];
    const status = await synth({
      ensureBuilt: async () => void steps.push('build'),
      cdk: (args) => (steps.push(`cdk ${args.join(' ')}`), 0),
    });
    expect(status).toBe(0);
    expect(steps).toEqual(['build', `cdk ${CDK_SYNTH_ARGS.join(' ')}`]);
  });
});
