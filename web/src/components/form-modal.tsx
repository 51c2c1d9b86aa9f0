/**
 * A dialog around a form: the first field has focus when it opens, Enter submits, the OK button shows progress,
 * and a refused save stays open with the server's message at its field or as a toast.
 */
import { Form, Modal, type FormInstance } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerError } from '../lib/form';

interface FormModalProps<V> {
  title: string;
  form: FormInstance<V>;
  initialValues?: Partial<V>;
  okText?: string;
  danger?: boolean;
  width?: number;
  /** Rejects to stay open; the failure shows at its field (45002), at `errorAt`, or as a toast. */
  onSubmit: (values: V) => Promise<unknown>;
  errorAt?: string;
  onClose: () => void;
  children: ReactNode;
}

/** Puts the cursor in a dialog's first field, if it has one: typing goes there, not to a button. */
export function focusFirstField(body: HTMLElement | null) {
  body?.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), textarea')?.focus();
}

export function FormModal<V extends object>(props: FormModalProps<V>) {
  const { t } = useTranslation();
  const body = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);

  async function finish(values: V) {
    if (busy) return;
    setBusy(true);
    try {
      await props.onSubmit(values);
      props.onClose();
    } catch (error) {
      showServerError(props.form, error, { atField: props.errorAt });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={props.title}
      open
      width={props.width}
      okText={props.okText ?? t('common.save')}
      okButtonProps={{ htmlType: 'submit', danger: props.danger, loading: busy }}
      cancelText={t('common.cancel')}
      onCancel={props.onClose}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (open) focusFirstField(body.current);
      }}
      modalRender={(dom) => (
        <Form<V>
          form={props.form}
          layout="vertical"
          initialValues={props.initialValues}
          onFinish={(v) => void finish(v)}
          requiredMark={false}
        >
          {dom}
        </Form>
      )}
    >
      <div ref={body}>{props.children}</div>
    </Modal>
  );
}
