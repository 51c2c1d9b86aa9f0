import { Modal } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/form';
import { notify } from '../lib/notify';
import { focusFirstField } from './form-modal';

/**
 * Asks before an action; stays open, with the server's message as a toast, when the action fails. `children`
 * replace the message when the dialog needs more (a name to type), and `okDisabled` holds the action until then;
 * such a field has the focus when the dialog opens, and Enter in it confirms.
 */
export function ConfirmModal(props: {
  title: string;
  message?: string;
  children?: ReactNode;
  okText: string;
  danger?: boolean;
  okDisabled?: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const body = useRef<HTMLFormElement>(null);
  const confirm = async () => {
    if (busy || props.okDisabled) return;
    setBusy(true);
    try {
      await props.onConfirm();
      props.onClose();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={props.title}
      okText={props.okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: props.danger, loading: busy, disabled: props.okDisabled, autoFocus: !props.children }}
      onOk={() => void confirm()}
      onCancel={props.onClose}
      destroyOnHidden
      afterOpenChange={(open) => open && focusFirstField(body.current)}
    >
      {/* A form, so Enter in a field confirms (implicit submission). */}
      <form
        ref={body}
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        {props.children ?? <p>{props.message}</p>}
      </form>
    </Modal>
  );
}
