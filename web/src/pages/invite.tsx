/**
 * Accepting an invitation (spec section 2): signed in first (RequireAuth comes back here with `f`), then what the
 * code leads to and a button to join; without a code, a field to paste the link or code into.
 */
import { CheckCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LinkButton } from '../components/link-button';
import { PageLoading } from '../components/page-loading';
import { RequireAuth } from '../features/auth/components/require-auth';
import { useInvitation, useJoinProject, useJoinTeam } from '../features/teams/api';
import { invitationFrom, isInviteCode } from '../features/teams/lib/invitations';
import { formatDate } from '../lib/dates';
import { errorMessage } from '../lib/form';
import { notify } from '../lib/notify';
import { useTitle } from '../lib/title';
import { paths, type InviteKind } from '../paths';

/** Where a pasted invitation link or code goes. */
function CodeEntry({ kind }: { kind: InviteKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ code: string }>();
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={({ code }) => {
        const found = invitationFrom(code ?? '', kind);
        if (found) void navigate(paths.invite.href(found.kind, found.code));
        else form.setFields([{ name: 'code', errors: [t('v.inviteCode')] }]);
      }}
    >
      <Form.Item name="code" label={t('invite.codeLabel')} extra={t('invite.codeHint')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block>
        {t('invite.open')}
      </Button>
    </Form>
  );
}

function Invitation({ kind, code }: { kind: InviteKind; code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wellFormed = isInviteCode(code);
  const preview = useInvitation(kind, code, wellFormed);
  const joinTeam = useJoinTeam();
  const joinProject = useJoinProject();
  const [failure, setFailure] = useState<string>();
  const busy = joinTeam.isPending || joinProject.isPending;

  async function join() {
    setFailure(undefined);
    try {
      if (kind === 'team') {
        const team = await joinTeam.mutateAsync({ params: { code } });
        notify.success(t('invite.joinedTeam', { name: team.name }));
        await navigate(paths.team.href(team.id), { replace: true });
      } else {
        const project = await joinProject.mutateAsync({ params: { code } });
        notify.success(t('invite.joinedProject', { name: project.name }));
        await navigate(paths.project.href(project.id), { replace: true });
      }
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  const refused = !wellFormed ? t('error.invitationInvalid') : preview.error ? errorMessage(preview.error) : undefined;
  if (refused) {
    return (
      <>
        <Alert type="error" showIcon role="alert" title={refused} description={t('invite.askAgain')} className="auth-alert" />
        <CodeEntry kind={kind} />
      </>
    );
  }
  if (!preview.data) return <PageLoading />;
  const info = preview.data;
  const target = kind === 'team' ? info.teamName : info.projectName;
  return (
    <>
      <Typography.Paragraph>
        {t(kind === 'team' ? 'invite.teamText' : 'invite.projectText', { name: info.invitedBy || t('invite.someone'), target })}
      </Typography.Paragraph>
      <Descriptions
        column={1}
        size="small"
        bordered
        className="invite-details"
        items={[
          ...(kind === 'project' ? [{ key: 'project', label: t('invite.project'), children: info.projectName }] : []),
          ...(info.teamName ? [{ key: 'team', label: t('invite.team'), children: info.teamName }] : []),
          ...(info.groupName ? [{ key: 'group', label: t('invite.group'), children: info.groupName }] : []),
          {
            key: 'role',
            label: t('invite.role'),
            children:
              kind === 'team'
                ? t(`teams.roles.${info.role}`, { defaultValue: info.role })
                : t(`access.roles.${info.role}`, { defaultValue: info.role }),
          },
          { key: 'by', label: t('invite.invitedBy'), children: info.invitedBy || '—' },
          { key: 'expires', label: t('invite.expiresAt'), children: formatDate(info.expiresAt) },
        ]}
      />
      {failure ? <Alert type="error" role="alert" showIcon title={failure} className="auth-alert invite-failure" /> : null}
      <Flex gap={8} vertical>
        <Button type="primary" block icon={<CheckCircleOutlined aria-hidden />} loading={busy} onClick={() => void join()}>
          {kind === 'team' ? t('invite.joinTeam') : t('invite.joinProject')}
        </Button>
        <LinkButton to={paths.dashboard.href()} block>
          {t('invite.later')}
        </LinkButton>
      </Flex>
    </>
  );
}

function InvitePage({ kind }: { kind: InviteKind }) {
  const { t } = useTranslation();
  const { code } = useParams();
  useTitle(t(kind === 'team' ? 'invite.teamTitle' : 'invite.projectTitle'));
  return (
    <div className="auth-card invite-card">
      <h1 className="auth-title">{t(kind === 'team' ? 'invite.teamTitle' : 'invite.projectTitle')}</h1>
      {code ? <Invitation key={code} kind={kind} code={code} /> : <CodeEntry kind={kind} />}
    </div>
  );
}

const guarded = (kind: InviteKind) =>
  function Guarded() {
    return (
      <RequireAuth>
        <InvitePage kind={kind} />
      </RequireAuth>
    );
  };

export const TeamInvitePage = guarded('team');
export const ProjectInvitePage = guarded('project');
