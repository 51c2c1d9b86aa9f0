import { Alert, Avatar, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useOutletContext } from 'react-router';
import { ConfirmModal } from '../../components/confirm-modal';
import { imageUrl } from '../../config';
import { UploadImageButton } from '../../features/documents/components/upload-image-button';
import { useTeamProjects } from '../../features/projects/api';
import { refreshAfterLeaving, useTeamChange, useTeamExit } from '../../features/teams/api';
import { TeamFields } from '../../features/teams/components/team-dialogs';
import { showServerError } from '../../lib/form';
import { notify } from '../../lib/notify';
import { paths } from '../../paths';
import type { TeamSettingsContext } from './layout';

interface Values {
  name: string;
  description: string;
  avatar: string;
}

/** The logo: an image address, or an uploaded image kept with the team itself (it needs no project). */
function LogoField({ teamId, disabled, onUploaded }: { teamId: string; disabled: boolean; onUploaded: (url: string) => void }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('teams.logo')} extra={t('teams.logoHint')}>
      <Flex gap={8} align="center">
        <Form.Item name="avatar" noStyle>
          <Input aria-label={t('teams.logoUrl')} placeholder={t('teams.logoUrlPlaceholder')} />
        </Form.Item>
        <UploadImageButton to={{ teamId }} disabled={disabled} onUploaded={onUploaded}>
          {t('teams.upload')}
        </UploadImageButton>
      </Flex>
    </Form.Item>
  );
}

/** Disbanding: the team name typed in full, since nothing of it can be brought back. */
function DisbandDialog({ name, onConfirm, onClose }: { name: string; onConfirm: () => Promise<unknown>; onClose: () => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  return (
    <ConfirmModal
      title={t('teamInfo.disband')}
      okText={t('teamInfo.disband')}
      danger
      okDisabled={typed !== name}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Alert type="error" showIcon title={t('teamInfo.disbandWarning')} className="form-alert" />
      <label htmlFor="disband-name">{t('teamInfo.disbandType', { name })}</label>
      <Input id="disband-name" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
    </ConfirmModal>
  );
}

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { team, standing } = useOutletContext<TeamSettingsContext>();
  const [form] = Form.useForm<Values>();
  const avatar = Form.useWatch('avatar', form) ?? team.avatar;
  const name = Form.useWatch('name', form) ?? team.name;
  const [confirm, setConfirm] = useState<'quit' | 'disband' | null>(null);
  const update = useTeamChange('team.update');
  const quit = useTeamExit('team.quit');
  const disband = useTeamExit('team.disband');
  const leave = async (message: string) => {
    notify.success(message);
    await navigate(paths.dashboard.href());
    void refreshAfterLeaving();
  };
  const canEdit = standing.can.editTeam;
  // The projects this member reaches, as the console lists them.
  const reachable = useTeamProjects(team.id);

  async function submit(values: Values) {
    try {
      await update.mutateAsync({
        body: { id: team.id, rev: team.rev, name: values.name.trim(), description: values.description, avatar: values.avatar.trim() },
      });
      notify.success(t('common.saved'));
    } catch (error) {
      showServerError(form, error);
    }
  }

  return (
    <>
      <Card>
        <div className="profile-summary">
          <Avatar shape="square" size={64} src={imageUrl(avatar || null)} alt="" className="team-icon">
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <Typography.Text strong>{team.name}</Typography.Text>
            <br />
            <Typography.Text type="secondary">
              {t('teamInfo.owner', { name: team.ownerName })} ·{' '}
              {t('teams.counts', { members: team.memberCount, projects: reachable.data?.length ?? team.projectCount })} ·{' '}
              {t('teamInfo.groups', { count: team.groupCount })}
            </Typography.Text>
          </div>
        </div>
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={!canEdit}
          initialValues={{ name: team.name, description: team.description, avatar: team.avatar }}
          onFinish={(v) => void submit(v)}
          className="narrow-form"
        >
          <TeamFields />
          <LogoField teamId={team.id} disabled={!canEdit} onUploaded={(url) => form.setFieldValue('avatar', url)} />
          {canEdit ? (
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t('common.save')}
            </Button>
          ) : (
            <Alert type="info" showIcon title={t('teamInfo.readOnly')} />
          )}
        </Form>
      </Card>
      <section aria-labelledby="team-danger-zone">
        <Card className="danger-zone">
          <Typography.Title level={2} id="team-danger-zone">
            {t('projectSettings.dangerZone')}
          </Typography.Title>
          {standing.can.quit && (
            <Flex className="danger-row" justify="space-between" align="center" gap={16}>
              <div>
                <strong>{t('teamInfo.quit')}</strong>
                <Typography.Paragraph type="secondary">{t('teamInfo.quitText')}</Typography.Paragraph>
              </div>
              <Button danger onClick={() => setConfirm('quit')}>
                {t('teamInfo.quit')}
              </Button>
            </Flex>
          )}
          {standing.can.disband ? (
            <Flex className="danger-row" justify="space-between" align="center" gap={16}>
              <div>
                <strong>{t('teamInfo.disband')}</strong>
                <Typography.Paragraph type="secondary">{t('teamInfo.disbandText')}</Typography.Paragraph>
              </div>
              <Button danger type="primary" onClick={() => setConfirm('disband')}>
                {t('teamInfo.disband')}
              </Button>
            </Flex>
          ) : (
            <Typography.Paragraph type="secondary" className="danger-row">
              {t('teamInfo.ownerDisbands')}
            </Typography.Paragraph>
          )}
        </Card>
      </section>
      {confirm === 'quit' && (
        <ConfirmModal
          title={t('teamInfo.quit')}
          message={t('teamInfo.quitConfirm', { name: team.name })}
          okText={t('teamInfo.quit')}
          danger
          onConfirm={() => quit.mutateAsync({ params: { id: team.id } }).then(() => leave(t('teamInfo.left', { name: team.name })))}
          onClose={() => setConfirm(null)}
        />
      )}
      {confirm === 'disband' && (
        <DisbandDialog
          name={team.name}
          onConfirm={() => disband.mutateAsync({ params: { id: team.id } }).then(() => leave(t('teamInfo.disbanded', { name: team.name })))}
          onClose={() => setConfirm(null)}
        />
      )}
    </>
  );
}
