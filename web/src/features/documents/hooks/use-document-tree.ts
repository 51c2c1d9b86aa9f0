/**
 * What the document tree component needs besides drawing: its rows (filtered, with the server's content matches),
 * which folders are open, its height, and what its menu and drag-and-drop do.
 */
import type { MenuProps, TreeDataNode, TreeProps } from 'antd';
import { useEffect, useMemo, useRef, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentTreeNode } from '@shared/schemas/document';
import { errorMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useSettled } from '../../../lib/settled';
import { useCopyDocument, useDocumentSearch, useMoveDocument } from '../api';
import { displayName, KIND_ICON } from '../lib/kinds';
import { ancestorsOf, findNode } from '../lib/tree-ids';

/** `snippet`: where the server's search found the words inside the document. */
export type Row = TreeDataNode & { node: DocumentTreeNode; snippet?: string; children?: Row[] };

/** How long typing pauses before the server's search runs. */
const SEARCH_PAUSE_MS = 300;

const matches = (node: DocumentTreeNode, needle: string, shownName: string) =>
  shownName.toLowerCase().includes(needle) || (node.path ?? '').toLowerCase().includes(needle);

/** The element's height, followed as the window resizes: the virtual tree needs a number. */
export function useHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(600);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setHeight(Math.max(200, el.clientHeight)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, height] as const;
}

/** The open folders; opening a document elsewhere (a link, the address bar) reveals it. */
export function useExpandedFolders(nodes: readonly DocumentTreeNode[], selectedId: string | undefined) {
  const [expanded, setExpanded] = useState<Key[]>(() => ancestorsOf(nodes, selectedId).map((n) => n.id));
  const [revealed, setRevealed] = useState(selectedId);
  if (revealed !== selectedId) {
    setRevealed(selectedId);
    const above = ancestorsOf(nodes, selectedId).map((n) => n.id);
    if (above.length) setExpanded((keys) => [...new Set([...keys, ...above])]);
  }
  const toggle = (id: string) => setExpanded((keys) => (keys.includes(id) ? keys.filter((k) => k !== id) : [...keys, id]));
  const open = (id: string) => setExpanded((keys) => [...new Set([...keys, id])]);
  return { expanded, setExpanded, toggle, open };
}

/**
 * The rows the tree shows for what is typed in its search box: names and paths match at once, words inside
 * documents once typing pauses and the server's search answers (`searchContents`).
 */
export function useTreeRows(props: {
  projectId: string;
  nodes: DocumentTreeNode[];
  serials?: ReadonlyMap<string, string>;
  needle: string;
  expanded: Key[];
  searchContents: boolean;
}) {
  const { t } = useTranslation();
  const { nodes, serials, needle, expanded } = props;
  const keyword = useSettled(needle.trim(), SEARCH_PAUSE_MS) ?? '';
  const search = useDocumentSearch(props.projectId, keyword, props.searchContents);
  const found = useMemo(
    () => new Map((search.data ?? []).map((hit) => [hit.id, hit.matchedIn === 'content' ? hit.snippet : undefined])),
    [search.data],
  );
  const { rows, folders } = useMemo(() => {
    const q = needle.trim().toLowerCase();
    const open = q ? null : new Set(expanded.map(String));
    const allFolders: string[] = [];
    // A closed folder hands the tree no rows: a project of 5,000 documents starts as its top level only.
    const build = (list: DocumentTreeNode[], level: number): Row[] =>
      list.flatMap((node) => {
        const name = displayName(node.name, t);
        const shown = node.type === 'folder' && (!open || open.has(node.id));
        const children = shown ? build(node.children, level + 1) : [];
        if (q && !matches(node, q, name) && !found.has(node.id) && !children.length) return [];
        if (node.type === 'folder') allFolders.push(node.id);
        return [
          {
            key: node.id,
            node,
            snippet: q ? found.get(node.id) : undefined,
            title: name,
            isLeaf: node.type !== 'folder',
            icon: KIND_ICON[node.type],
            // The name a reader hears is what the row shows: its serial number, the method of an API, then its name.
            'aria-label': [serials?.get(node.id), node.type === 'api' ? node.method : '', name].filter(Boolean).join(' '),
            'aria-level': level,
            ...(node.type === 'folder' ? { children } : {}),
          } as Row,
        ];
      });
    return { rows: build(nodes, 1), folders: allFolders };
  }, [nodes, serials, needle, t, expanded, found]);
  return { rows, folders, searching: search.isFetching };
}

/** Where a drop puts the dragged node: under which parent, after which sibling ('0': first). */
export function dropPlace(info: Parameters<NonNullable<TreeProps<Row>['onDrop']>>[0], projectId: string, nodes: DocumentTreeNode[]) {
  const dragged = info.dragNode.node;
  const target = info.node.node;
  const siblingsOf = (parentId: string) =>
    (parentId === projectId ? nodes : (findNode(nodes, parentId)?.children ?? [])).filter((n) => n.id !== dragged.id);
  const position = info.dropPosition - Number(info.node.pos.split('-').at(-1));
  // Onto a folder: inside it, at the end.
  if (!info.dropToGap) return { parent: target.id, previous: siblingsOf(target.id).at(-1)?.id ?? '0' };
  // Just below an open folder's row: its first child.
  if (target.type === 'folder' && info.node.expanded && target.children.length && position === 1)
    return { parent: target.id, previous: '0' };
  if (position === -1) {
    const list = siblingsOf(target.parentId);
    return { parent: target.parentId, previous: list[list.findIndex((n) => n.id === target.id) - 1]?.id ?? '0' };
  }
  return { parent: target.parentId, previous: target.id };
}

export type NodeMenuKey = 'new' | 'rename' | 'copy' | 'link' | 'delete';

/** The changes the tree makes itself (copy, move, copy the link); a failure is a toast. */
export function useTreeActions(linkOf: (id: string) => string) {
  const { t } = useTranslation();
  const copy = useCopyDocument();
  const move = useMoveDocument();
  const report = (error: unknown) => notify.error(errorMessage(error));
  return {
    menuItems: (node: DocumentTreeNode): MenuProps['items'] => [
      ...(node.type === 'folder' ? [{ key: 'new', label: t('docs.newInside') }] : []),
      { key: 'rename', label: t('projects.rename') },
      { key: 'copy', label: t('docs.copy') },
      { key: 'link', label: t('docs.copyLink') },
      { type: 'divider' },
      { key: 'delete', danger: true, label: t('projects.delete') },
    ],
    copy: (id: string) => copy.mutateAsync({ body: { id } }).catch(report),
    move: (docId: string, parentId: string, preId: string) => move.mutateAsync({ params: { docId, parentId, preId } }).catch(report),
    copyLink: (id: string) =>
      navigator.clipboard.writeText(new URL(linkOf(id), location.origin).href).then(
        () => notify.success(t('docs.linkCopied')),
        () => notify.error(t('docs.linkNotCopied')),
      ),
  };
}
