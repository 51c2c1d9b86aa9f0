/**
 * A scenario's test data (issue 36): a CSV or JSON file uploaded into the scenario (GBK and BOM files decoded as
 * Excel saved them), its first rows previewed, the column that names each row and the columns it must have. What is
 * wrong with it is said at once, a missing column by its name.
 */
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Select, Space, Table, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_SET_MAX_ROWS } from '@shared/scenarios/data-set';
import { SCENARIO_LIMITS, type DataSet } from '@shared/schemas/scenario';
import { dataSetFromFile, inspectDataSet, type DataSetProblem } from '../lib/data-set';

const PREVIEW_ROWS = 5;

export function useProblemText() {
  const { t } = useTranslation();
  return (problem: DataSetProblem) =>
    problem.reason === 'missingColumn'
      ? t('scenario.dataSet.errors.missingColumn', { column: problem.column, row: problem.row })
      : t(`scenario.dataSet.errors.${problem.reason}`, { detail: problem.detail, max: DATA_SET_MAX_ROWS });
}

export function DataSetEditor(props: { value: DataSet | null; onChange: (set: DataSet | null) => void; canEdit: boolean }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const [encoding, setEncoding] = useState('');
  const [readError, setReadError] = useState('');
  const set = props.value;
  const reading = useMemo(() => (set ? inspectDataSet(set) : null), [set]);
  const columns = reading?.ok ? reading.columns : [];

  const upload = async (file: File) => {
    setReadError('');
    try {
      const read = dataSetFromFile(file.name, new Uint8Array(await file.arrayBuffer()));
      if (read.set.text.length > SCENARIO_LIMITS.dataSetChars) {
        setReadError(t('scenario.dataSet.errors.tooLarge', { max: SCENARIO_LIMITS.dataSetChars }));
        return;
      }
      setEncoding(read.encoding);
      props.onChange(read.set);
    } catch {
      setReadError(t('scenario.dataSet.errors.encoding'));
    }
  };

  return (
    <section aria-label={t('scenario.dataSet.title')} className="scenario-steps">
      <Typography.Title level={3}>{t('scenario.dataSet.title')}</Typography.Title>
      <Typography.Text type="secondary">{t('scenario.dataSet.hint', { example: '{{column}}' })}</Typography.Text>
      {props.canEdit ? (
        <Space wrap>
          <Upload
            accept=".csv,.json,text/csv,application/json"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined aria-hidden />}>{t(set ? 'scenario.dataSet.replace' : 'scenario.dataSet.upload')}</Button>
          </Upload>
          {set ? (
            <Button icon={<DeleteOutlined aria-hidden />} onClick={() => props.onChange(null)}>
              {t('scenario.dataSet.remove')}
            </Button>
          ) : null}
        </Space>
      ) : null}
      {readError ? <Alert type="error" showIcon title={readError} /> : null}
      {set && reading ? (
        <>
          <Typography.Text>
            {t('scenario.dataSet.file', {
              name: set.fileName || set.format.toUpperCase(),
              rows: reading.ok ? reading.rows.length : 0,
              encoding: encoding || set.format,
            })}
          </Typography.Text>
          <Space wrap>
            <Select
              style={{ minWidth: 200 }}
              aria-label={t('scenario.dataSet.nameColumn')}
              value={set.nameColumn}
              options={[{ value: '', label: t('scenario.dataSet.nameColumnNone') }, ...columns.map((c) => ({ value: c, label: c }))]}
              onChange={(nameColumn: string) => props.onChange({ ...set, nameColumn })}
            />
            <Select
              mode="tags"
              style={{ minWidth: 280 }}
              aria-label={t('scenario.dataSet.requiredColumns')}
              placeholder={t('scenario.dataSet.requiredColumns')}
              value={set.requiredColumns}
              options={columns.map((c) => ({ value: c, label: c }))}
              onChange={(requiredColumns: string[]) => props.onChange({ ...set, requiredColumns })}
            />
          </Space>
          {reading.ok ? (
            <Table
              size="small"
              pagination={false}
              caption={t('scenario.dataSet.preview', { count: Math.min(PREVIEW_ROWS, reading.rows.length) })}
              rowKey={(_, i) => String(i)}
              dataSource={reading.rows.slice(0, PREVIEW_ROWS).map((r) => r.values)}
              columns={columns.map((c) => ({
                key: c,
                title: c,
                ellipsis: true,
                render: (_: unknown, row: Record<string, string>) => row[c],
              }))}
              scroll={{ x: true }}
            />
          ) : (
            <Alert type="error" showIcon role="alert" title={problemText(reading.problem)} />
          )}
        </>
      ) : null}
    </section>
  );
}
