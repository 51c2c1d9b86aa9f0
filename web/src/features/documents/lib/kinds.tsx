/** How each kind of document looks in the tree and the dialogs, and the texts the server writes by default. */
import {
  ApiOutlined,
  BlockOutlined,
  CodeOutlined,
  FileMarkdownOutlined,
  FileTextOutlined,
  FolderOutlined,
  GlobalOutlined,
  LinkOutlined,
  NodeIndexOutlined,
} from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { DOCUMENT_DEFAULTS, DOCUMENT_TYPES, type DocumentType, type SaveNote } from '@shared/schemas/document-kinds';
import type { DocumentView } from '@shared/schemas/document';
import { fullNameOf } from '@shared/titles';

export const KIND_ICON: Record<DocumentType, ReactNode> = {
  api: <ApiOutlined aria-hidden />,
  model: <BlockOutlined aria-hidden />,
  doc: <FileMarkdownOutlined aria-hidden />,
  richtext: <FileTextOutlined aria-hidden />,
  embed: <GlobalOutlined aria-hidden />,
  errorcode: <CodeOutlined aria-hidden />,
  folder: <FolderOutlined aria-hidden />,
  link: <LinkOutlined aria-hidden />,
  softlink: <NodeIndexOutlined aria-hidden />,
};

/** Kinds in the order the new-document dialog offers them. */
export const CREATABLE_KINDS: readonly DocumentType[] = DOCUMENT_TYPES;

/**
 * The server keeps the spec's Chinese defaults ('未命名文档', '新增文档'); the interface shows them in the
 * reader's language.
 */
export const displayName = (name: string, t: TFunction) => (name === DOCUMENT_DEFAULTS.name ? t('docs.untitled') : name);
/** What a document's header calls it: an API's full name where its tree title had to be cut (shared/titles.ts). */
export const headerName = (doc: DocumentView, t: TFunction) =>
  displayName(doc.type === 'api' ? fullNameOf(doc.name, doc.content) : doc.name, t);

/** A save's note in the reader's language: its own words, else what the save did (an import, a rename...), else none. */
export function displayComment(save: { comment: string; note?: SaveNote }, t: TFunction): string {
  if (save.comment === DOCUMENT_DEFAULTS.comment) return t('docs.createdComment');
  if (save.comment) return save.comment;
  const { note } = save;
  if (!note) return t('docs.noComment');
  switch (note.kind) {
    case 'import':
      return t(note.action === 'created' ? 'docs.notes.imported' : 'docs.notes.reimported');
    case 'rename':
      return t('docs.notes.renamed', { from: displayName(note.from, t), to: displayName(note.to, t) });
    case 'restore':
      return t('docs.notes.restored', { rev: note.rev });
    case 'bin':
      return t(note.action === 'binned' ? 'docs.notes.binned' : 'docs.notes.unbinned');
  }
}

/** Who saved: a person, or for a project token's push its maker and the token's name. */
export const savedBy = (name: string, note: SaveNote | undefined, t: TFunction): string =>
  note?.kind === 'import' && note.token ? t('docs.notes.byToken', { name, token: note.token }) : name;
