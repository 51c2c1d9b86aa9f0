/**
 * The corpus fidelity test (issue 39): real public descriptions that ship in npm packages, GitHub's REST
 * description (3.0, 1,223 operations and 270 webhooks) and Blockfrost's (3.0 YAML), counted through import,
 * OpenAPI export and re-import. Any count that goes down with no warning at its place fails the test; a planted
 * loss proves the counter sees one.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { importOpenApi } from '../../../shared/import/openapi';
import { asProjectFile, importedCounts, silentLosses, sourceCounts, totals, type Metric } from './fidelity';
import { openApiOf } from '.';

type Obj = Record<string, unknown>;
const packageFile = (name: string, file: string) => join(dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)), file);

const CORPUS: { name: string; read: () => Obj }[] = [
  {
    name: "GitHub's REST API",
    read: () => JSON.parse(readFileSync(packageFile('@octokit/openapi', 'generated/api.github.com.json'), 'utf8')) as Obj,
  },
  { name: 'Blockfrost', read: () => load(readFileSync(packageFile('@blockfrost/openapi', 'openapi.yaml'), 'utf8')) as Obj },
];
/** What a description itself can be counted for (rows and enums exist only once it is mapped). */
const SOURCE_METRICS: Metric[] = ['operations', 'parameters', 'statuses', 'responseHeaders', 'examples', 'models', 'modelNames'];

/** Import (without the specification check: its warnings explain no loss), export to OpenAPI, import again. */
async function throughTheRoundTrip(source: Obj, plant?: (exported: Obj) => void) {
  const first = await importOpenApi(source, { validate: false });
  const exported = JSON.parse(JSON.stringify(openApiOf(asProjectFile(first)))) as Obj;
  plant?.(exported);
  const again = await importOpenApi(exported, { validate: false });
  const counted = { source: sourceCounts(source), imported: importedCounts(first), reimported: importedCounts(again) };
  return {
    counted,
    losses: [
      ...silentLosses(counted.source, counted.imported, first.warnings, SOURCE_METRICS),
      ...silentLosses(counted.imported, counted.reimported, again.warnings),
    ],
  };
}

describe('corpus fidelity: import, OpenAPI export and re-import of real descriptions lose nothing silently', () => {
  for (const { name, read } of CORPUS)
    // GitHub's 13 MB goes through three mappings: 24 s here on a loaded 2-core machine, past the unit default.
    it(name, { timeout: 90_000 }, async () => {
      const { counted, losses } = await throughTheRoundTrip(read());
      console.info(
        name,
        JSON.stringify({ source: totals(counted.source), imported: totals(counted.imported), reimported: totals(counted.reimported) }),
      );
      expect(losses).toEqual([]);
      expect(totals(counted.imported).operations).toBeGreaterThan(100);
    });

  it('catches a planted loss: an enum, a response header and an operation dropped from the export', async () => {
    const source: Obj = {
      openapi: '3.0.3',
      info: { title: 'Planted', version: '1' },
      paths: {
        '/pets': {
          get: {
            parameters: [{ name: 'kind', in: 'query', schema: { type: 'string', enum: ['cat', 'dog'] } }],
            responses: { '200': { description: 'ok', headers: { 'X-Total': { schema: { type: 'integer' } } } } },
          },
        },
        '/pets/{id}': {
          delete: {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '204': { description: 'gone' } },
          },
        },
      },
    };
    const clean = await throughTheRoundTrip(source);
    expect(clean.losses).toEqual([]);
    const planted = await throughTheRoundTrip(source, (exported) => {
      const paths = exported.paths as Record<string, Record<string, Obj>>;
      const get = paths['/pets']!.get!;
      delete ((get.parameters as Obj[])[0]!.schema as Obj).enum;
      delete (get.responses as Record<string, Obj>)['200']!.headers;
      delete paths['/pets/{id}'];
    });
    expect(planted.losses).toEqual([
      { key: 'api:GET /pets', metric: 'responseHeaders', before: 1, after: 0 },
      { key: 'api:GET /pets', metric: 'rows', before: 2, after: 1 },
      { key: 'api:GET /pets', metric: 'enums', before: 1, after: 0 },
      { key: 'api:DELETE /pets/{}', metric: 'operations', before: 1, after: 0 },
      { key: 'api:DELETE /pets/{}', metric: 'parameters', before: 1, after: 0 },
      { key: 'api:DELETE /pets/{}', metric: 'statuses', before: 1, after: 0 },
      { key: 'api:DELETE /pets/{}', metric: 'rows', before: 1, after: 0 },
    ]);
  });
});
