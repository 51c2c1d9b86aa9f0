import { Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VERIFICATION_CODE_RESEND_SECONDS } from '@shared/constants';
import { verificationCodeSchema } from '@shared/schemas/account';
import { zodRule } from '../../../lib/form';

/**
 * The verification code field of every form that asks for one (register, the sign-in step-up, password recovery,
 * an address change), named `code`, with its "send code" button. Once `send` reports a code sent, the button counts
 * down the seconds the server makes a person wait before the next code to the same address.
 */
export function CodeField({ send }: { send: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const [countdown, setCountdown] = useState(0);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  return (
    <Form.Item label={t('register.code')} required>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={[zodRule(verificationCodeSchema)]}>
          <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" aria-label={t('register.code')} />
        </Form.Item>
        <Button onClick={() => void send().then((sent) => sent && setCountdown(VERIFICATION_CODE_RESEND_SECONDS))} disabled={countdown > 0}>
          {countdown > 0 ? t('register.resendIn', { seconds: countdown }) : t('register.sendCode')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
