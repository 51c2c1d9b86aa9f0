/**
 * The export bench's run, in a process of its own (a fresh heap, so its peak memory is its own): GitHub's REST
 * description imported (mapped), put into Apiloom's project file as the export's snapshot would hold it, exported
 * to OpenAPI 3.1 by the writer the export job runs, validated with the OpenAPI parser, and imported again; prints
 * one JSON line with the time of each stage, the peak resident memory and the counts before and after.
 */
import { readFileSync } from 'node:fs';
import { validate } from '@scalar/openapi-parser';
import { APILOOM_FILE_KIND, type ApiloomFile } from '../../shared/import/apiloom/index';
import { detectFormat, importDetected } from '../../shared/import/index';
import type { ImportResult } from '../../shared/import/types';
import { writeContent, type TypedContent } from '../../shared/schemas/document';
import { writeOpenApiJson } from '../../functions/export/openapi/index';
import { countsOf } from '../../functions/export/test-fixture';
import { runMeter } from './run-meter';

const file = process.argv[2]!;
const { stages, time, stop } = runMeter();

/** An import's documents as a project file: folders from their paths, documents in order, content stored. */
function projectFile(result: ImportResult): ApiloomFile {
  const nodes: ApiloomFile['nodes'] = [];
  const folders = new Map<string, string>();
  const folderOf = (path: string[]): string => {
    if (!path.length) return '';
    const key = path.join('\u0000');
    let id = folders.get(key);
    if (!id) {
      const parentId = folderOf(path.slice(0, -1));
      id = `f${folders.size}`;
      folders.set(key, id);
      nodes.push({ id, parentId, type: 'folder', name: path.at(-1)!, comment: '', content: {} });
    }
    return id;
  };
  result.documents.forEach((d, i) =>
    nodes.push({
      id: `d${i}`,
      parentId: folderOf(d.folder),
      type: d.type,
      name: d.name,
      comment: '',
      content: writeContent({ type: d.type, content: d.content } as TypedContent),
    }),
  );
  return { kind: APILOOM_FILE_KIND, project: { ...result.project, environments: [] }, nodes };
}

const bytes = readFileSync(file);
const imported = await time('import (map) the source', () => importDetected(detectFormat({ bytes, name: file })));
const project = projectFile(imported);
const exported = await time('export to OpenAPI 3.1 (writer)', () =>
  writeOpenApiJson(project, { language: 'en', serials: new Map(), exportedAt: new Date().toISOString(), readImage: async () => undefined }),
);
const spec = JSON.parse(new TextDecoder().decode(exported.body)) as Record<string, unknown>;
const validation = await time('validate the export', () => validate(spec));
const again = await time('import the export again', () => importDetected(detectFormat({ bytes: exported.body, name: 'export.json' })));
const peakMb = stop();
console.log(
  JSON.stringify({
    stages,
    peakMb,
    exportMb: Math.round((exported.body.length / 1024 / 1024) * 10) / 10,
    valid: validation.valid,
    validationErrors: validation.errors?.length ?? 0,
    firstErrors: (validation.errors ?? []).slice(0, 7).map((e) => `${JSON.stringify((e as { path?: unknown }).path ?? '')} ${e.message}`),
    before: countsOf(imported.documents),
    after: countsOf(again.documents),
  }),
);
