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
            <>
              <Input
                style={{ width: 180 }}
                aria-label={named(i, t('scenario.step.path'))}
                value={row.path}
                onChange={(e) => set({ ...row, path: e.target.value })}
              />
              <Select
                style={{ width: 120 }}
                aria-label={named(i, t('scenario.step.op'))}
                value={row.op}
                options={JSON_CHECK_OPS.map((value) => ({ value, label: t(`scenario.step.ops.${value}`) }))}
                onChange={(op) => set({ ...row, op })}
              />
              {row.op === 'exists' || row.op === 'notExists' ? null : row.op === 'type' ? (
                <Select
                  style={{ width: 120 }}
                  aria-label={named(i, t('scenario.step.expected'))}
                  value={row.value || undefined}
                  options={VALUE_TYPES.map((value) => ({ value, label: value }))}
                  onChange={(value) => set({ ...row, value })}
                />
              ) : (
                <Input
                  style={{ width: 200 }}
                  aria-label={named(i, t('scenario.step.expected'))}
                  value={row.value}
                  onChange={(e) => set({ ...row, value: e.target.value })}
                />
              )}
            </>
          ) : null}
          {row.kind === 'header' ? (
            <>
              <Input
                style={{ width: 160 }}
                aria-label={named(i, t('scenario.step.headerName'))}
                value={row.name}
                onChange={(e) => set({ ...row, name: e.target.value })}
              />
              <Select
                style={{ width: 120 }}
                aria-label={named(i, t('scenario.step.op'))}
                value={row.op}
                options={HEADER_CHECK_OPS.map((value) => ({ value, label: t(`scenario.step.ops.${value}`) }))}
                onChange={(op) => set({ ...row, op })}
              />
              {row.op === 'exists' ? null : (
                <Input
                  style={{ width: 200 }}
                  aria-label={named(i, t('scenario.step.expected'))}
                  value={row.value}
                  onChange={(e) => set({ ...row, value: e.target.value })}
                />
              )}
            </>
          ) : null}
        </>
      )}
    />
  );
}
