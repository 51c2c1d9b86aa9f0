/** The error-code table editor: one row per code, with column headers and placeholders. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContentOf } from '@shared/schemas/document';

type Rows = ContentOf<'errorcode'>['rows'];
type Row = Rows[number] & { key: number };

export function ErrorCodeEditor({ rows, onChange }: { rows: Rows; onChange: (rows: Rows) => void }) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<Rows[number]>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const cell = (key: 'code' | 'message' | 'description', label: string, placeholder: string) => ({
    key,
    title: label,
    render: (_: unknown, row: Row) => (
      <Input
        size="small"
        aria-label={`${label} ${row.key + 1}`}
        placeholder={placeholder}
        value={row[key]}
        onChange={(e) => set(row.key, { [key]: e.target.value })}
      />
    ),
  });
  return (
    <div className="errorcode-editor">
      <Table<Row>
        size="small"
        bordered
        pagination={false}
        dataSource={rows.map((r, key) => ({ ...r, key }))}
        components={{ table: (props: object) => <table {...props} aria-label={t('docs.kinds.errorcode')} /> }}
        locale={{ emptyText: <span className="muted">{t('docs.errorcode.none')}</span> }}
        columns={[
          { ...cell('code', t('docs.errorcode.code'), t('docs.errorcode.codePlaceholder')), width: 160 },
          cell('message', t('docs.errorcode.message'), t('docs.errorcode.messagePlaceholder')),
          cell('description', t('docs.param.description'), t('docs.errorcode.descriptionPlaceholder')),
          {
            key: 'actions',
            title: <span className="sr-only">{t('docs.param.actions')}</span>,
            width: 48,
            render: (_: unknown, row: Row) => (
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`${t('docs.errorcode.remove')} ${row.key + 1}`}
                onClick={() => onChange(rows.filter((_, j) => j !== row.key))}
              />
            ),
          },
        ]}
      />
      <Button
        className="param-actions"
        size="small"
        icon={<PlusOutlined aria-hidden />}
        onClick={() => onChange([...rows, { code: '', message: '', description: '' }])}
      >
        {t('docs.errorcode.add')}
      </Button>
    </div>
  );
}
