import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordSchema } from '@shared/schemas/account';
import { sameAs, zodRule } from '../../../lib/form';

/**
 * A new password and its confirmation, as every form that sets one asks for them (register, recovery, a change).
 * The password rule shows once: as the hint, or as the error when the password breaks it (the same words), so the
 * hint is drawn from the field's current errors; the wrapper re-renders on every change of the form, errors too.
 */
export function NewPasswordFields({ name = 'password', label, confirmLabel }: { name?: string; label: string; confirmLabel: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item noStyle shouldUpdate>
        {({ getFieldError }) => (
          <Form.Item
            name={name}
            label={label}
            extra={getFieldError(name).length ? undefined : t('v.password')}
            rules={[zodRule(passwordSchema)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
      </Form.Item>
      <Form.Item name="confirmPassword" label={confirmLabel} dependencies={[name]} rules={[sameAs(name)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
