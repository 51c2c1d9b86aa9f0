import { DeleteOutlined, LinkOutlined, LogoutOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Form, Input, List, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { QUIT_PHRASES } from '@shared/accounts';
import { config } from '../../config';
import { useSignOut } from '../../features/auth/api/session';
import { useGoToProvider, useOfferedProviders } from '../../features/auth/api/third-party';
import { useBoundAccounts, useDeleteAccount, useQuitCheck, useUnbindProvider } from '../../features/auth/api/account';
import { expectSessionEnd } from '../../lib/api';
import { errorMessage } from '../../lib/form';
import { notify } from '../../lib/notify';
import { paths } from '../../paths';

/**
 * Account association (issue 25): the providers this deployment offers, each bound (with its nickname, and an
 * unbind the API refuses when it would leave no way to sign in) or not (a bind goes to the provider and back).
 * Which are offered is the oauth service's answer, as on the sign-in page: in AWS only its function may read the
 * providers' secret.
 */
export function RelationPage() {
  const { t } = useTranslation();
  const info = useBoundAccounts();
  const offered = useOfferedProviders();
  const unbind = useUnbindProvider();
  const [busy, setBusy] = useState<string>();
  const { mutateAsync: goToProvider } = useGoToProvider();
  const available = offered.data?.providers ?? [];
  if (config.offline || (offered.isSuccess && available.length === 0)) {
    return (
      <Card>
        <Empty
          image={<LinkOutlined className="empty-icon" aria-hidden />}
          description={
            <>
              <strong>{t('relation.title')}</strong>
              <br />
              {config.offline ? t('relation.offline') : t('relation.none')}
            </>
          }
        />
      </Card>
    );
  }
  const name = (p: string) => t(`thirdParty.${p}`);
  return (
    <Card loading={info.isPending || offered.isPending}>
      <Typography.Title level={2}>{t('thirdParty.relationTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('thirdParty.relationHint')}</Typography.Paragraph>
      {info.data && !info.data.hasPassword ? (
        <Alert className="auth-alert" type="info" showIcon title={t('thirdParty.noPassword')} />
      ) : null}
      <List
        dataSource={available}
        renderItem={(provider) => {
          const bound = info.data?.bound.find((b) => b.provider === provider);
          return (
            <List.Item
              aria-label={name(provider)}
              actions={[
                bound ? (
                  <Popconfirm
                    key="unbind"
                    title={t('thirdParty.unbindConfirm', { provider: name(provider) })}
                    onConfirm={() => {
                      unbind
                        .mutateAsync({ params: { x: provider } })
                        .then(() => notify.success(t('thirdParty.unbound', { provider: name(provider) })))
                        .catch((err: unknown) => notify.error(errorMessage(err)));
                    }}
                  >
                    <Button danger>{t('thirdParty.unbind')}</Button>
                  </Popconfirm>
                ) : (
                  <Button
                    key="bind"
                    loading={busy === provider}
                    onClick={() => {
                      setBusy(provider);
                      goToProvider({ provider, type: 'bind' }).catch((err: unknown) => {
                        setBusy(undefined);
                        notify.error(errorMessage(err));
                      });
                    }}
                  >
                    {t('thirdParty.bind')}
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                title={name(provider)}
                description={bound ? t('thirdParty.boundAs', { nickname: bound.nickname }) : t('thirdParty.notBound')}
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}

/**
 * Quit (issue 25): leaving the product. What goes is said first; what stands in the way (teams the person owns
 * with other members, projects others use) is listed with links to hand each over; otherwise the phrase of the
 * page's language typed by hand (and the password, when the account has one) enables the danger button, and the
 * person lands signed out on the sign-in page. Signing out of this browser stays here too.
 */
export function QuitPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { mutateAsync: signOut } = useSignOut();
  const check = useQuitCheck();
  const quit = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const phrase = i18n.language.startsWith('en') ? QUIT_PHRASES.en : QUIT_PHRASES.zh;
  const blockers = check.data ? [...check.data.teams, ...check.data.projects] : [];
  const needsPassword = check.data?.hasPassword ?? true;
  const ready = typed.trim().toLowerCase() === phrase.toLowerCase() && (!needsPassword || password !== '');
  const submit = () => {
    // The bell's poll may meet the ended session before this page moves on: that is no lost session.
    expectSessionEnd(true);
    quit
      .mutateAsync({ body: { confirmation: typed, ...(needsPassword ? { password } : {}) } })
      .then(() =>
        signOut(() => {
          notify.success(t('quit.done'));
          void navigate(paths.login.href(), { replace: true });
          expectSessionEnd(false);
        }),
      )
      .catch((err: unknown) => {
        expectSessionEnd(false);
        notify.error(errorMessage(err));
        void check.refetch();
      });
  };
  return (
    <>
      <Card loading={check.isPending}>
        <Typography.Title level={2}>{t('quit.deleteTitle')}</Typography.Title>
        <Typography.Paragraph>{t('quit.deleteText')}</Typography.Paragraph>
        <ul>
          <li>{t('quit.goes.account')}</li>
          <li>{t('quit.goes.projects')}</li>
          <li>{t('quit.goes.memberships')}</li>
        </ul>
        {blockers.length > 0 && check.data ? (
          <Alert
            className="auth-alert"
            type="warning"
            showIcon
            title={t('quit.blocked')}
            description={
              <ul aria-label={t('quit.blocked')}>
                {check.data.teams.map((team) => (
                  <li key={team.id}>
                    {t('quit.team', { name: team.name })}{' '}
                    <Link to={paths.teamSettings.href(team.id, 'transfer')}>{t('quit.transferTeam')}</Link>
                  </li>
                ))}
                {check.data.projects.map((project) => (
                  <li key={project.id}>
                    {t('quit.project', { name: project.name })}{' '}
                    <Link to={paths.projectSettings.href(project.id, 'transfer')}>{t('quit.transferProject')}</Link>
                  </li>
                ))}
              </ul>
            }
          />
        ) : check.data ? (
          <Form layout="vertical" className="quit-form" onFinish={submit}>
            <Form.Item label={t('quit.typeLabel', { phrase })} htmlFor="quit-confirmation">
              <Input
                id="quit-confirmation"
                autoComplete="off"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                placeholder={phrase}
              />
            </Form.Item>
            {needsPassword ? (
              <Form.Item label={t('security.currentPassword')} htmlFor="quit-password">
                <Input.Password
                  id="quit-password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </Form.Item>
            ) : null}
            <Button
              danger
              type="primary"
              htmlType="submit"
              disabled={!ready}
              loading={quit.isPending}
              icon={<DeleteOutlined aria-hidden />}
            >
              {t('quit.deleteButton')}
            </Button>
          </Form>
        ) : null}
      </Card>
      <Card className="quit-sign-out">
        <Typography.Title level={2}>{t('quit.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('quit.text')}</Typography.Paragraph>
        <Button
          icon={<LogoutOutlined aria-hidden />}
          onClick={() => void signOut(() => void navigate(paths.login.href(), { replace: true }))}
        >
          {t('dashboard.logout')}
        </Button>
      </Card>
    </>
  );
}
