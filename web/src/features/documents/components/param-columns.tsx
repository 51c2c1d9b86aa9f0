/** The columns of an editable parameter table: each row's fields as inputs, its schema marks and its buttons. */
import { HolderOutlined } from '@ant-design/icons';
import { Checkbox, Input, Select, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PARAM_TYPES, type ParamItem } from '@shared/schemas/document';
import { siblingCount, type ParamRow } from '../lib/param-tree';
import type { useParamDrag } from '../lib/use-param-drag';
import type { ModelOption } from './param-settings';
import { ParamRowActions, type ParamRowCommands } from './param-row-actions';

/** The widths of the narrow columns; the name and the description share what is left. */
export const PARAM_COLUMN_WIDTHS = { type: 150, schema: 120, required: 64, value: 150, actions: 156 };

function SchemaTags({ row, models }: { row: ParamRow; models: ModelOption[] }) {
  const { t } = useTranslation();
  return (
    <span className="param-schema-tags">
      {row.combine ? <Tag color="purple">{row.combine}</Tag> : null}
      {row.ref !== undefined ? <Tag color="blue">{models.find((m) => m.id === row.ref)?.name ?? t('docs.model.unknown')}</Tag> : null}
      {row.enum?.length ? <Tag>{t('docs.param.enum')}</Tag> : null}
      {row.format ? <Tag>{row.format}</Tag> : null}
      {row.deprecated ? <Tag>{t('docs.param.deprecated')}</Tag> : null}
    </span>
  );
}

export function useParamColumns(props: {
  title: string;
  items: ParamItem[];
  models: ModelOption[];
  set: (row: ParamRow, patch: Partial<ParamItem>) => void;
  drag: ReturnType<typeof useParamDrag>;
  commands: ParamRowCommands;
}): TableColumnsType<ParamRow> {
  const { t } = useTranslation();
  const { title, items, models, set, drag, commands } = props;
  // Each field is labelled by table, column and place ("请求体 参数名 0.1"): rows have no names until typed.
  const label = (row: ParamRow, what: string) => `${title} ${what} ${row.depth}.${row.index}`;
  const text = (field: 'name' | 'value' | 'description', placeholder: string) => (_: unknown, row: ParamRow) => (
    <Input
      size="small"
      aria-label={label(row, t(`docs.param.${field}`))}
      placeholder={placeholder}
      value={row[field]}
      onChange={(e) => set(row, { [field]: e.target.value })}
    />
  );
  return [
    {
      key: 'name',
      title: t('docs.param.name'),
      render: (value, row) => (
        <span className="param-name-cell">
          <span className="drag-handle" title={t('docs.param.drag')} aria-hidden {...drag.handle(row)}>
            <HolderOutlined aria-hidden />
          </span>
          {text('name', t('docs.param.namePlaceholder'))(value, row)}
        </span>
      ),
    },
    {
      key: 'type',
      title: t('docs.param.type'),
      width: PARAM_COLUMN_WIDTHS.type,
      render: (_, row) => (
        <Select
          size="small"
          showSearch
          className="param-type"
          aria-label={label(row, t('docs.param.type'))}
          value={row.type}
          onChange={(type) => set(row, { type })}
          options={PARAM_TYPES.map((type) => ({ value: type, label: type }))}
          popupMatchSelectWidth={false}
        />
      ),
    },
    {
      key: 'schema',
      title: t('docs.param.schema'),
      width: PARAM_COLUMN_WIDTHS.schema,
      render: (_, row) => <SchemaTags row={row} models={models} />,
    },
    {
      key: 'required',
      title: t('docs.param.required'),
      width: PARAM_COLUMN_WIDTHS.required,
      align: 'center',
      render: (_, row) => (
        <Checkbox
          aria-label={label(row, t('docs.param.required'))}
          checked={row.required}
          onChange={(e) => set(row, { required: e.target.checked })}
        />
      ),
    },
    {
      key: 'value',
      title: t('docs.param.value'),
      width: PARAM_COLUMN_WIDTHS.value,
      render: text('value', t('docs.param.valuePlaceholder')),
    },
    { key: 'description', title: t('docs.param.description'), render: text('description', t('docs.param.descriptionPlaceholder')) },
    {
      key: 'actions',
      title: <span className="sr-only">{t('docs.param.actions')}</span>,
      width: PARAM_COLUMN_WIDTHS.actions,
      render: (_, row) => <ParamRowActions row={row} siblings={siblingCount(items, row.id)} on={commands} />,
    },
  ];
}
