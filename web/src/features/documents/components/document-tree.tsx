/**
 * The project's document tree on antd's Tree: virtual (only the rows in view are in the page, so 5,000 documents
 * open as fast as 50), keyboard navigable, filtered as you type (by name at once, and by content with the server's
 * search once typing pauses), draggable into folders and between nodes, with a context menu per node (right
 * click, the ⋯ button, or Shift+F10 on the focused row).
 */
import { EllipsisOutlined } from '@ant-design/icons';
import { Dropdown, Empty, Tree, type MenuProps, type TreeDataNode, type TreeProps } from 'antd';
import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentTreeNode } from '@shared/schemas/document';
import { SearchBox } from '../../../components/search-box';
import { errorMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useSettled } from '../../../lib/settled';
import { documentCalls, refreshDocuments, useDocumentSearch } from '../api';
import { displayName, KIND_ICON } from '../lib/kinds';
import type { NodeAction } from './node-dialogs';

const NodeDialogs = lazy(() => import('./node-dialogs').then((m) => ({ default: m.NodeDialogs })));

/** `snippet`: where the server's search found the words inside the document. */
type Row = TreeDataNode & { node: DocumentTreeNode; snippet?: string; children?: Row[] };

/** How long typing pauses before the server's search runs. */
const SEARCH_PAUSE_MS = 300;

function matches(node: DocumentTreeNode, needle: string, shownName: string) {
  return shownName.toLowerCase().includes(needle) || (node.path ?? '').toLowerCase().includes(needle);
}

/** The folders above a node, top first. */
export function ancestorsOf(nodes: DocumentTreeNode[], id: string | undefined): DocumentTreeNode[] {
  const path: DocumentTreeNode[] = [];
  const walk = (list: DocumentTreeNode[]): boolean =>
    list.some((n) => {
      if (n.id === id) return true;
      path.push(n);
      if (walk(n.children)) return true;
      path.pop();
      return false;
    });
  return id && walk(nodes) ? path : [];
}

export function findNode(nodes: DocumentTreeNode[], id: string): DocumentTreeNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const found = findNode(n.children, id);
    if (found) return found;
  }
  return undefined;
}

/** The element's height, followed as the window resizes: the virtual tree needs a number. */
function useHeight<T extends HTMLElement>() {
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

interface DocumentTreeProps {
  projectId: string;
  nodes: DocumentTreeNode[];
  selectedId?: string;
  canEdit: boolean;
  /** Opens a document (not a folder: clicking a folder opens or closes it). */
  onOpen: (id: string) => void;
  /** The address of a document, for "copy link". */
  linkOf: (id: string) => string;
  /** Also find documents by their content with the server's search (which reads the live project, as a member). */
  searchContents?: boolean;
  /** Serial number labels by node id (the project's 序号样式), shown before each name. */
  serials?: ReadonlyMap<string, string>;
}

/** Memoised: the workspace around it renders again as its other reads arrive, and the tree's props stay the same. */
export const DocumentTree = memo(function DocumentTree(props: DocumentTreeProps) {
  const { t } = useTranslation();
  const [needle, setNeedle] = useState('');
  const [expanded, setExpanded] = useState<Key[]>(() => ancestorsOf(props.nodes, props.selectedId).map((n) => n.id));
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [action, setAction] = useState<{ kind: NodeAction; node: DocumentTreeNode } | null>(null);
  const active = useRef<string | null>(null);
  const [box, height] = useHeight<HTMLDivElement>();

  // Opening a document elsewhere (a link, the address bar) reveals it in the tree.
  const [revealed, setRevealed] = useState(props.selectedId);
  if (revealed !== props.selectedId) {
    setRevealed(props.selectedId);
    const above = ancestorsOf(props.nodes, props.selectedId).map((n) => n.id);
    if (above.length) setExpanded((keys) => [...new Set([...keys, ...above])]);
  }

  // The server finds words inside documents, which the tree does not hold; each pause in typing asks once.
  const keyword = useSettled(needle.trim(), SEARCH_PAUSE_MS) ?? '';
  const search = useDocumentSearch(props.projectId, keyword, !!props.searchContents);
  const found = useMemo(
    () => new Map((search.data ?? []).map((hit) => [hit.id, hit.matchedIn === 'content' ? hit.snippet : undefined])),
    [search.data],
  );

  const open = needle.trim() ? null : new Set(expanded.map(String));
  const { rows, folders } = useMemo(() => {
    const q = needle.trim().toLowerCase();
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
            'aria-label': [props.serials?.get(node.id), node.type === 'api' ? node.method : '', name].filter(Boolean).join(' '),
            'aria-level': level,
            ...(node.type === 'folder' ? { children } : {}),
          } as Row,
        ];
      });
    return { rows: build(props.nodes, 1), folders: allFolders };
    // `open` is derived from `expanded`, which is the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.nodes, props.serials, needle, t, expanded, found]);

  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
      await refreshDocuments();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const menuItems = (node: DocumentTreeNode): MenuProps['items'] => [
    ...(node.type === 'folder' ? [{ key: 'new', label: t('docs.newInside') }] : []),
    { key: 'rename', label: t('projects.rename') },
    { key: 'copy', label: t('docs.copy') },
    { key: 'link', label: t('docs.copyLink') },
    { type: 'divider' },
    { key: 'delete', danger: true, label: t('projects.delete') },
  ];

  const onMenu = (node: DocumentTreeNode, key: string) => {
    setMenuFor(null);
    if (key === 'copy') void run(() => documentCalls.copy(node.id));
    else if (key === 'link') {
      navigator.clipboard.writeText(new URL(props.linkOf(node.id), location.origin).href).then(
        () => notify.success(t('docs.linkCopied')),
        () => notify.error(t('docs.linkNotCopied')),
      );
    } else setAction({ kind: key as NodeAction, node });
  };

  const onDrop: TreeProps<Row>['onDrop'] = (info) => {
    const dragged = info.dragNode.node;
    const target = info.node.node;
    if (dragged.id === target.id) return;
    const siblingsOf = (parentId: string) =>
      (parentId === props.projectId ? props.nodes : (findNode(props.nodes, parentId)?.children ?? [])).filter((n) => n.id !== dragged.id);
    const position = info.dropPosition - Number(info.node.pos.split('-').at(-1));
    let parent: string;
    let previous: string;
    if (!info.dropToGap) {
      // Onto a folder: inside it, at the end.
      parent = target.id;
      previous = siblingsOf(target.id).at(-1)?.id ?? '0';
    } else if (target.type === 'folder' && info.node.expanded && target.children.length && position === 1) {
      // Just below an open folder's row: its first child.
      parent = target.id;
      previous = '0';
    } else if (position === -1) {
      parent = target.parentId;
      const list = siblingsOf(target.parentId);
      previous = list[list.findIndex((n) => n.id === target.id) - 1]?.id ?? '0';
    } else {
      parent = target.parentId;
      previous = target.id;
    }
    if (parent !== props.projectId) setExpanded((keys) => [...new Set([...keys, parent])]);
    void run(() => documentCalls.resort(dragged.id, parent, previous));
  };

  const toggle = (id: string) => setExpanded((keys) => (keys.includes(id) ? keys.filter((k) => k !== id) : [...keys, id]));

  return (
    <nav className="doc-tree" aria-label={t('docs.tree')}>
      <SearchBox label={t('docs.searchTree')} value={needle} onChange={setNeedle} className="doc-tree-search" />
      <div className="doc-tree-box" ref={box}>
        {rows.length ? (
          <Tree<Row>
            showIcon
            blockNode
            // No expand animation: rows appear at once, and rows mid-animation lose their labels and levels.
            motion={false}
            height={height}
            treeData={rows}
            aria-label={t('docs.tree')}
            expandedKeys={needle.trim() ? folders : expanded}
            onExpand={(keys) => setExpanded(keys)}
            selectedKeys={props.selectedId ? [props.selectedId] : []}
            onSelect={(_keys, info) => {
              const node = info.node.node;
              if (node.type === 'folder') toggle(node.id);
              else props.onOpen(node.id);
            }}
            onActiveChange={(key) => {
              active.current = key === null || key === undefined ? null : String(key);
            }}
            onKeyDown={(e) => {
              if ((e.key === 'F10' && e.shiftKey) || e.key === 'ContextMenu') {
                e.preventDefault();
                if (props.canEdit && active.current) setMenuFor(active.current);
              }
            }}
            draggable={props.canEdit ? { icon: false } : false}
            allowDrop={({ dropNode, dropPosition }) => dropPosition !== 0 || dropNode.node.type === 'folder'}
            onDrop={onDrop}
            onRightClick={({ event, node }) => {
              if (!props.canEdit) return;
              event.preventDefault();
              setMenuFor(node.node.id);
            }}
            titleRender={(row) => {
              const node = row.node;
              const title = (
                <span className="tree-title">
                  {props.serials?.get(node.id) ? <span className="tree-serial">{props.serials.get(node.id)}</span> : null}
                  {node.type === 'api' && node.method ? (
                    <span className={`method-tag method-${node.method}`}>{node.method}</span>
                  ) : null}{' '}
                  <span className="tree-name" title={row.snippet}>
                    {row.title as string}
                  </span>
                </span>
              );
              if (!props.canEdit) return title;
              // Rows stay plain (a native button, no menu of their own): a screen of 30 rows renders at once. The
              // menu mounts on the one row it is open for.
              const line = (
                <span className="tree-row">
                  {title}
                  <button
                    type="button"
                    className="tree-more"
                    tabIndex={-1}
                    aria-label={t('docs.menuFor', { name: row.title as string })}
                    onClick={(e) => {
                      e.stopPropagation();
                      setMenuFor(menuFor === node.id ? null : node.id);
                    }}
                  >
                    <EllipsisOutlined aria-hidden />
                  </button>
                </span>
              );
              if (menuFor !== node.id) return line;
              return (
                <Dropdown
                  open
                  trigger={['contextMenu']}
                  onOpenChange={(open) => setMenuFor(open ? node.id : null)}
                  menu={{ items: menuItems(node), onClick: ({ key, domEvent }) => (domEvent.stopPropagation(), onMenu(node, key)) }}
                >
                  {line}
                </Dropdown>
              );
            }}
          />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={needle ? t(search.isFetching ? 'docs.searchingContents' : 'docs.noMatch') : t('docs.treeEmpty')}
          />
        )}
      </div>
      {action ? (
        <Suspense fallback={null}>
          <NodeDialogs
            projectId={props.projectId}
            tree={props.nodes}
            action={action.kind}
            node={action.node}
            onClose={() => setAction(null)}
          />
        </Suspense>
      ) : null}
    </nav>
  );
});
