/** Changing the password of the signed-in account: the old one, the new one twice. Every other session ends. */
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { useChangePassword } from '../api/account';
import { showServerError } from '../../../lib/form';
import { NewPasswordFields } from './new-password-fields';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const changePassword = useChangePassword();

  async function submit(body: Values) {
    setBusy(true);
    try {
      await changePassword.mutateAsync({ body });
      form.resetFields();
      setDone(true);
    } catch (err) {
      showServerError(form, err, isApiError(err) && err.code === 45004 ? { atField: 'oldPassword' } : {});
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      {done ? <Alert className="form-alert" type="success" showIcon title={t('security.changed')} /> : null}
      <Form<Values>
        name="password-change"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void submit(v)}
        className="narrow-form"
      >
        <Form.Item name="oldPassword" label={t('security.oldPassword')} rules={[{ required: true, message: t('v.required') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields name="newPassword" label={t('security.newPassword')} confirmLabel={t('security.confirmPassword')} />
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('security.submit')}
        </Button>
      </Form>
    </>
  );
}
