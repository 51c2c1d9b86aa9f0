/**
 * A parameter's further settings, behind its row's settings button (as Apifox's 高级设置): the schema's
 * constraints, further examples, a composition of its child rows, and the data model it refers to.
 */
import { Checkbox, Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMBINATIONS, type JsonScalar, type ParamConstraints, type ParamItem } from '@shared/schemas/document';

export interface ModelOption {
  id: string;
  name: string;
}

const FORMATS = [
  'date',
  'date-time',
  'time',
  'email',
  'uri',
  'uuid',
  'hostname',
  'ipv4',
  'ipv6',
  'int32',
  'int64',
  'float',
  'double',
  'byte',
  'binary',
  'password',
];

/** Enum values as typed: JSON literals (numbers, true, null) read as such, anything else as a string. */
const enumValue = (text: string): JsonScalar => {
  try {
    const value = JSON.parse(text) as unknown;
    return value === null || ['number', 'boolean', 'string'].includes(typeof value) ? (value as JsonScalar) : text;
  } catch {
    return text;
  }
};
const enumText = (v: JsonScalar) => (typeof v === 'string' ? v : JSON.stringify(v));

/** Empty fields leave the row without the setting, so a row keeps only what someone set. */
function cleaned(draft: ParamConstraints): ParamConstraints {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(draft)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}

const CONSTRAINT_KEYS: (keyof ParamConstraints)[] = [
  'examples',
  'enum',
  'format',
  'nullable',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
  'deprecated',
  'combine',
  'ref',
];

export function ParamSettings(props: {
  row: ParamItem;
  models: ModelOption[];
  onSave: (patch: ParamConstraints) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ParamConstraints>(() => Object.fromEntries(CONSTRAINT_KEYS.map((k) => [k, props.row[k]])));
  const set = <K extends keyof ParamConstraints>(key: K, value: ParamConstraints[K] | null) =>
    setDraft((d) => ({ ...d, [key]: value ?? undefined }));
  const number = (key: 'minimum' | 'maximum' | 'minLength' | 'maxLength' | 'minItems' | 'maxItems', integer = false) => (
    <Form.Item label={t(`docs.param.${key}`)}>
      <InputNumber
        aria-label={t(`docs.param.${key}`)}
        className="full-width"
        min={integer ? 0 : undefined}
        precision={integer ? 0 : undefined}
        value={draft[key] ?? null}
        onChange={(v) => set(key, v)}
      />
    </Form.Item>
  );
  const flag = (key: 'nullable' | 'deprecated' | 'exclusiveMinimum' | 'exclusiveMaximum') => (
    <Checkbox checked={!!draft[key]} onChange={(e) => set(key, e.target.checked)}>
      {t(`docs.param.${key}`)}
    </Checkbox>
  );
  // Every key is sent: a cleared field must clear the row's setting, not leave the old one.
  const save = () => props.onSave({ ...Object.fromEntries(CONSTRAINT_KEYS.map((k) => [k, undefined])), ...cleaned(draft) });
  return (
    <Modal
      open
      title={`${t('docs.param.settings')} · ${props.row.name || t('docs.param.root')}`}
      okText={t('docs.param.apply')}
      cancelText={t('common.cancel')}
      onOk={() => (save(), props.onClose())}
      onCancel={props.onClose}
      destroyOnHidden
      width={680}
    >
      <Form layout="vertical" component="div" className="param-settings">
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label={t('docs.param.ref')}>
              <Select
                aria-label={t('docs.param.ref')}
                allowClear
                showSearch
                optionFilterProp="label"
                value={draft.ref}
                placeholder={t('docs.param.refNone')}
                onChange={(ref?: string) => set('ref', ref)}
                options={props.models.map((m) => ({ value: m.id, label: m.name }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={t('docs.param.combine')} extra={t('docs.param.combineHint')}>
              <Select
                aria-label={t('docs.param.combine')}
                allowClear
                value={draft.combine}
                placeholder={t('docs.param.combineNone')}
                onChange={(combine?: ParamConstraints['combine']) => set('combine', combine)}
                options={COMBINATIONS.map((c) => ({ value: c, label: c }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={t('docs.param.format')}>
              <Select
                aria-label={t('docs.param.format')}
                allowClear
                showSearch
                value={draft.format}
                onChange={(format?: string) => set('format', format)}
                options={[...new Set([...(draft.format ? [draft.format] : []), ...FORMATS])].map((f) => ({ value: f, label: f }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={t('docs.param.default')}>
              <Input aria-label={t('docs.param.default')} value={draft.default ?? ''} onChange={(e) => set('default', e.target.value)} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={t('docs.param.enum')} extra={t('docs.param.enumHint')}>
              <Select
                aria-label={t('docs.param.enum')}
                mode="tags"
                value={(draft.enum ?? []).map(enumText)}
                onChange={(values: string[]) => set('enum', values.map(enumValue))}
                open={false}
                tokenSeparators={[',']}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={t('docs.param.examples')} extra={t('docs.param.examplesHint')}>
              <Select
                aria-label={t('docs.param.examples')}
                mode="tags"
                value={draft.examples ?? []}
                onChange={(values: string[]) => set('examples', values)}
                open={false}
              />
            </Form.Item>
          </Col>
          <Col span={6}>{number('minimum')}</Col>
          <Col span={6}>{number('maximum')}</Col>
          <Col span={6}>{number('minLength', true)}</Col>
          <Col span={6}>{number('maxLength', true)}</Col>
          <Col span={6}>{number('minItems', true)}</Col>
          <Col span={6}>{number('maxItems', true)}</Col>
          <Col span={12}>
            <Form.Item label={t('docs.param.pattern')}>
              <Input
                aria-label={t('docs.param.pattern')}
                className="code-input"
                value={draft.pattern ?? ''}
                onChange={(e) => set('pattern', e.target.value)}
              />
            </Form.Item>
          </Col>
        </Row>
        <div className="param-flags">
          {flag('nullable')}
          {flag('deprecated')}
          {flag('exclusiveMinimum')}
          {flag('exclusiveMaximum')}
        </div>
      </Form>
    </Modal>
  );
}
