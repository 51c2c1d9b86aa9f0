/** Small list editors a request step is made of: name/value pairs, extractions and checks, each row with its remove button. */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  EXTRACTION_SOURCES,
  HEADER_CHECK_OPS,
  JSON_CHECK_OPS,
  VALUE_TYPES,
  type Check,
  type Extraction,
  type ScenarioPair,
} from '@shared/schemas/scenario';

function Rows<T>(props: {
  label: string;
  rows: T[];
  onChange: (rows: T[]) => void;
  blank: T;
  row: (row: T, set: (row: T) => void, index: number) => React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={props.label}>
      <div className="scenario-row">
        <strong>{props.label}</strong>
        <Button size="small" type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => props.onChange([...props.rows, props.blank])}>
          {t('scenario.step.addRow')}
        </Button>
      </div>
      {props.rows.map((row, i) => (
        <div className="scenario-row" key={i}>
          {props.row(row, (next) => props.onChange(props.rows.map((r, j) => (j === i ? next : r))), i)}
          <Button
            size="small"
            type="text"
            icon={<MinusCircleOutlined aria-hidden />}
            aria-label={`${t('scenario.step.removeRow')} ${i + 1}`}
            onClick={() => props.onChange(props.rows.filter((_, j) => j !== i))}
          />
        </div>
      ))}
    </div>
  );
}

export function PairRows(props: { label: string; rows: ScenarioPair[]; onChange: (rows: ScenarioPair[]) => void }) {
  const { t } = useTranslation();
  return (
    <Rows
      {...props}
      blank={{ name: '', value: '', enabled: true }}
      row={(row, set, i) => (
        <>
          <Input
            style={{ width: 180 }}
            aria-label={`${props.label} ${i + 1} ${t('scenario.step.rowName')}`}
            placeholder={t('scenario.step.rowName')}
            value={row.name}
            onChange={(e) => set({ ...row, name: e.target.value })}
          />
          <Input
            style={{ width: 280 }}
            aria-label={`${props.label} ${i + 1} ${t('scenario.step.rowValue')}`}
            placeholder={t('scenario.step.rowValue')}
            value={row.value}
            onChange={(e) => set({ ...row, value: e.target.value })}
          />
          <Switch
            size="small"
            aria-label={`${props.label} ${i + 1} ${t('scenario.step.enabled')}`}
            checked={row.enabled}
            onChange={(enabled) => set({ ...row, enabled })}
          />
        </>
      )}
    />
  );
}

export function ExtractionRows(props: { rows: Extraction[]; onChange: (rows: Extraction[]) => void }) {
  const { t } = useTranslation();
  const label = t('scenario.step.extract');
  return (
    <Rows
      label={label}
      rows={props.rows}
      onChange={props.onChange}
      blank={{ variable: '', from: 'jsonPath', expression: '$.' }}
      row={(row, set, i) => (
        <>
          <Input
            style={{ width: 140 }}
            aria-label={`${label} ${i + 1} ${t('scenario.step.variable')}`}
            placeholder={t('scenario.step.variable')}
            value={row.variable}
            onChange={(e) => set({ ...row, variable: e.target.value })}
          />
          <Select
            style={{ width: 140 }}
            aria-label={`${label} ${i + 1} ${t('scenario.step.from')}`}
            value={row.from}
            options={EXTRACTION_SOURCES.map((value) => ({ value, label: t(`scenario.step.fromTypes.${value}`) }))}
            onChange={(from) => set({ ...row, from })}
          />
          {row.from === 'body' ? null : (
            <Input
              style={{ width: 240 }}
              aria-label={`${label} ${i + 1} ${t('scenario.step.expression')}`}
              placeholder={t('scenario.step.expression')}
              value={row.expression}
              onChange={(e) => set({ ...row, expression: e.target.value })}
            />
          )}
        </>
      )}
    />
  );
}

const CHECK_KINDS = ['status', 'jsonPath', 'time', 'header'] as const;
const blankCheck = (kind: Check['kind']): Check => {
  switch (kind) {
    case 'status':
      return { kind, equals: 200 };
    case 'jsonPath':
      return { kind, path: '$.', op: 'equals', value: '' };
    case 'time':
      return { kind, underMs: 1000 };
    case 'header':
      return { kind, name: '', op: 'exists', value: '' };
  }
};

/**
 * What a JSON path or header check compares: its subject (the path or the header's name), the operator, and the
 * expected value, which an operator that only asks whether the subject is there needs none of and `type` picks
 * from the JSON types.
 */
function Condition<Op extends string>(props: {
  /** A part's accessible name in its row. */
  named: (what: string) => string;
  subject: { label: string; width: number; value: string; set: (value: string) => void };
  ops: readonly Op[];
  condition: { op: Op; value: string };
  onChange: (condition: { op: Op; value: string }) => void;
}) {
  const { t } = useTranslation();
  const { subject, condition } = props;
  const expected = props.named(t('scenario.step.expected'));
  const setValue = (value: string) => props.onChange({ ...condition, value });
  return (
    <>
      <Input
        style={{ width: subject.width }}
        aria-label={props.named(subject.label)}
        value={subject.value}
        onChange={(e) => subject.set(e.target.value)}
      />
      <Select
        style={{ width: 120 }}
        aria-label={props.named(t('scenario.step.op'))}
        value={condition.op}
        options={props.ops.map((value) => ({ value, label: t(`scenario.step.ops.${value}`) }))}
        onChange={(op) => props.onChange({ ...condition, op })}
      />
      {condition.op === 'exists' || condition.op === 'notExists' ? null : condition.op === 'type' ? (
        <Select
          style={{ width: 120 }}
          aria-label={expected}
          value={condition.value || undefined}
          options={VALUE_TYPES.map((value) => ({ value, label: value }))}
          onChange={setValue}
        />
      ) : (
        <Input style={{ width: 200 }} aria-label={expected} value={condition.value} onChange={(e) => setValue(e.target.value)} />
      )}
    </>
  );
}

export function CheckRows(props: { rows: Check[]; onChange: (rows: Check[]) => void }) {
  const { t } = useTranslation();
  const label = t('scenario.step.checks');
  const named = (i: number, what: string) => `${label} ${i + 1} ${what}`;
  return (
    <Rows
      label={label}
      rows={props.rows}
      onChange={props.onChange}
      blank={blankCheck('status')}
      row={(row, set, i) => (
        <>
          <Select
            style={{ width: 130 }}
            aria-label={named(i, t('scenario.step.checkKind'))}
            value={row.kind}
            options={CHECK_KINDS.map((value) => ({ value, label: t(`scenario.step.checkKinds.${value}`) }))}
            onChange={(kind) => set(blankCheck(kind))}
          />
          {row.kind === 'status' ? (
            <InputNumber
              aria-label={named(i, t('scenario.step.statusEquals'))}
              min={100}
              max={599}
              value={row.equals}
              onChange={(v) => set({ ...row, equals: v ?? 200 })}
            />
          ) : null}
          {row.kind === 'time' ? (
            <InputNumber
              aria-label={named(i, t('scenario.step.timeUnder'))}
              min={1}
              max={600_000}
              value={row.underMs}
              onChange={(v) => set({ ...row, underMs: v ?? 1000 })}
            />
          ) : null}
          {row.kind === 'jsonPath' ? (
            <Condition
              named={(what) => named(i, what)}
              subject={{ label: t('scenario.step.path'), width: 180, value: row.path, set: (path) => set({ ...row, path }) }}
              ops={JSON_CHECK_OPS}
              condition={row}
              onChange={({ op, value }) => set({ ...row, op, value })}
            />
          ) : null}
          {row.kind === 'header' ? (
            <Condition
              named={(what) => named(i, what)}
              subject={{ label: t('scenario.step.headerName'), width: 160, value: row.name, set: (name) => set({ ...row, name }) }}
              ops={HEADER_CHECK_OPS}
              condition={row}
              onChange={({ op, value }) => set({ ...row, op, value })}
            />
          ) : null}
        </>
      )}
    />
  );
}
