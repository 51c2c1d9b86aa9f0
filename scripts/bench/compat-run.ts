/**
 * The compatibility report on GitHub's REST description (issue 35), in a process of its own (its peak memory is its
 * own): the description mapped once, a copy with planted changes (at least one of each check, 200 in all, each on
 * an operation of its own, recorded as planted), then the engine's report between them, timed, and its recall and
 * precision on the planted set. Prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { compareStates } from '../../shared/compat/engine';
import { stateFromImport } from '../../shared/compat/state';
import type { ProjectState } from '../../shared/compat/types';
import { importOpenApi } from '../../shared/import/openapi/index';
import { parseStructured } from '../../shared/import/parse';
import { plantChanges, scorePlanted } from './compat-plant';
import { runMeter } from './run-meter';

const file = process.argv[2]!;
const { stages, time, stop } = runMeter();
const mapped = await time('read + map', async () =>
  importOpenApi(parseStructured(readFileSync(file, 'utf8')), { validate: false, ownSource: true }),
);
const before: ProjectState = stateFromImport(mapped);
const { after, planted } = await time('plant', () => plantChanges(before));

const report = await time('report', () => compareStates(before, after));
const peakMb = stop();
const score = scorePlanted(report, planted);
console.log(
  JSON.stringify({
    stages,
    peakMb,
    operations: before.documents.filter((d) => d.type === 'api').length,
    planted: planted.length,
    distinctChecks: new Set(planted.map((p) => p.id)).size,
    ...score,
  }),
);
