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

interface DocumentPickerProps {
  projectId: string;
  version?: string;
  placeholder?: string;
  id?: string;
  value?: string[];
  onChange?: (ids: string[]) => void;
}

export function DocumentPicker({ projectId, version, placeholder, id, value, onChange }: DocumentPickerProps) {
  const { t } = useTranslation();
  const tree = useDocumentTree(projectId, version);
  const nodes = tree.data;
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
      loading={tree.isPending}
      placeholder={placeholder}
      maxTagCount="responsive"
      listHeight={320}
    />
  );
}
