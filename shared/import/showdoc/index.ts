/**
 * ShowDoc's Markdown export: a zip with one `.md` file per page in folders that mirror the catalogue. Each page
 * becomes a markdown document in the same folder tree, titled by its file name. The zip is read with fflate,
 * refusing archives that would inflate past the import size (a zip bomb) before inflating anything.
 */
import { strFromU8, unzipSync } from 'fflate';
import { DocumentList, finish, pageKey, titleOf } from '../build';
import { checkSize, IMPORT_MAX_BYTES, ImportRefusal } from '../parse';
import { emptyProject, type ImportResult, type ImportWarning } from '../types';

export const isZip = (bytes: Uint8Array) =>
  bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Pages one archive may hold. */
const MAX_ENTRIES = 10_000;

export function importShowdoc(zip: Uint8Array): ImportResult {
  checkSize(zip.length);
  let declared = 0;
  let entries = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (file) => {
        entries++;
        declared += file.originalSize;
        if (entries > MAX_ENTRIES || declared > IMPORT_MAX_BYTES)
          throw new ImportRefusal('importTooLarge', { mb: IMPORT_MAX_BYTES / 1024 / 1024 });
        return /\.(md|markdown)$/i.test(file.name) && !file.name.startsWith('__MACOSX/');
      },
    });
  } catch (error) {
    if (error instanceof ImportRefusal) throw error;
    throw new ImportRefusal('importInvalidType');
  }
  const warnings: ImportWarning[] = [];
  const documents = new DocumentList(warnings);
  // In the archive's order: ShowDoc writes pages in catalogue order.
  const names = Object.keys(files);
  if (!names.length) throw new ImportRefusal('importInvalidType');
  // ShowDoc puts everything under one top folder named after the project: that folder is the project, not a folder.
  const tops = new Set(names.map((n) => n.split('/')[0]));
  const strip = tops.size === 1 && names.every((n) => n.includes('/'));
  for (const name of names) {
    const bytes = files[name]!;
    if (bytes.length > IMPORT_MAX_BYTES) throw new ImportRefusal('importTooLarge', { mb: IMPORT_MAX_BYTES / 1024 / 1024 });
    const parts = name.split('/').filter(Boolean);
    const file = parts.pop()!;
    const folder = strip ? parts.slice(1) : parts;
    const fullName = file.replace(/\.(md|markdown)$/i, '').replace(/^\d+[-_.\s]+/, '');
    const title = titleOf(fullName);
    documents.add(
      finish(
        {
          key: pageKey(folder, title),
          type: 'doc',
          name: fullName,
          folder,
          content: { markdown: strFromU8(bytes).replace(/^\uFEFF/, '') },
        },
        `/${name}`,
        warnings,
      ),
      `/${name}`,
    );
  }
  return {
    format: 'showdoc',
    documents: documents.documents,
    warnings,
    project: { ...emptyProject(), name: strip ? [...tops][0] : undefined },
  };
}
