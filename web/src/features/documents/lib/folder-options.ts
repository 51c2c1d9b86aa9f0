import type { TFunction } from 'i18next';
import type { DocumentTreeNode } from '@shared/schemas/document';
import { displayName } from './kinds';

export interface FolderOption {
  value: string;
  title: string;
  children: FolderOption[];
}

/** A tree's folders, nested, as the choices of a "which folder" TreeSelect (new documents, saving a request). */
export const folderOptions = (nodes: readonly DocumentTreeNode[], t: TFunction): FolderOption[] =>
  nodes
    .filter((n) => n.type === 'folder')
    .map((n) => ({ value: n.id, title: displayName(n.name, t), children: folderOptions(n.children, t) }));
