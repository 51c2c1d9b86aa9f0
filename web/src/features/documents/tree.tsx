/** The project's document tree: kind icons, search, expand, drag to re-sort (onto a folder: inside; else after). */
import { useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocumentTreeNode, DocumentType } from '../../../../shared/schemas/document';
import { toast } from '../../components/toast';
import { api, isApiError, queryClient } from '../../lib/api';
import { NodeMenu, type MenuTarget } from './node-menu';

export const KIND_ICON: Record<DocumentType, string> = {
  api: 'API',
  doc: 'MD',
  richtext: 'RT',
  embed: 'WEB',
  errorcode: 'ERR',
  folder: '▸',
  link: 'URL',
  softlink: 'LNK',
};

const DRAG = 'application/x-apiloom-doc';

function matches(node: DocumentTreeNode, needle: string): boolean {
  return node.name.toLowerCase().includes(needle) || (node.path ?? '').toLowerCase().includes(needle) || node.children.some((c) => matches(c, needle));
}

/** The folders above a node. */
function ancestorsOf(nodes: DocumentTreeNode[], id: string | undefined): Set<string> {
  const path: string[] = [];
  const walk = (list: DocumentTreeNode[]): boolean =>
    list.some((n) => {
      if (n.id === id) return true;
      path.push(n.id);
      if (walk(n.children)) return true;
      path.pop();
      return false;
    });
  return id && walk(nodes) ? new Set(path) : new Set();
}

export function DocumentTree(props: { projectId: string; nodes: DocumentTreeNode[]; selected?: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const [needle, setNeedle] = useState('');
  // Folders start closed (a large project renders only its top level), except the path to the open document.
  const [opened, setOpened] = useState<Set<string>>(new Set());
  const pathToSelected = useMemo(() => ancestorsOf(props.nodes, props.selected), [props.nodes, props.selected]);
  const [menu, setMenu] = useState<MenuTarget | null>(null);

  async function drop(dragged: string, target: DocumentTreeNode) {
    if (dragged === target.id) return;
    const lastChild = target.children.filter((c) => c.id !== dragged).at(-1)?.id ?? '0';
    const [b, c] = target.type === 'folder' ? [target.id, lastChild] : [target.parentId, target.id];
    if (target.type === 'folder') setOpened((s) => new Set([...s, target.id]));
    try {
      await api.call('document.resort', { params: { a: dragged, b, c } }, { ignoreMessage: true });
      await queryClient.invalidateQueries({ queryKey: ['document.tree'] });
    } catch (err) {
      toast.error(isApiError(err) ? err.message : t('api.busy'));
    }
  }

  const render = (nodes: DocumentTreeNode[]) => (
    <ul role="group">
      {nodes
        .filter((n) => !needle || matches(n, needle))
        .map((node) => {
          const open = opened.has(node.id) || pathToSelected.has(node.id) || !!needle;
          return (
            <li key={node.id} role="treeitem" aria-label={node.name} aria-expanded={node.type === 'folder' ? open : undefined} aria-selected={node.id === props.selected}>
              <div
                className={`tree-row${node.id === props.selected ? ' selected' : ''}`}
                draggable={props.canEdit}
                onContextMenu={(e) => {
                  if (!props.canEdit) return;
                  e.preventDefault();
                  setMenu({ node, x: e.clientX, y: e.clientY });
                }}
                onDragStart={(e) => e.dataTransfer.setData(DRAG, node.id)}
                onDragOver={(e: DragEvent) => e.dataTransfer.types.includes(DRAG) && e.preventDefault()}
                onDrop={(e) => {
                  e.preventDefault();
                  const id = e.dataTransfer.getData(DRAG);
                  if (id) void drop(id, node);
                }}
              >
                {node.type === 'folder' ? (
                  <button
                    type="button"
                    className="tree-toggle"
                    aria-label={open ? t('docs.collapse') : t('docs.expand')}
                    onClick={() => setOpened((s) => (open ? new Set([...s].filter((x) => x !== node.id)) : new Set([...s, node.id])))}
                  >
                    {open ? '▾' : '▸'}
                  </button>
                ) : (
                  <span className={`kind kind-${node.type}`}>{node.type === 'api' ? node.method : KIND_ICON[node.type]}</span>
                )}
                <Link to={`/project/${props.projectId}/${node.id}`}>{node.name}</Link>
                {props.canEdit && (
                  <button
                    type="button"
                    className="tree-more"
                    aria-label={t('docs.menuFor', { name: node.name })}
                    onClick={(e) => {
                      e.stopPropagation();
                      const box = e.currentTarget.getBoundingClientRect();
                      setMenu({ node, x: box.left, y: box.bottom });
                    }}
                  >
                    ⋯
                  </button>
                )}
              </div>
              {node.type === 'folder' && open && node.children.length ? render(node.children) : null}
            </li>
          );
        })}
    </ul>
  );

  return (
    <nav className="doc-tree" aria-label={t('docs.tree')}>
      <input type="search" placeholder={t('docs.searchTree')} aria-label={t('docs.searchTree')} value={needle} onChange={(e) => setNeedle(e.target.value.toLowerCase())} />
      <div role="tree">{render(props.nodes)}</div>
      {menu && <NodeMenu projectId={props.projectId} tree={props.nodes} target={menu} onClose={() => setMenu(null)} />}
    </nav>
  );
}
