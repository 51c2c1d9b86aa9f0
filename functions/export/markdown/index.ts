/**
 * Markdown (issue 23): a zip with one file per document mirroring the folder tree, and an index (`README.md`)
 * linking each in tree order; each document's body as ./document.ts renders it. The words the writer adds follow
 * the export's language.
 */
import { strToU8, zipSync } from 'fflate';
import type { ApiloomFile } from '../../../shared/import/apiloom';
import { modelNames, readNodes } from '../common';
import type { ExportOptions, ExportWriter } from '../types';
import { bodyOf, WORDS } from './document';

// One document's body, which the HTML export renders too.
export { documentMarkdown } from './document';

/** A file or folder name: what file systems refuse replaced. */
export const safeName = (name: string) =>
  [...name]
    .map((c) => (c.charCodeAt(0) < 0x20 || '<>:"/\\|?*'.includes(c) ? '_' : c))
    .join('')
    .replace(/^\.+/, '_')
    .trim()
    .slice(0, 100) || '_';

/** The files of the zip: path -> text. */
export function markdownFiles(file: ApiloomFile, options: Pick<ExportOptions, 'language' | 'serials' | 'exportedAt'>): Map<string, string> {
  const words = WORDS[options.language];
  const nodes = readNodes(file);
  const models = modelNames(nodes);
  const files = new Map<string, string>();
  const dirOf = new Map<string, string>();
  const title = (id: string, name: string) => `${options.serials.get(id) ? `${options.serials.get(id)} ` : ''}${name}`;
  const unique = (path: string) => {
    let candidate = path;
    for (let i = 2; files.has(candidate) || [...dirOf.values()].includes(candidate.replace(/\.md$/, '')); i++)
      candidate = path.replace(/(\.md)?$/, ` (${i})$1`);
    return candidate;
  };
  const index = [
    `# ${file.project.name ?? ''}`,
    file.project.description ?? '',
    `${words.exportedAt}: ${options.exportedAt}`,
    `## ${words.index}`,
  ];
  for (const { node, typed, depth } of nodes) {
    const parentDir = dirOf.get(node.parentId) ?? '';
    const prefix = parentDir ? `${parentDir}/` : '';
    const indent = '  '.repeat(depth);
    if (node.type === 'folder') {
      dirOf.set(node.id, unique(`${prefix}${safeName(title(node.id, node.name))}`));
      index.push(`${indent}- ${title(node.id, node.name)}`);
      continue;
    }
    if (!typed) continue;
    const path = unique(`${prefix}${safeName(title(node.id, node.name))}.md`);
    files.set(path, [`# ${title(node.id, node.name)}`, ...bodyOf(typed, words, models)].filter((s) => s !== '').join('\n\n') + '\n');
    index.push(`${indent}- [${title(node.id, node.name).replace(/[[\]]/g, '\\$&')}](${path.split('/').map(encodeURIComponent).join('/')})`);
  }
  return new Map([
    [
      'README.md',
      index
        .filter((s) => s !== '')
        .join('\n\n')
        .replace(/\n\n(\s*- )/g, '\n$1') + '\n',
    ],
    ...files,
  ]);
}

export const writeMarkdown: ExportWriter = async (file, options) => {
  const files = markdownFiles(file, options);
  const entries = Object.fromEntries([...files].map(([path, text]) => [path, strToU8(text)]));
  return { body: zipSync(entries, { level: 6 }), contentType: 'application/zip', extension: 'zip' };
};
