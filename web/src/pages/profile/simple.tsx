import { LinkOutlined, LogoutOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, List, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { config } from '../../config';
import { signOut } from '../../features/auth/api/session';
import { goToProvider, useOfferedProviders } from '../../features/auth/api/third-party';
import { useApiMutation, useApiQuery } from '../../lib/api';
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
  const info = useApiQuery('user.boundInfo', undefined, { enabled: !config.offline });
  const offered = useOfferedProviders();
  const unbind = useApiMutation('user.thirdPartUnbind', { ignoreMessage: true, invalidates: ['user.boundInfo'] });
  const [busy, setBusy] = useState<string>();
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
                      goToProvider(provider, 'bind').catch((err: unknown) => {
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

/** Quit: sign out of this browser. */
export function QuitPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card>
      <Typography.Title level={2}>{t('quit.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('quit.text')}</Typography.Paragraph>
      <Button
        danger
        type="primary"
        icon={<LogoutOutlined aria-hidden />}
        onClick={() => void signOut(() => void navigate(paths.login.href(), { replace: true }))}
      >
        {t('dashboard.logout')}
      </Button>
    </Card>
  );
}
