/**
 * A project's test scenarios beside the workspace (issue 36): folders and scenarios as a tree, each scenario with its
 * pass rate over its last runs. Editors create, rename and delete them here; readers see the list only.
 */
import { FolderAddOutlined, FolderOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Empty, Form, Input, Select, Space, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScenarioFolderView, ScenarioSummary } from '@shared/schemas/scenario';
import { ConfirmModal } from '../../../components/confirm-modal';
import { FormModal } from '../../../components/form-modal';
import { PageLoading } from '../../../components/page-loading';
import '../../../i18n/scenario';
import { readScenario, useFolderChange, useScenarioChange, useScenarioList } from '../api';
import { passRate } from '../lib/runs';
import { PostmanImportButton } from './postman-buttons';

type Dialog =
  | { kind: 'newScenario' | 'newFolder' }
  | { kind: 'renameScenario'; scenario: ScenarioSummary }
  | { kind: 'renameFolder'; folder: ScenarioFolderView }
  | { kind: 'deleteScenario'; scenario: ScenarioSummary }
  | { kind: 'deleteFolder'; folder: ScenarioFolderView };

interface Node {
  key: string;
  title: string;
  isLeaf: boolean;
  children: Node[];
  scenario?: ScenarioSummary;
  folder?: ScenarioFolderView;
}

function treeOf(folders: ScenarioFolderView[], scenarios: ScenarioSummary[], parentId = ''): Node[] {
  return [
    ...folders
      .filter((f) => f.parentId === parentId)
      .map((folder) => ({ key: folder.id, title: folder.name, isLeaf: false, folder, children: treeOf(folders, scenarios, folder.id) })),
    ...scenarios
      .filter((s) => s.folderId === parentId)
      .map((scenario) => ({ key: scenario.id, title: scenario.name, isLeaf: true, scenario, children: [] })),
  ];
}

export function ScenarioSide(props: {
  projectId: string;
  canEdit: boolean;
  selectedId?: string;
  linkOf: (scenarioId: string) => string;
  onCreated: (scenarioId: string) => void;
  onDeleted: (scenarioId: string) => void;
}) {
  const { t } = useTranslation();
  const list = useScenarioList(props.projectId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const nodes = useMemo(() => (list.data ? treeOf(list.data.folders, list.data.scenarios) : []), [list.data]);
  if (!list.data) return <PageLoading />;

  const actions = (node: Node) => {
    if (!props.canEdit) return null;
    const items = [
      { key: 'rename', label: t('scenario.rename') },
      { key: 'delete', label: t('scenario.delete'), danger: true },
    ];
    return (
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            if (node.scenario) setDialog({ kind: key === 'rename' ? 'renameScenario' : 'deleteScenario', scenario: node.scenario });
            else if (node.folder) setDialog({ kind: key === 'rename' ? 'renameFolder' : 'deleteFolder', folder: node.folder });
          },
        }}
      >
        <Button
          size="small"
          type="text"
          icon={<MoreOutlined aria-hidden />}
          aria-label={`${t('scenario.actions')}: ${node.title}`}
          onClick={(e) => e.stopPropagation()}
        />
      </Dropdown>
    );
  };

  return (
    <nav className="scenario-side" aria-label={t('scenario.title')}>
      {props.canEdit ? (
        <Space wrap>
          <Button size="small" type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ kind: 'newScenario' })}>
            {t('scenario.newScenario')}
          </Button>
          <Button size="small" icon={<FolderAddOutlined aria-hidden />} onClick={() => setDialog({ kind: 'newFolder' })}>
            {t('scenario.newFolder')}
          </Button>
          <PostmanImportButton projectId={props.projectId} onImported={props.onCreated} />
        </Space>
      ) : null}
      {nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scenario.empty')} />
      ) : (
        <Tree<Node>
          blockNode
          defaultExpandAll
          selectable={false}
          treeData={nodes}
          titleRender={(node) => {
            const rate = node.scenario ? passRate(node.scenario.recent) : null;
            return (
              <span className="scenario-node">
                {node.folder ? <FolderOutlined aria-hidden /> : null}
                {node.scenario ? (
                  <Link
                    className="scenario-node-name"
                    to={props.linkOf(node.scenario.id)}
                    aria-current={node.scenario.id === props.selectedId ? 'page' : undefined}
                  >
                    {node.scenario.id === props.selectedId ? <strong>{node.title}</strong> : node.title}
                  </Link>
                ) : (
                  <span className="scenario-node-name">{node.title}</span>
                )}
                {node.scenario ? (
                  <Typography.Text type="secondary" className="scenario-node-rate">
                    {rate === null ? '' : t('scenario.passRate', { rate })}
                  </Typography.Text>
                ) : null}
                {actions(node)}
              </span>
            );
          }}
        />
      )}
      {dialog ? (
        <Dialogs
          projectId={props.projectId}
          dialog={dialog}
          folders={list.data.folders}
          onCreated={props.onCreated}
          onDeleted={props.onDeleted}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </nav>
  );
}

function Dialogs(props: {
  projectId: string;
  dialog: Dialog;
  folders: ScenarioFolderView[];
  onCreated: (scenarioId: string) => void;
  onDeleted: (scenarioId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; folderId: string }>();
  const createScenario = useScenarioChange('scenario.create');
  const deleteScenario = useScenarioChange('scenario.delete');
  const updateScenario = useScenarioChange('scenario.update');
  const createFolder = useFolderChange('scenarioFolder.create');
  const updateFolder = useFolderChange('scenarioFolder.update');
  const deleteFolder = useFolderChange('scenarioFolder.delete');
  const { dialog } = props;
  const folderOptions = [{ value: '', label: t('scenario.topLevel') }, ...props.folders.map((f) => ({ value: f.id, label: f.name }))];

  if (dialog.kind === 'deleteScenario' || dialog.kind === 'deleteFolder') {
    const named = dialog.kind === 'deleteScenario' ? dialog.scenario : dialog.folder;
    return (
      <ConfirmModal
        title={t('scenario.delete')}
        message={t(dialog.kind === 'deleteScenario' ? 'scenario.deleteScenario' : 'scenario.deleteFolder', { name: named.name })}
        okText={t('scenario.delete')}
        danger
        onConfirm={async () => {
          if (dialog.kind === 'deleteScenario') {
            await deleteScenario.mutateAsync({ query: { id: named.id } });
            props.onDeleted(named.id);
          } else await deleteFolder.mutateAsync({ query: { id: named.id } });
        }}
        onClose={props.onClose}
      />
    );
  }

  const renaming = dialog.kind === 'renameScenario' ? dialog.scenario : dialog.kind === 'renameFolder' ? dialog.folder : null;
  const isFolder = dialog.kind === 'newFolder' || dialog.kind === 'renameFolder';
  const title = renaming ? t('scenario.rename') : t(isFolder ? 'scenario.newFolder' : 'scenario.newScenario');
  return (
    <FormModal
      title={title}
      form={form}
      initialValues={{
        name: renaming?.name ?? '',
        folderId:
          dialog.kind === 'renameScenario' ? dialog.scenario.folderId : dialog.kind === 'renameFolder' ? dialog.folder.parentId : '',
      }}
      onSubmit={async ({ name, folderId }) => {
        const at = folderId ?? '';
        if (dialog.kind === 'newScenario') {
          const made = await createScenario.mutateAsync({ body: { projectId: props.projectId, name, folderId: at } });
          props.onCreated(made.id);
        } else if (dialog.kind === 'newFolder') {
          await createFolder.mutateAsync({ body: { projectId: props.projectId, name, parentId: at } });
        } else if (dialog.kind === 'renameFolder') {
          await updateFolder.mutateAsync({ body: { id: dialog.folder.id, rev: dialog.folder.rev, name, parentId: at } });
        } else if (dialog.kind === 'renameScenario') {
          // Renaming reads the scenario's steps and revision first: the update carries its whole content.
          const current = await readScenario(dialog.scenario.id);
          await updateScenario.mutateAsync({ body: { id: current.id, rev: current.rev, name, folderId: at, content: current.content } });
        }
      }}
      onClose={props.onClose}
    >
      <Form.Item name="name" label={t('scenario.name')} rules={[{ required: true, whitespace: true, message: t('scenario.nameRequired') }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="folderId" label={t('scenario.folder')}>
        <Select options={folderOptions.filter((o) => !(dialog.kind === 'renameFolder' && o.value === dialog.folder.id))} />
      </Form.Item>
    </FormModal>
  );
}
