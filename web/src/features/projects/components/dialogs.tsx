/** The console's dialogs: new project, new or renamed folder, clone, move to a folder. */
import { Alert, Form, Input, Radio, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIMITS } from '@shared/constants';
import { cloneQuery, folderName, projectCreateBody, projectName, type FolderNode, type ProjectView } from '@shared/schemas/project';
import { FormModal } from '../../../components/form-modal';
import { zodRule } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { paths } from '../../../paths';
import { useFolderTree, useMyTeams, useProjectChange } from '../api';

interface ProjectValues {
  name: string;
  description: string;
  visibility: 'private' | 'public';
}

export function VisibilityField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="visibility" label={t('projects.visibility')}>
      <Radio.Group
        options={(['private', 'public'] as const).map((v) => ({
          value: v,
          label: (
            <span>
              <strong>{t(`projects.${v}`)}</strong> <span className="muted">{t(`projects.${v}Hint`)}</span>
            </span>
          ),
        }))}
      />
    </Form.Item>
  );
}

/** A new project in the personal console, or (with `teamId`) in a team's; it opens once made, ready for documents. */
export function NewProjectDialog(props: { folderId: string | null; teamId?: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ProjectValues>();
  const create = useProjectChange('project.create');
  return (
    <FormModal<ProjectValues>
      title={t('projects.newProject')}
      form={form}
      okText={t('common.create')}
      initialValues={{ name: '', description: '', visibility: 'private' }}
      errorAt="name"
      onClose={props.onClose}
      onSubmit={async (values) => {
        const created = await create.mutateAsync({
          body: projectCreateBody.parse({ ...values, folderId: props.folderId, teamId: props.teamId ?? null }),
        });
        notify.success(t('projects.created'));
        void navigate(paths.project.href(created.id));
      }}
    >
      <Form.Item name="name" label={t('projects.name')} rules={[zodRule(projectName)]}>
        <Input maxLength={LIMITS.projectName + 1} />
      </Form.Item>
      <Form.Item name="description" label={t('projects.description')}>
        <Input.TextArea rows={3} maxLength={LIMITS.projectDescription} />
      </Form.Item>
      <VisibilityField />
    </FormModal>
  );
}

export function FolderDialog(props: {
  parentId: string | null;
  teamId?: string | null;
  folder?: { id: string; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const save = useProjectChange('folder.save');
  return (
    <FormModal<{ name: string }>
      title={props.folder ? t('projects.renameFolder') : t('projects.newFolder')}
      form={form}
      initialValues={{ name: props.folder?.name ?? '' }}
      errorAt="name"
      onClose={props.onClose}
      onSubmit={(values) =>
        save.mutateAsync({
          body: { id: props.folder?.id, name: values.name.trim(), parentId: props.parentId, teamId: props.teamId ?? null },
        })
      }
    >
      <Form.Item name="name" label={t('projects.folderName')} rules={[zodRule(folderName)]}>
        <Input />
      </Form.Item>
    </FormModal>
  );
}

export function CloneDialog(props: { project: ProjectView; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const clone = useProjectChange('project.clone');
  return (
    <FormModal<{ name: string }>
      title={t('projects.clone')}
      form={form}
      okText={t('projects.clone')}
      initialValues={{ name: t('projects.copyName', { name: props.project.name }).slice(0, LIMITS.projectName) }}
      errorAt="name"
      onClose={props.onClose}
      onSubmit={async (values) => {
        await clone.mutateAsync({ params: { id: props.project.id }, query: cloneQuery.parse(values) });
        notify.success(t('projects.cloned'));
      }}
    >
      <Form.Item name="name" label={t('projects.newName')} rules={[zodRule(projectName)]}>
        <Input />
      </Form.Item>
    </FormModal>
  );
}

interface FolderOption {
  value: string;
  title: string;
  children: FolderOption[];
}
const folderOptions = (nodes: FolderNode[]): FolderOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: folderOptions(n.children) }));

/** Files a project in a folder of its console: the team's folders for a team project, the caller's own otherwise. */
export function MoveDialog(props: { project: ProjectView; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ folder: string }>();
  const teamId = props.project.teamId;
  const tree = useFolderTree(teamId);
  // Filing is folder/move's; project/move moves a project into a team.
  const move = useProjectChange('folder.move');
  return (
    <FormModal<{ folder: string }>
      title={t('projects.moveTo')}
      form={form}
      okText={t('projects.move')}
      initialValues={{ folder: props.project.folderId ?? '0' }}
      errorAt="folder"
      onClose={props.onClose}
      onSubmit={async (values) => {
        await move.mutateAsync({ query: { folderId: values.folder, sourceId: props.project.id, isProject: 'true', teamId } });
        notify.success(t('projects.moved'));
      }}
    >
      <Form.Item name="folder" label={t('projects.folder')}>
        <TreeSelect
          treeDefaultExpandAll
          loading={tree.isPending}
          treeData={[{ value: '0', title: teamId ? t('teams.root') : t('projects.root'), children: folderOptions(tree.data ?? []) }]}
        />
      </Form.Item>
    </FormModal>
  );
}

/**
 * Moves a personal project into one of the caller's teams (spec section 4): its creator stays, every other member
 * is removed and has to be added again there.
 */
export function MoveToTeamDialog(props: { project: ProjectView; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ team: string }>();
  const teams = useMyTeams();
  const move = useProjectChange('project.move', ['project.team', 'team.all', 'team.get', 'project.members']);
  return (
    <FormModal<{ team: string }>
      title={t('projects.moveToTeam')}
      form={form}
      okText={t('projects.move')}
      errorAt="team"
      onClose={props.onClose}
      onSubmit={async (values) => {
        await move.mutateAsync({ params: { projectId: props.project.id, teamId: values.team } });
        notify.success(t('projects.movedToTeam'));
      }}
    >
      <Alert type="warning" showIcon className="form-alert" title={t('projects.moveToTeamWarning')} />
      <Form.Item name="team" label={t('projects.team')} rules={[{ required: true, message: t('projects.teamRequired') }]}>
        <Select
          loading={teams.isPending}
          placeholder={t('projects.teamRequired')}
          options={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
        />
      </Form.Item>
    </FormModal>
  );
}
