/**
 * Changing the account's email or phone: the new address, a code sent to it, and for an email the current password
 * (an email signs in and recovers the account). The current address shows masked.
 */
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERRORS } from '@shared/errors';
import { emailSchema, phoneSchema, type UserDetail } from '@shared/schemas/account';
import { isApiError } from '../../../lib/api';
import { useAddressChange, useSendCode } from '../api/account';
import { showServerError, zodRule } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { maskAddress } from '../lib/mask';
import { CodeField } from './code-field';

interface Values {
  address: string;
  code: string;
  password?: string;
}

export function AddressChangeForm({ kind, user }: { kind: 'email' | 'phone'; user: UserDetail }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const schema = kind === 'email' ? emailSchema : phoneSchema;
  const changeEmail = useAddressChange('user.email');
  const changePhone = useAddressChange('user.phone');
  const sendEmailCode = useSendCode('code.emailUpdate');
  const sendPhoneCode = useSendCode('code.phoneUpdate');

  async function submit(values: Values) {
    try {
      if (kind === 'email') {
        await changeEmail.mutateAsync({ body: { email: values.address, code: values.code, password: values.password ?? '' } });
      } else {
        await changePhone.mutateAsync({ body: { phone: values.address, code: values.code } });
      }
      form.resetFields();
      notify.success(t(`security.${kind}Changed`));
    } catch (err) {
      if (isApiError(err) && err.code === ERRORS.badVerificationCode.code) form.setFields([{ name: 'code', errors: [err.message] }]);
      else if (isApiError(err) && err.code === ERRORS.wrongOldPassword.code) form.setFields([{ name: 'password', errors: [err.message] }]);
      else if (isApiError(err) && err.code === ERRORS.accountExists.code) form.setFields([{ name: 'address', errors: [err.message] }]);
      else showServerError(form, err);
    }
  }

  return (
    <>
      <Typography.Paragraph>
        {t(`security.current.${kind}`)}: <span data-testid={`current-${kind}`}>{maskAddress(user[kind])}</span>
      </Typography.Paragraph>
      {/* Named, so the two forms on one page give their fields ids of their own. */}
      <Form<Values>
        name={`${kind}-change`}
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void submit(v)}
        className="narrow-form"
      >
        <Form.Item name="address" label={t(`security.new.${kind}`)} rules={[zodRule(schema)]}>
          <Input autoComplete={kind === 'email' ? 'email' : 'tel'} />
        </Form.Item>
        <CodeField
          from="address"
          request={(address) => {
            const params = { target: schema.parse(address) };
            return kind === 'email' ? sendEmailCode.mutateAsync({ params }) : sendPhoneCode.mutateAsync({ params });
          }}
          onSent={() => notify.success(t('register.codeSent'))}
        />
        {kind === 'email' ? (
          <Form.Item name="password" label={t('security.currentPassword')} rules={[{ required: true, message: t('v.required') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" loading={changeEmail.isPending || changePhone.isPending}>
          {t(`security.change.${kind}`)}
        </Button>
      </Form>
    </>
  );
}
