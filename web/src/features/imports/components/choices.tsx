/** The two re-import choices, as Apifox has them, and where new documents go. */
import { Checkbox, Form, Radio, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DocumentTreeNode } from '@shared/schemas/document';
import type { ImportChoices } from '../api';
import '../../../i18n/imports';

interface FolderOption {
  value: string;
  title: string;
  children: FolderOption[];
}
const folderOptions = (nodes: DocumentTreeNode[]): FolderOption[] =>
  nodes.filter((n) => n.type === 'folder').map((n) => ({ value: n.id, title: n.name, children: folderOptions(n.children) }));

export function ImportChoicesFields(props: {
  value: ImportChoices;
  onChange: (next: ImportChoices) => void;
  /** The target project's tree, for the folder choice; none for a new project. */
  tree?: DocumentTreeNode[];
}) {
  const { t } = useTranslation();
  const { value, onChange } = props;
  const modes = ['skip', 'merge', 'overwrite'] as const;
  return (
    <>
      <Form.Item label={t('imports.matched')} layout="vertical">
        <Radio.Group
          aria-label={t('imports.matched')}
          className="import-modes"
          value={value.mode}
          onChange={(e) => onChange({ ...value, mode: e.target.value as ImportChoices['mode'] })}
          options={modes.map((mode) => ({
            value: mode,
            label: (
              <span>
                <strong>{t(`imports.modes.${mode}`)}</strong> <span className="muted">{t(`imports.modeHints.${mode}`)}</span>
              </span>
            ),
          }))}
        />
      </Form.Item>
      {value.mode === 'merge' ? (
        <Form.Item layout="vertical">
          <Checkbox checked={!!value.takeSource} onChange={(e) => onChange({ ...value, takeSource: e.target.checked })}>
            {t('imports.takeSource')}
          </Checkbox>
          <Typography.Paragraph type="secondary" className="import-hint">
            {t('imports.takeSourceHint')}
          </Typography.Paragraph>
        </Form.Item>
      ) : null}
      <Form.Item layout="vertical">
        <Checkbox checked={value.deleteMissing} onChange={(e) => onChange({ ...value, deleteMissing: e.target.checked })}>
          {t('imports.deleteMissing')}
        </Checkbox>
        <Typography.Paragraph type="secondary" className="import-hint">
          {t('imports.deleteMissingHint')}
        </Typography.Paragraph>
      </Form.Item>
      {props.tree ? (
        <Form.Item label={t('imports.folder')} htmlFor="import-folder" extra={t('imports.folderHint')} layout="vertical">
          <TreeSelect
            id="import-folder"
            allowClear
            treeDefaultExpandAll
            placeholder={t('imports.folderRoot')}
            value={value.folderId}
            onChange={(folderId?: string) => onChange({ ...value, folderId: folderId || undefined })}
            treeData={folderOptions(props.tree)}
          />
        </Form.Item>
      ) : null}
    </>
  );
}
