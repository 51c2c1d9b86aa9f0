import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VERIFICATION_CODE_RESEND_SECONDS } from '@shared/constants';

/**
 * The "send code" button of every form that asks for a verification code. Once `send` reports a code sent, it
 * counts down the seconds the server makes a person wait before the next code to the same address.
 */
export function SendCodeButton({ send }: { send: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const [countdown, setCountdown] = useState(0);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  return (
    <Button onClick={() => void send().then((sent) => sent && setCountdown(VERIFICATION_CODE_RESEND_SECONDS))} disabled={countdown > 0}>
      {countdown > 0 ? t('register.resendIn', { seconds: countdown }) : t('register.sendCode')}
    </Button>
  );
}
