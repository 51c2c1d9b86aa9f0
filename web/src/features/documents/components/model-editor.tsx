/** The data model editor: the name references and exports use, a description, and its rows (or one root row). */
import { Form, Input } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentOf } from '@shared/schemas/document';
import { ParamEditor } from './param-editor';
import type { ModelOption } from './param-settings';

type Model = ContentOf<'model'>;

export function ModelEditor(props: {
  value: Model;
  onChange: (next: Model) => void;
  errors: Record<string, string>;
  models: ModelOption[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const { value, errors } = props;
  const set = <K extends keyof Model>(key: K, v: Model[K]) => props.onChange({ ...value, [key]: v });
  return (
    <div className="model-editor">
      <Form.Item
        label={t('docs.model.name')}
        htmlFor={`${id}-name`}
        extra={t('docs.model.nameHint')}
        validateStatus={errors['content.name'] ? 'error' : undefined}
        help={errors['content.name']}
        required
      >
        <Input id={`${id}-name`} className="code-input" value={value.name} maxLength={200} onChange={(e) => set('name', e.target.value)} />
      </Form.Item>
      <Form.Item label={t('docs.model.description')} htmlFor={`${id}-description`}>
        <Input.TextArea id={`${id}-description`} rows={3} value={value.description} onChange={(e) => set('description', e.target.value)} />
      </Form.Item>
      <ParamEditor title={t('docs.model.schema')} items={value.schema} models={props.models} onChange={(schema) => set('schema', schema)} />
    </div>
  );
}
