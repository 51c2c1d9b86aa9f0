/**
 * One PDF export in a process of its own (a fresh heap, so its peak memory is its own): GitHub's REST description
 * imported (parse and map, as the import job does), turned into Apiloom's project file with its folders and models,
 * cut to the first `limit` operations and the models they use (all when no limit is given), and rendered by the PDF writer with 1.1-style
 * serial labels. Prints one JSON line: the operations, models and pages rendered, the time and the peak memory.
 */
import { readFileSync } from 'node:fs';
import { detectFormat } from '../../shared/import/index';
import { importOpenApi } from '../../shared/import/openapi/index';
import { APILOOM_FILE_KIND, apiloomFile } from '../../shared/import/apiloom';
import { nestNodes, serialLabels } from '../../shared/serial-numbers';
import type { ParamItem } from '../../shared/schemas/document';
import { pdfWriter } from '../../functions/export/pdf/index';
import { runMeter } from './run-meter';

const [file, limitArg] = process.argv.slice(2);
const limit = limitArg ? Number(limitArg) : Infinity;
const { sample, stop } = runMeter();

const mapped = await importOpenApi(detectFormat({ bytes: readFileSync(file!), name: file! }).value, { validate: false });
// The first `limit` operations and the models they use (directly or through other models), as a project of that size
// would hold them; with no limit, the whole description.
const apiDocs = mapped.documents.filter((d) => d.type === 'api').slice(0, limit);
const modelsByName = new Map(mapped.documents.filter((d) => d.type === 'model').map((d) => [d.key.replace(/^model:/, ''), d]));
const used = new Set<string>();
const visit = (items: readonly ParamItem[]): void =>
  items.forEach((p) => {
    if (p.ref !== undefined && !used.has(p.ref) && modelsByName.has(p.ref)) {
      used.add(p.ref);
      const model = modelsByName.get(p.ref)!;
      if (model.type === 'model') visit(model.content.schema);
    }
    visit(p.children);
  });
for (const d of apiDocs)
  if (d.type === 'api') {
    const c = d.content;
    [c.reqHeaders, c.reqQuery, c.reqPath, c.reqBody, ...c.responses.flatMap((r) => [r.headers, r.body])].forEach(visit);
  }
const documents = mapped.documents.filter((d) =>
  d.type === 'api' ? apiDocs.includes(d) : d.type === 'model' ? limit === Infinity || used.has(d.key.replace(/^model:/, '')) : true,
);
const apis = apiDocs.length;
const nodes: { id: string; parentId: string; type: string; name: string; content: unknown }[] = [];
const folders = new Map<string, string>();
const folderOf = (path: string[]): string => {
  let parent = '';
  path.forEach((name, i) => {
    const key = path.slice(0, i + 1).join('/');
    if (!folders.has(key)) {
      folders.set(key, `f${folders.size}`);
      nodes.push({ id: folders.get(key)!, parentId: parent, type: 'folder', name, content: { v: 1 } });
    }
    parent = folders.get(key)!;
  });
  return parent;
};
documents.forEach((d, i) =>
  nodes.push({
    id: `d${i}`,
    parentId: folderOf(d.folder),
    type: d.type,
    name: d.name,
    content: { v: d.type === 'api' ? 2 : 1, ...d.content },
  }),
);
const project = apiloomFile.read({
  kind: APILOOM_FILE_KIND,
  project: { name: 'GitHub REST API', description: 'GitHub v3 REST API' },
  nodes,
});
sample();
const started = performance.now();
const cpuStarted = process.cpuUsage();
const out = await pdfWriter(project, {
  language: 'zh',
  serials: serialLabels(nestNodes(project.nodes), 'decimal'),
  exportedAt: new Date().toISOString(),
  readImage: async () => undefined,
});
// The file comes in pieces, as the job stores them: each is counted and let go (a page marker split between two
// pieces is found across the seam).
let bytes = 0;
let pages = 0;
let seam = '';
for await (const piece of out.body) {
  bytes += piece.length;
  const text = seam + Buffer.from(piece).toString('latin1');
  pages += text.match(/\/Type \/Page\b/g)?.length ?? 0;
  seam = text.slice(-16).replace(/^.*\/Type \/Page\b/s, '');
}
const ms = Math.round(performance.now() - started);
const cpu = process.cpuUsage(cpuStarted);
const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
sample();
const peakMb = stop();
console.log(
  JSON.stringify({
    operations: apis,
    models: documents.filter((d) => d.type === 'model').length,
    pages,
    ms,
    cpuMs,
    mb: Math.round(bytes / 1024 / 1024),
    peakMb,
  }),
);
