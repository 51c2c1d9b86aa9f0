/** Headers as a small table of name and value, with the server's messages at the row they concern. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MockHeader } from '@shared/schemas/mock';
import '../../../i18n/mock';

type Row = MockHeader & { key: number };

export function HeadersEditor(props: {
  /** The table's accessible name, and the prefix of each field's label. */
  title: string;
  headers: MockHeader[];
  onChange: (headers: MockHeader[]) => void;
  readOnly?: boolean;
  /** Messages by field below the headers (`0.name`). */
  errors?: Record<string, string>;
  /** What the empty table and the add button say; response headers by default. */
  texts?: { none: string; add: string };
}) {
  const { t } = useTranslation();
  const { headers, onChange, readOnly, errors = {} } = props;
  const texts = props.texts ?? { none: t('mock.header.none'), add: t('mock.header.add') };
  const set = (i: number, patch: Partial<MockHeader>) => onChange(headers.map((h, j) => (j === i ? { ...h, ...patch } : h)));
  const cell = (key: 'name' | 'value', label: string, placeholder: string) => ({
    key,
    title: label,
    render: (_: unknown, row: Row) => {
      const error = errors[`${row.key}.${key}`];
      return (
        <>
          <Input
            size="small"
            aria-label={`${props.title} ${label} ${row.key + 1}`}
            placeholder={placeholder}
            value={row[key]}
            readOnly={readOnly}
            status={error ? 'error' : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(e) => set(row.key, { [key]: e.target.value })}
          />
          {error ? (
            <div className="field-error" role="alert">
              {error}
            </div>
          ) : null}
        </>
      );
    },
  });
  return (
    <div className="mock-headers">
      <Table<Row>
        size="small"
        bordered
        pagination={false}
        dataSource={headers.map((h, key) => ({ ...h, key }))}
        components={{ table: (p: object) => <table {...p} aria-label={props.title} /> }}
        locale={{ emptyText: <span className="muted">{texts.none}</span> }}
        columns={[
          { ...cell('name', t('mock.header.name'), 'X-Request-Id'), width: '40%' },
          cell('value', t('mock.header.value'), 'abc-123'),
          ...(readOnly
            ? []
            : [
                {
                  key: 'actions',
                  title: <span className="sr-only">{t('mock.expectations.actions')}</span>,
                  width: 48,
                  render: (_: unknown, row: Row) => (
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={`${props.title} · ${t('mock.header.remove', { n: row.key + 1 })}`}
                      onClick={() => onChange(headers.filter((_, j) => j !== row.key))}
                    />
                  ),
                },
              ]),
        ]}
      />
      {readOnly ? null : (
        <Button
          className="param-actions"
          size="small"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => onChange([...headers, { name: '', value: '' }])}
        >
          {texts.add}
        </Button>
      )}
    </div>
  );
}
