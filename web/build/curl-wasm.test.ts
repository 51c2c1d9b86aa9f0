import { afterAll, describe, expect, it } from 'vitest';
import { curlWasm } from './curl-wasm';
import { buildFixture, fixture } from './fixture';

const app = fixture({
  'index.html': '<!doctype html><html><body><script type="module" src="/main.js"></script></body></html>',
  'main.js': "document.title = 'app';",
});
afterAll(app.remove);

describe('the cURL WebAssembly plugin', () => {
  it('emits the two files curlconverter fetches, at the root of the build, as WebAssembly', async () => {
    const output = await buildFixture(app.root, { plugins: [curlWasm()] });
    for (const name of ['tree-sitter.wasm', 'tree-sitter-bash.wasm']) {
      const asset = output.find((item) => item.fileName === name);
      expect(asset?.type, name).toBe('asset');
      const bytes = asset?.type === 'asset' ? Buffer.from(asset.source) : Buffer.alloc(0);
      // "\0asm": a WebAssembly module's magic number.
      expect(bytes.subarray(0, 4).toString('hex'), name).toBe('0061736d');
    }
  });
});
