/**
 * Expectations (Apifox's "advanced mock"): an ordered table, each row with its switch, name, conditions and status;
 * a dialog edits one, checked with the same schema the server uses before it goes back into the list.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONDITION_OPS,
  CONDITION_SOURCES,
  EXPECTATION_BODY_TYPES,
  MOCK_LIMITS,
  mockExpectation,
  type MockCondition,
  type MockExpectation,
} from '@shared/schemas/mock';
import { errorsUnder, moved, newExpectation } from '../lib/draft';
import { BodyField } from './body-field';
import { HeadersEditor } from './headers-editor';
import '../../../i18n/mock';

type Row = MockExpectation & { key: number };

export function ExpectationsEditor(props: {
  expectations: MockExpectation[];
  onChange: (expectations: MockExpectation[]) => void;
  readOnly: boolean;
  /** Messages by field below `expectations` (`2.body`). */
  errors: Record<string, string>;
  /** The server's messages for an expectation no longer apply once it is edited. */
  onEdited: (index: number) => void;
}) {
  const { t } = useTranslation();
  const { expectations, onChange, readOnly, errors } = props;
  const [open, setOpen] = useState<{ index: number; value: MockExpectation } | null>(null);
  const nameOf = (e: MockExpectation, i: number) => e.name.trim() || t('mock.expectations.unnamed', { n: i + 1 });
  const set = (i: number, next: MockExpectation) => onChange(expectations.map((e, j) => (j === i ? next : e)));
  const conditionText = (c: MockCondition) =>
    `${t(`mock.expectations.sources.${c.source}`)} ${c.name} ${t(`mock.expectations.ops.${c.op}`)}${c.op === 'exists' ? '' : ` ${c.value}`}`;

  return (
    <div className="mock-expectations">
      <Table<Row>
        size="small"
        bordered
        pagination={false}
        dataSource={expectations.map((e, key) => ({ ...e, key }))}
        rowKey="id"
        components={{ table: (p: object) => <table {...p} aria-label={t('mock.expectations.title')} /> }}
        locale={{ emptyText: <span className="muted">{t('mock.expectations.none')}</span> }}
        columns={[
          {
            key: 'order',
            title: t('mock.expectations.order'),
            width: 96,
            render: (_: unknown, row: Row) => (
              <Space size={2}>
                <span className="mock-order">{row.key + 1}</span>
                {readOnly ? null : (
                  <>
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowUpOutlined aria-hidden />}
                      disabled={row.key === 0}
                      aria-label={t('mock.expectations.up', { name: nameOf(row, row.key) })}
                      onClick={() => onChange(moved(expectations, row.key, row.key - 1))}
                    />
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowDownOutlined aria-hidden />}
                      disabled={row.key === expectations.length - 1}
                      aria-label={t('mock.expectations.down', { name: nameOf(row, row.key) })}
                      onClick={() => onChange(moved(expectations, row.key, row.key + 1))}
                    />
                  </>
                )}
              </Space>
            ),
          },
          {
            key: 'enabled',
            title: t('mock.expectations.enabled'),
            width: 72,
            render: (_: unknown, row: Row) => (
              <Switch
                size="small"
                checked={row.enabled}
                disabled={readOnly}
                aria-label={t('mock.expectations.enable', { name: nameOf(row, row.key) })}
                onChange={(enabled) => set(row.key, { ...row, enabled })}
              />
            ),
          },
          {
            key: 'name',
            title: t('mock.expectations.name'),
            render: (_: unknown, row: Row) => (
              <>
                {nameOf(row, row.key)}{' '}
                {Object.keys(errorsUnder(errors, String(row.key))).length ? (
                  <Tag color="error">{t('mock.expectations.hasErrors')}</Tag>
                ) : null}
              </>
            ),
          },
          {
            key: 'conditions',
            title: t('mock.expectations.conditions'),
            render: (_: unknown, row: Row) =>
              row.conditions.length ? (
                <ul className="mock-conditions">
                  {row.conditions.map((c, i) => (
                    <li key={i}>{conditionText(c)}</li>
                  ))}
                </ul>
              ) : (
                <span className="muted">{t('mock.expectations.always')}</span>
              ),
          },
          { key: 'status', title: t('mock.expectations.status'), dataIndex: 'status', width: 80 },
          {
            key: 'actions',
            title: <span className="sr-only">{t('mock.expectations.actions')}</span>,
            width: readOnly ? 56 : 96,
            render: (_: unknown, row: Row) => (
              <Space size={2}>
                <Button
                  type="text"
                  size="small"
                  // Readers open an expectation too: the panel's read-only form disables every other control.
                  disabled={false}
                  icon={readOnly ? <EyeOutlined aria-hidden /> : <EditOutlined aria-hidden />}
                  aria-label={t(readOnly ? 'mock.expectations.view' : 'mock.expectations.edit', { name: nameOf(row, row.key) })}
                  onClick={() => setOpen({ index: row.key, value: row })}
                />
                {readOnly ? null : (
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('mock.expectations.remove', { name: nameOf(row, row.key) })}
                    onClick={() => onChange(expectations.filter((_, j) => j !== row.key))}
                  />
                )}
              </Space>
            ),
          },
        ]}
      />
      {readOnly ? null : (
        <Button
          className="param-actions"
          size="small"
          icon={<PlusOutlined aria-hidden />}
          disabled={expectations.length >= MOCK_LIMITS.expectations}
          onClick={() => setOpen({ index: expectations.length, value: newExpectation() })}
        >
          {t('mock.expectations.add')}
        </Button>
      )}
      {open ? (
        <ExpectationDialog
          initial={open.value}
          isNew={open.index === expectations.length}
          readOnly={readOnly}
          serverErrors={errorsUnder(errors, String(open.index))}
          onClose={() => setOpen(null)}
          onApply={(value) => {
            if (open.index === expectations.length) onChange([...expectations, value]);
            else set(open.index, value);
            props.onEdited(open.index);
            setOpen(null);
          }}
        />
      ) : null}
    </div>
  );
}

/** Messages of a failed parse by field path (`conditions.0.value`), translated. */
function schemaErrors(value: MockExpectation, translate: (key: string) => string): Record<string, string> {
  const parsed = mockExpectation.safeParse(value);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) out[issue.path.map(String).join('.') || '_'] ??= translate(issue.message);
  return out;
}

function ExpectationDialog(props: {
  initial: MockExpectation;
  isNew: boolean;
  readOnly: boolean;
  serverErrors: Record<string, string>;
  onApply: (value: MockExpectation) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(props.initial);
  const [errors, setErrors] = useState(props.serverErrors);
  const { readOnly } = props;
  const patch = (next: Partial<MockExpectation>) => setValue((v) => ({ ...v, ...next }));
  const setCondition = (i: number, next: Partial<MockCondition>) =>
    patch({ conditions: value.conditions.map((c, j) => (j === i ? { ...c, ...next } : c)) });
  const field = (name: string) => (errors[name] ? { validateStatus: 'error' as const, help: errors[name] } : {});
  const c = (key: string) => t(`mock.expectations.condition.${key}`);

  function apply() {
    const found = schemaErrors(value, (key) => t(key));
    setErrors(found);
    if (!Object.keys(found).length) props.onApply(value);
  }

  const title = readOnly
    ? t('mock.expectations.dialogView')
    : props.isNew
      ? t('mock.expectations.dialogNew')
      : t('mock.expectations.dialogEdit');
  return (
    <Modal
      title={title}
      open
      width={760}
      onCancel={props.onClose}
      destroyOnHidden
      footer={
        readOnly ? (
          // The dialog sits inside the panel's read-only form, which would disable it.
          <Button disabled={false} onClick={props.onClose}>
            {t('mock.expectations.close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={props.onClose}>{t('common.cancel')}</Button>
            <Button type="primary" onClick={apply}>
              {t('mock.expectations.apply')}
            </Button>
          </Space>
        )
      }
    >
      <Form layout="vertical" requiredMark={false} disabled={readOnly} component="div">
        <Flex gap={16} align="flex-end" wrap>
          <Form.Item label={t('mock.expectations.name')} htmlFor="expectation-name" className="grow" {...field('name')}>
            <Input
              id="expectation-name"
              value={value.name}
              maxLength={100}
              placeholder={t('mock.expectations.namePlaceholder')}
              onChange={(e) => patch({ name: e.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('mock.expectations.enabled')} htmlFor="expectation-enabled">
            <Switch id="expectation-enabled" checked={value.enabled} onChange={(enabled) => patch({ enabled })} />
          </Form.Item>
        </Flex>
        <Typography.Title level={4} className="mock-subtitle">
          {t('mock.expectations.conditions')}
        </Typography.Title>
        {value.conditions.length === 0 ? <p className="muted">{c('none')}</p> : null}
        <ol className="mock-condition-list">
          {value.conditions.map((condition, i) => {
            const label = (key: string) => `${t('mock.expectations.conditions')} ${i + 1} ${c(key)}`;
            const error = errors[`conditions.${i}.name`] ?? errors[`conditions.${i}.value`] ?? errors[`conditions.${i}`];
            return (
              <li key={i}>
                <Space.Compact block>
                  <Select
                    aria-label={label('source')}
                    value={condition.source}
                    className="mock-condition-source"
                    onChange={(source) => setCondition(i, { source })}
                    options={CONDITION_SOURCES.map((s) => ({ value: s, label: t(`mock.expectations.sources.${s}`) }))}
                  />
                  <Input
                    aria-label={label('name')}
                    placeholder={c('namePlaceholder')}
                    value={condition.name}
                    status={errors[`conditions.${i}.name`] ? 'error' : undefined}
                    onChange={(e) => setCondition(i, { name: e.target.value })}
                  />
                  <Select
                    aria-label={label('op')}
                    value={condition.op}
                    className="mock-condition-op"
                    onChange={(op) => setCondition(i, { op })}
                    options={CONDITION_OPS.map((op) => ({ value: op, label: t(`mock.expectations.ops.${op}`) }))}
                  />
                  <Input
                    aria-label={label('value')}
                    value={condition.value}
                    disabled={readOnly || condition.op === 'exists'}
                    status={errors[`conditions.${i}.value`] ? 'error' : undefined}
                    onChange={(e) => setCondition(i, { value: e.target.value })}
                  />
                  {readOnly ? null : (
                    <Button
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={t('mock.expectations.condition.remove', { n: i + 1 })}
                      onClick={() => patch({ conditions: value.conditions.filter((_, j) => j !== i) })}
                    />
                  )}
                </Space.Compact>
                {error ? <div className="field-error">{error}</div> : null}
              </li>
            );
          })}
        </ol>
        {readOnly ? null : (
          <Button
            size="small"
            icon={<PlusOutlined aria-hidden />}
            disabled={value.conditions.length >= MOCK_LIMITS.conditions}
            onClick={() => patch({ conditions: [...value.conditions, { source: 'query', name: '', op: 'eq', value: '' }] })}
          >
            {c('add')}
          </Button>
        )}
        <Flex gap={16} wrap className="mock-numbers">
          <Form.Item label={t('mock.status')} htmlFor="expectation-status" {...field('status')}>
            <InputNumber
              id="expectation-status"
              min={100}
              max={599}
              precision={0}
              value={value.status}
              onChange={(status) => patch({ status: status ?? 200 })}
            />
          </Form.Item>
          <Form.Item label={t('mock.delay')} htmlFor="expectation-delay" {...field('delay')}>
            <InputNumber
              id="expectation-delay"
              min={0}
              max={MOCK_LIMITS.delayMs}
              precision={0}
              step={100}
              value={value.delay}
              onChange={(delay) => patch({ delay: delay ?? 0 })}
            />
          </Form.Item>
        </Flex>
        <Typography.Title level={4} className="mock-subtitle">
          {t('mock.headers')}
        </Typography.Title>
        <HeadersEditor
          title={t('mock.headers')}
          headers={value.headers}
          readOnly={readOnly}
          errors={errorsUnder(errors, 'headers')}
          onChange={(headers) => patch({ headers })}
        />
        <Form.Item label={t('mock.expectations.bodyType')} className="mock-body-type">
          <Radio.Group
            aria-label={t('mock.expectations.bodyType')}
            optionType="button"
            value={value.bodyType}
            onChange={(e) => patch({ bodyType: e.target.value as MockExpectation['bodyType'] })}
            options={EXPECTATION_BODY_TYPES.map((type) => ({ value: type, label: t(`mock.types.${type}`) }))}
          />
        </Form.Item>
        <BodyField
          kind={value.bodyType}
          label={t('mock.expectations.body')}
          value={value.body}
          readOnly={readOnly}
          serverError={errors.body}
          onChange={(body) => patch({ body })}
        />
      </Form>
    </Modal>
  );
}
