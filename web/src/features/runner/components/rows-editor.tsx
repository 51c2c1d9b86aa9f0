/** Editable name/value rows (path parameters, query, headers, form fields), each switchable off; globals marked. */
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Input, Select, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RUN_REQUEST_MAX_BODY_BYTES } from '@shared/schemas/runner';
import { notify } from '../../../lib/notify';
import { bytesToBase64 } from '../lib/base64';
import type { RunFormRow } from '../lib/draft';

export function RowsEditor<R extends RunFormRow>(props: {
  label: string;
  rows: R[];
  onChange: (rows: R[]) => void;
  /** Rows may hold a file (multipart). */
  files?: boolean;
}) {
  const { t } = useTranslation();
  const { rows, onChange } = props;
  const set = (index: number, patch: Partial<RunFormRow>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const pick = async (index: number, file: File | undefined) => {
    if (!file) return;
    if (file.size > RUN_REQUEST_MAX_BODY_BYTES) return void notify.error(t('runner.fileTooLarge'));
    const base64 = bytesToBase64(new Uint8Array(await file.arrayBuffer()));
    set(index, { file: { fileName: file.name, contentType: file.type || 'application/octet-stream', base64 } });
  };
  return (
    <div className="run-rows" role="group" aria-label={props.label}>
      <Typography.Text strong>{props.label}</Typography.Text>
      {rows.map((row, index) => {
        const label = row.name || String(index + 1);
        return (
          <Flex key={index} gap={8} align="center" className="run-row">
            <Checkbox
              checked={row.enabled}
              aria-label={`${t('runner.enabled')} ${label}`}
              onChange={(e) => set(index, { enabled: e.target.checked })}
            />
            <Input
              className="run-row-name"
              aria-label={`${props.label} ${t('runner.name')} ${index + 1}`}
              placeholder={t('runner.name')}
              value={row.name}
              onChange={(e) => set(index, { name: e.target.value })}
            />
            {props.files ? (
              <Select
                className="run-row-kind"
                aria-label={`${label} ${t('runner.file')}`}
                value={row.isFile ? 'file' : 'text'}
                onChange={(kind) => set(index, { isFile: kind === 'file' })}
                options={[
                  { value: 'text', label: t('runner.textField') },
                  { value: 'file', label: t('runner.file') },
                ]}
              />
            ) : null}
            {row.isFile ? (
              <label className="run-file">
                <UploadOutlined aria-hidden /> {row.file?.fileName || t('runner.chooseFile')}
                <input
                  type="file"
                  className="sr-only"
                  aria-label={`${label} ${t('runner.chooseFile')}`}
                  onChange={(e) => void pick(index, e.target.files?.[0])}
                />
              </label>
            ) : (
              <Input
                aria-label={`${t('runner.value')} ${label}`}
                placeholder={t('runner.value')}
                value={row.value}
                onChange={(e) => set(index, { value: e.target.value })}
              />
            )}
            {row.global ? (
              <Tooltip title={t('runner.globalHint')}>
                <Tag color="purple">{t('runner.global')}</Tag>
              </Tooltip>
            ) : null}
            <Button
              type="text"
              icon={<DeleteOutlined aria-hidden />}
              aria-label={`${t('runner.removeRow')} ${label}`}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            />
          </Flex>
        );
      })}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined aria-hidden />}
        aria-label={`${t('runner.addRow')}: ${props.label}`}
        onClick={() => onChange([...rows, { name: '', value: '', enabled: true } as R])}
      >
        {t('runner.addRow')}
      </Button>
    </div>
  );
}
