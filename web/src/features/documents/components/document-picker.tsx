/**
 * Chooses documents of a project with checkboxes on its tree, live or as a release froze it. A checked folder
 * stands for its whole subtree (its documents are not listed one by one), which is what a share's scope means.
 * A form control: Form.Item hands it `value`, `onChange` and `id`.
 */
import { TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentTreeNode } from '@shared/schemas/document';
import { useDocumentTree } from '../api';
import { displayName, KIND_ICON } from '../lib/kinds';
import { keepPresent } from '../lib/tree-ids';

interface Option {
  value: string;
  title: string;
  icon: React.ReactNode;
  children: Option[];
}

interface TreePickerProps {
  nodes: DocumentTreeNode[] | undefined;
  loading?: boolean;
  placeholder?: string;
  id?: string;
  value?: string[];
  onChange?: (ids: string[]) => void;
}

/** Checkboxes on a tree the caller already holds (a share's, which its reader cannot load as a project's). */
export function TreePicker({ nodes, loading = false, placeholder, id, value, onChange }: TreePickerProps) {
  const { t } = useTranslation();
  const options = useMemo(() => {
    const build = (list: DocumentTreeNode[]): Option[] =>
      list.map((n) => ({ value: n.id, title: displayName(n.name, t), icon: KIND_ICON[n.type], children: build(n.children) }));
    return build(nodes ?? []);
  }, [nodes, t]);

  // A release may lack documents chosen on the live tree: they leave the choice rather than have the save refused.
  useEffect(() => {
    if (!nodes || !value?.length) return;
    const kept = keepPresent(value, nodes);
    if (kept.length !== value.length) onChange?.(kept);
  }, [nodes, value, onChange]);

  return (
    <TreeSelect
      id={id}
      value={value}
      onChange={(ids: string[]) => onChange?.(ids)}
      treeData={options}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_PARENT}
      treeIcon
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear
      loading={loading}
      placeholder={placeholder}
      maxTagCount="responsive"
      listHeight={320}
    />
  );
}

interface DocumentPickerProps extends Omit<TreePickerProps, 'nodes' | 'loading'> {
  projectId: string;
  version?: string;
}

/** A project's tree (live, or as a release froze it) as a TreePicker. */
export function DocumentPicker({ projectId, version, ...props }: DocumentPickerProps) {
  const tree = useDocumentTree(projectId, version);
  return <TreePicker nodes={tree.data} loading={tree.isPending} {...props} />;
}
