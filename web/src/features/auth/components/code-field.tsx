import { Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VERIFICATION_CODE_RESEND_SECONDS } from '@shared/constants';
import { verificationCodeSchema } from '@shared/schemas/account';
import { showServerError, zodRule } from '../../../lib/form';

interface Props {
  /** The form's field holding the address the code goes to. */
  from: string;
  /** Asks the server for a code to the field's (valid) value. */
  request: (address: string) => Promise<unknown>;
  /** Says the code is on its way, in the form's own words and place (a page toast, a global one). */
  onSent: () => void;
  /** Where a refused send shows: under the address field unless told otherwise. */
  errorAt?: string;
}

/**
 * The verification code field of every form that asks for one (register, the sign-in step-up, password recovery,
 * an address change, binding a phone), named `code`, with its "send code" button. The send step is the same in
 * each, so it lives here and the forms give only what differs: validate the address field first (which also clears
 * an error it showed before, a stale "enter a correct email"), ask for the code, say so, or show the server's
 * refusal at a field. Once a code is sent, the button counts down the seconds the server makes a person wait before
 * the next code to the same address.
 */
export function CodeField({ from, request, onSent, errorAt = from }: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [countdown, setCountdown] = useState(0);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  async function send(): Promise<boolean> {
    try {
      await form.validateFields([from]);
    } catch {
      return false;
    }
    try {
      await request(form.getFieldValue(from) as string);
      onSent();
      return true;
    } catch (err) {
      showServerError(form, err, { atField: errorAt });
      return false;
    }
  }

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
