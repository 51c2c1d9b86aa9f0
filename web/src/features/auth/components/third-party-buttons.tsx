import { Button, Divider, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useGoToProvider, useOfferedProviders } from '../api/third-party';

/** The sign-in page's third-party buttons: only the providers this deployment offers, none offline. */
export function ThirdPartyButtons({ f }: { f: string | null }) {
  const { t } = useTranslation();
  const offered = useOfferedProviders();
  const [busy, setBusy] = useState<string>();
  const { mutateAsync: goToProvider } = useGoToProvider();
  const providers = offered.data?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <section aria-label={t('thirdParty.orWith')}>
      <Divider plain>{t('thirdParty.orWith')}</Divider>
      <Space wrap>
        {providers.map((provider) => (
          <Button
            key={provider}
            loading={busy === provider}
            aria-label={t('thirdParty.signInWith', { provider: t(`thirdParty.${provider}`) })}
            onClick={() => {
              setBusy(provider);
              goToProvider({ provider, type: 'login', f }).catch((err: unknown) => {
                setBusy(undefined);
                notify.error(errorMessage(err));
              });
            }}
          >
            {t(`thirdParty.${provider}`)}
          </Button>
        ))}
      </Space>
    </section>
  );
}
