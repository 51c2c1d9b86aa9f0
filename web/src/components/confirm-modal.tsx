import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/form';
import { notify } from '../lib/notify';

/** Asks before an action; stays open, with the server's message as a toast, when the action fails. */
export function ConfirmModal(props: { title: string; message: string; okText: string; danger?: boolean; onConfirm: () => Promise<unknown>; onClose: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
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
      okButtonProps={{ danger: props.danger, loading: busy, autoFocus: true }}
      onOk={() => void confirm()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <p>{props.message}</p>
    </Modal>
  );
}
