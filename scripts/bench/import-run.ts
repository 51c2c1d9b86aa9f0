/**
 * One import of a file in a process of its own (a fresh heap, so its peak memory is its own): read, detect and
 * parse with the guards, upgrade and validate, map, plan the first import, then plan it again unchanged (which must
 * write nothing). Prints one JSON line with the time of each stage and the peak resident memory.
 */
import { readFileSync } from 'node:fs';
import { detectFormat, importDetected } from '../../shared/import/index';
import { planImport, type ExistingDocument } from '../../shared/import/plan';
import { importOpenApi } from '../../shared/import/openapi/index';
import { runMeter } from './run-meter';

const file = process.argv[2]!;
const { stages, time, stop } = runMeter();

const bytes = await time('read', () => readFileSync(file));
const detected = await time('detect + parse (guards)', () => detectFormat({ bytes, name: file }));
const validated = await time('upgrade + validate + map', () => importDetected(detected));
const mapped = await time('upgrade + map (no validation)', () => importOpenApi(detected.value, { validate: false }));
const source = 'bench';
const first = await time('plan first import', () => planImport([], mapped, { mode: 'merge', source }));
// What the project holds after the first import, as the writer would leave it.
const project: ExistingDocument[] = first.created.map((w, i) => ({
  id: `d${i}`,
  type: w.document.type,
  name: w.document.name,
  folder: w.document.folder,
  content: w.document.content,
  imported: w.stamp,
}));
const again = await time('plan unchanged re-import', () => planImport(project, mapped, { mode: 'merge', source }));
const peakMb = stop();
const apis = mapped.documents.filter((d) => d.type === 'api');
console.log(
  JSON.stringify({
    stages,
    peakMb,
    operations: apis.length,
    models: mapped.documents.filter((d) => d.type === 'model').length,
    examples: apis.reduce((n, d) => n + d.content.reqExamples.length + d.content.responses.reduce((m, r) => m + r.examples.length, 0), 0),
    largestDocumentKb: Math.round(Math.max(...mapped.documents.map((d) => JSON.stringify(d.content).length)) / 1024),
    validationWarnings: validated.warnings.filter((w) => w.code === 'invalidSpec').length,
    firstPlan: { created: first.created.length, updated: first.updated.length },
    unchangedWrites: again.created.length + again.updated.length + again.deleted.length + again.restamped.length,
  }),
);
