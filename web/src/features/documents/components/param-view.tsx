/** A read-only parameter table: nested rows open, types in code, required marked. */
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ParamItem } from '@shared/schemas/document';

type Row = Omit<ParamItem, 'children'> & { children?: Row[] };
const rowsOf = (items: ParamItem[]): Row[] => items.map((p) => ({ ...p, children: p.children.length ? rowsOf(p.children) : undefined }));
const allKeys = (items: ParamItem[]): string[] => items.flatMap((p) => [p.id, ...allKeys(p.children)]);

export function ParamView({ title, items }: { title: string; items: ParamItem[] }) {
  const { t } = useTranslation();
  return (
    <Table<Row>
      size="small"
      bordered
      pagination={false}
      rowKey="id"
      components={{ table: (props: object) => <table {...props} aria-label={title} /> }}
      dataSource={rowsOf(items)}
      expandable={{ defaultExpandedRowKeys: allKeys(items), indentSize: 18 }}
      locale={{ emptyText: <span className="muted">{t('docs.param.none')}</span> }}
      columns={[
        {
          key: 'name',
          title: t('docs.param.name'),
          dataIndex: 'name',
          render: (name: string) => <span className="param-name">{name}</span>,
        },
        { key: 'type', title: t('docs.param.type'), dataIndex: 'type', width: 130, render: (type: string) => <code>{type}</code> },
        {
          key: 'required',
          title: t('docs.param.required'),
          dataIndex: 'required',
          width: 70,
          render: (required: boolean) => (required ? <Tag color="red">{t('docs.yes')}</Tag> : t('docs.no')),
        },
        { key: 'value', title: t('docs.param.value'), dataIndex: 'value', width: 160 },
        { key: 'description', title: t('docs.param.description'), dataIndex: 'description' },
      ]}
    />
  );
}
