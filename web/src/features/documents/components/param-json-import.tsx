/** "Import from JSON" of a parameter table: a sample JSON value becomes the table's rows. */
import { Alert, Input, Modal } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParamItem } from '@shared/schemas/document';
import { paramsFromJson } from '../lib/json-params';

export function ParamJsonImport({
  title,
  onImport,
  onClose,
}: {
  title: string;
  onImport: (items: ParamItem[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const field = useRef<TextAreaRef>(null);
  const submit = () => {
    try {
      onImport(paramsFromJson(text));
      onClose();
    } catch {
      setError(t('docs.param.importInvalid'));
    }
  };
  return (
    <Modal
      open
      title={`${t('docs.param.import')} · ${title}`}
      okText={t('docs.param.importOk')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      afterOpenChange={(open) => open && field.current?.focus()}
    >
      <p className="muted">{t('docs.param.importHint')}</p>
      <Input.TextArea
        ref={field}
        rows={12}
        className="code-input"
        aria-label={t('docs.param.importLabel')}
        placeholder={'{\n  "id": 1,\n  "items": [{ "sku": "A-1", "qty": 2 }]\n}'}
        value={text}
        status={error ? 'error' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
      />
      {error ? <Alert className="form-alert" type="error" showIcon title={error} /> : null}
    </Modal>
  );
}
