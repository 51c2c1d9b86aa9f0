/** What the tree's menu opens for one node: new inside a folder, rename, delete. */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { documentTitle, type DocumentTreeNode } from '@shared/schemas/document';
import { ConfirmModal } from '../../../components/confirm-modal';
import { FormModal } from '../../../components/form-modal';
import { zodRule } from '../../../lib/form';
import { paths } from '../../../paths';
import { useRenameDocument } from '../api';
import { useDocumentBinning } from '../lib/bin';
import { displayName } from '../lib/kinds';
import { NewDocumentDialog } from './new-document-dialog';

export type NodeAction = 'new' | 'rename' | 'delete';

export function NodeDialogs(props: {
  projectId: string;
  tree: DocumentTreeNode[];
  action: NodeAction;
  node: DocumentTreeNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useRenameDocument();
  const binning = useDocumentBinning();
  const { node } = props;
  const name = displayName(node.name, t);
  switch (props.action) {
    case 'new':
      return <NewDocumentDialog projectId={props.projectId} tree={props.tree} parentId={node.id} onClose={props.onClose} />;
    case 'rename':
      return (
        <FormModal<{ name: string }>
          title={t('projects.rename')}
          form={form}
          initialValues={{ name }}
          errorAt="name"
          onClose={props.onClose}
          onSubmit={async ({ name: next }) => {
            await rename.mutateAsync({ id: node.id, name: next.trim() });
          }}
        >
          <Form.Item name="name" label={t('docs.title')} rules={[zodRule(documentTitle)]}>
            <Input />
          </Form.Item>
        </FormModal>
      );
    case 'delete':
      return (
        <ConfirmModal
          title={t('projects.delete')}
          message={node.type === 'folder' ? t('docs.deleteFolderConfirm', { name }) : t('docs.deleteConfirm', { name })}
          okText={t('projects.delete')}
          danger
          onConfirm={async () => {
            await binning.deleteToBin(node.id, name);
            if (location.pathname.includes(node.id)) void navigate(paths.project.href(props.projectId));
          }}
          onClose={props.onClose}
        />
      );
  }
}
