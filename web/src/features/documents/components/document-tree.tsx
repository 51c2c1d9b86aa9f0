/**
 * The project's document tree on antd's Tree: virtual (only the rows in view are in the page, so 5,000 documents
 * open as fast as 50), keyboard navigable, filtered as you type (by name at once, and by content with the server's
 * search once typing pauses), draggable into folders and between nodes, with a context menu per node (right
 * click, the ⋯ button, or Shift+F10 on the focused row). Its rows and actions come from `use-document-tree`.
 */
import { EllipsisOutlined } from '@ant-design/icons';
import { Dropdown, Empty, Tree, type MenuProps } from 'antd';
import { lazy, memo, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentTreeNode } from '@shared/schemas/document';
import { SearchBox } from '../../../components/search-box';
import {
  dropPlace,
  useExpandedFolders,
  useHeight,
  useTreeActions,
  useTreeRows,
  type NodeMenuKey,
  type Row,
} from '../hooks/use-document-tree';
import type { NodeAction } from './node-dialogs';

const NodeDialogs = lazy(() => import('./node-dialogs').then((m) => ({ default: m.NodeDialogs })));

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
  const folders = useExpandedFolders(props.nodes, props.selectedId);
  const {
    rows,
    folders: allFolders,
    searching,
  } = useTreeRows({
    projectId: props.projectId,
    nodes: props.nodes,
    serials: props.serials,
    needle,
    expanded: folders.expanded,
    searchContents: !!props.searchContents,
  });
  const actions = useTreeActions(props.linkOf);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ kind: NodeAction; node: DocumentTreeNode } | null>(null);
  const active = useRef<string | null>(null);
  const [box, height] = useHeight<HTMLDivElement>();

  const onMenu = (node: DocumentTreeNode, key: NodeMenuKey) => {
    setMenuFor(null);
    if (key === 'copy') void actions.copy(node.id);
    else if (key === 'link') void actions.copyLink(node.id);
    else setDialog({ kind: key, node });
  };

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
            expandedKeys={needle.trim() ? allFolders : folders.expanded}
            onExpand={(keys) => folders.setExpanded(keys)}
            selectedKeys={props.selectedId ? [props.selectedId] : []}
            onSelect={(_keys, info) => {
              const node = info.node.node;
              if (node.type === 'folder') folders.toggle(node.id);
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
            onDrop={(info) => {
              if (info.dragNode.node.id === info.node.node.id) return;
              const { parent, previous } = dropPlace(info, props.projectId, props.nodes);
              if (parent !== props.projectId) folders.open(parent);
              void actions.move(info.dragNode.node.id, parent, previous);
            }}
            onRightClick={({ event, node }) => {
              if (!props.canEdit) return;
              event.preventDefault();
              setMenuFor(node.node.id);
            }}
            titleRender={(row) => (
              <TreeRow
                row={row}
                serial={props.serials?.get(row.node.id)}
                canEdit={props.canEdit}
                menu={menuFor === row.node.id ? { items: actions.menuItems(row.node), onPick: (key) => onMenu(row.node, key) } : null}
                onMenuOpen={(open) => setMenuFor(open ? row.node.id : null)}
              />
            )}
          />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={needle ? t(searching ? 'docs.searchingContents' : 'docs.noMatch') : t('docs.treeEmpty')}
          />
        )}
      </div>
      {dialog ? (
        <Suspense fallback={null}>
          <NodeDialogs
            projectId={props.projectId}
            tree={props.nodes}
            action={dialog.kind}
            node={dialog.node}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
    </nav>
  );
});

/**
 * One row: its serial number, an API's method and its name; for an editor, a ⋯ button. Rows stay plain (a native
 * button, no menu of their own), so a screen of 30 rows renders at once: the menu mounts on the one row it is open for.
 */
function TreeRow(props: {
  row: Row;
  serial: string | undefined;
  canEdit: boolean;
  menu: { items: MenuProps['items']; onPick: (key: NodeMenuKey) => void } | null;
  onMenuOpen: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { row, menu } = props;
  const node = row.node;
  const name = row.title as string;
  const title = (
    <span className="tree-title">
      {props.serial ? <span className="tree-serial">{props.serial}</span> : null}
      {node.type === 'api' && node.method ? <span className={`method-tag method-${node.method}`}>{node.method}</span> : null}{' '}
      <span className="tree-name" title={row.snippet}>
        {name}
      </span>
    </span>
  );
  if (!props.canEdit) return title;
  const line = (
    <span className="tree-row">
      {title}
      <button
        type="button"
        className="tree-more"
        tabIndex={-1}
        aria-label={t('docs.menuFor', { name })}
        onClick={(e) => {
          e.stopPropagation();
          props.onMenuOpen(!menu);
        }}
      >
        <EllipsisOutlined aria-hidden />
      </button>
    </span>
  );
  if (!menu) return line;
  return (
    <Dropdown
      open
      trigger={['contextMenu']}
      onOpenChange={props.onMenuOpen}
      menu={{ items: menu.items, onClick: ({ key, domEvent }) => (domEvent.stopPropagation(), menu.onPick(key as NodeMenuKey)) }}
    >
      {line}
    </Dropdown>
  );
}
