/** Dialogs of the team screens: a new team, a new or renamed user group; and a team's own fields. */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/constants';
import { groupName, teamCreateBody, teamName, type GroupView, type TeamView } from '@shared/schemas/team';
import { FormModal } from '../../../components/form-modal';
import { zodRule } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useTeamChange } from '../api';

interface TeamValues {
  name: string;
  description: string;
}

/** A team's name and description, as creating a team and its settings ask for them (the same checks and limits). */
export function TeamFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="name" label={t('teams.name')} rules={[zodRule(teamName)]}>
        <Input maxLength={LIMITS.teamName + 1} />
      </Form.Item>
      <Form.Item name="description" label={t('teams.description')}>
        <Input.TextArea rows={3} maxLength={LIMITS.projectDescription} />
      </Form.Item>
    </>
  );
}

/** Creates a team with the caller as its owner; `onCreated` takes them to it. */
export function CreateTeamDialog(props: { onClose: () => void; onCreated: (team: TeamView) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TeamValues>();
  const create = useTeamChange('team.create');
  return (
    <FormModal<TeamValues>
      title={t('teams.create')}
      form={form}
      okText={t('common.create')}
      initialValues={{ name: '', description: '' }}
      errorAt="name"
      onClose={props.onClose}
      onSubmit={async (values) => {
        const team = await create.mutateAsync({ body: teamCreateBody.parse(values) });
        notify.success(t('teams.created'));
        props.onCreated(team);
      }}
    >
      <TeamFields />
    </FormModal>
  );
}

/** A new user group of the team, or a new name for one. */
export function GroupDialog(props: { teamId: string; group?: GroupView; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const create = useTeamChange('team.groupCreate');
  const rename = useTeamChange('team.groupRename');
  return (
    <FormModal<{ name: string }>
      title={props.group ? t('groups.rename') : t('groups.create')}
      form={form}
      okText={props.group ? t('common.save') : t('common.create')}
      initialValues={{ name: props.group?.name ?? '' }}
      errorAt="name"
      onClose={props.onClose}
      onSubmit={async (values) => {
        const name = values.name.trim();
        if (props.group) await rename.mutateAsync({ params: { teamId: props.teamId, groupId: props.group.id, name } });
        else await create.mutateAsync({ body: { teamId: props.teamId, name } });
        notify.success(props.group ? t('common.saved') : t('groups.created'));
      }}
    >
      <Form.Item
        name="name"
        label={t('groups.name')}
        extra={t('groups.nameHint', { max: LIMITS.userGroupName })}
        rules={[zodRule(groupName)]}
      >
        <Input />
      </Form.Item>
    </FormModal>
  );
}
