/**
 * The read password of a share link. A wrong password says so at the field; past the guess limit (HTTP 429) the
 * form says how long to wait and waits that long; an expired share is handed back to the page.
 */
import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERRORS } from '@shared/errors';
import { isApiError, isTooManyRequests } from '../../../lib/api';
import { errorMessage } from '../../../lib/form';
import { useSharePassword } from '../api';
import { minutesToWait } from '../lib/shares';

export function SharePasswordForm({
  shareId,
  onUnlocked,
  onExpired,
}: {
  shareId: string;
  onUnlocked: (shareToken: string) => void;
  onExpired: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);
  const sharePassword = useSharePassword();
  const [blocked, setBlocked] = useState<{ until: number; minutes: number } | null>(null);

  useEffect(() => {
    if (!blocked) return;
    const timer = setTimeout(() => setBlocked(null), Math.max(0, blocked.until - Date.now()));
    return () => clearTimeout(timer);
  }, [blocked]);

  async function submit({ password }: { password: string }) {
    setBusy(true);
    try {
      const { shareToken } = await sharePassword.mutateAsync({ params: { id: shareId }, body: { password } });
      onUnlocked(shareToken);
    } catch (error) {
      if (isTooManyRequests(error)) {
        const seconds = error.retryAfter ?? 60;
        setBlocked({ until: Date.now() + seconds * 1000, minutes: minutesToWait(seconds) });
      } else if (isApiError(error) && error.code === ERRORS.shareExpired.code) onExpired();
      else {
        const wrong = isApiError(error) && error.code === ERRORS.sharePassword.code;
        form.setFields([{ name: 'password', errors: [wrong ? t('sharePage.wrongPassword') : errorMessage(error)] }]);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="auth-card share-password" aria-labelledby="share-password-title">
      <Typography.Title level={1} className="auth-title" id="share-password-title">
        <LockOutlined aria-hidden /> {t('sharePage.passwordTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('sharePage.passwordText')}</Typography.Paragraph>
      {blocked ? (
        <Alert
          className="auth-alert"
          type="warning"
          showIcon
          role="alert"
          title={t('sharePage.tooManyGuesses', { count: blocked.minutes })}
        />
      ) : null}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item name="password" label={t('sharePage.password')} rules={[{ required: true, message: t('sharePage.passwordRequired') }]}>
          {/* The password of a link someone handed over: the browser should not offer to save it for this site. */}
          <Input.Password autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} disabled={!!blocked}>
          {t('sharePage.unlock')}
        </Button>
      </Form>
    </section>
  );
}
