/**
 * A read-only parameter table: nested rows open, types in code, required marked, constraints under the
 * description, compositions (allOf, oneOf, anyOf) and model references shown as such, models expanded in place.
 * On a phone the table keeps readable columns and scrolls sideways.
 */
import { PlusSquareOutlined, RetweetOutlined } from '@ant-design/icons';
import { Button, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParamItem } from '@shared/schemas/document';
import { useNarrow } from '../../../lib/narrow';
import { markdownToSafeHtml } from '../lib/safe-html';
import { allRowKeys, constraintLabels, viewRows, type ModelsById, type ViewRow } from '../lib/param-rows';
import { RowAside, type RowPlace } from '../lib/row-aside';

const NO_MODELS: ModelsById = new Map();

/**
 * A row description's HTML, kept by its text: a model's rows appear wherever it is referred to, and rendering and
 * sanitising the same markdown for each was a third of a large table's time (issue 39's render bench).
 */
const descriptions = new Map<string, string>();
function descriptionHtml(markdown: string): string {
  let html = descriptions.get(markdown);
  if (html === undefined) {
    if (descriptions.size >= 2_000) descriptions.clear();
    html = markdownToSafeHtml(markdown);
    descriptions.set(markdown, html);
  }
  return html;
}
const WIDTHS = { type: 170, required: 70, value: 160 };
/** On a phone: the fixed columns plus this much each for the name and the description, which a 390 px screen squeezed to a character. */
const TEXT_COLUMN_MIN = 140;
const NARROW_TABLE_WIDTH = WIDTHS.type + WIDTHS.required + WIDTHS.value + 2 * TEXT_COLUMN_MIN;

export function ParamView({
  title,
  items,
  models = NO_MODELS,
  place,
  self,
}: {
  title: string;
  items: ParamItem[];
  models?: ModelsById;
  /** The model whose own view this is: rows that refer to it are cycles. */
  self?: string;
  /** Which table this is, for what another feature shows beside a row (row-aside.tsx). */
  place?: Omit<RowPlace, 'row' | 'label'>;
}) {
  const { t } = useTranslation();
  // Deferred rows the reader opened, and rows the reader folded: every other row is open.
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => viewRows(items, models, { self, opened }), [items, models, self, opened]);
  const expanded = useMemo(() => allRowKeys(rows).filter((key) => !folded.has(key)), [rows, folded]);
  const fold = (key: string, open: boolean) =>
    setFolded((keys) => {
      const next = new Set(keys);
      if (open) next.delete(key);
      else next.add(key);
      return next;
    });
  const narrow = useNarrow();
  return (
    <Table<ViewRow>
      size="small"
      bordered
      pagination={false}
      scroll={narrow ? { x: NARROW_TABLE_WIDTH } : undefined}
      rowKey="key"
      components={{ table: (props: object) => <table {...props} aria-label={title} /> }}
      dataSource={rows}
      expandable={{ expandedRowKeys: expanded, onExpand: (open, row) => fold(row.key, open), indentSize: 18 }}
      locale={{ emptyText: <span className="muted">{t('docs.param.none')}</span> }}
      columns={[
        {
          key: 'name',
          title: t('docs.param.name'),
          dataIndex: 'name',
          render: (name: string, row) => (
            <span className={row.deprecated ? 'param-name param-deprecated' : 'param-name'}>
              {name || <span className="muted">{t('docs.param.root')}</span>}
              {row.deprecated ? <Tag className="param-flag">{t('docs.param.deprecated')}</Tag> : null}
              {place ? <RowAside place={{ ...place, row: row.key, label: name }} /> : null}
            </span>
          ),
        },
        {
          key: 'type',
          title: t('docs.param.type'),
          dataIndex: 'type',
          width: WIDTHS.type,
          render: (type: string, row) => (
            <span className="param-type-view">
              {row.combine ? <Tag color="purple">{row.combine}</Tag> : <code>{type}</code>}
              {row.ref !== undefined ? (
                <Tag color="blue" className="param-model">
                  {row.modelName ?? t('docs.model.unknown')}
                </Tag>
              ) : null}
              {row.cycle ? (
                <Tag icon={<RetweetOutlined aria-hidden />} color="orange">
                  {t('docs.model.cycle')}
                </Tag>
              ) : null}
              {row.deferred ? (
                <Button
                  size="small"
                  type="link"
                  icon={<PlusSquareOutlined aria-hidden />}
                  aria-label={t('docs.model.openRow', { name: row.name || row.modelName })}
                  onClick={() => setOpened((keys) => new Set(keys).add(row.key))}
                >
                  {t('docs.model.open')}
                </Button>
              ) : null}
            </span>
          ),
        },
        {
          key: 'required',
          title: t('docs.param.required'),
          dataIndex: 'required',
          width: WIDTHS.required,
          render: (required: boolean) => (required ? <Tag color="red">{t('docs.yes')}</Tag> : t('docs.no')),
        },
        { key: 'value', title: t('docs.param.value'), dataIndex: 'value', width: WIDTHS.value },
        {
          key: 'description',
          title: t('docs.param.description'),
          dataIndex: 'description',
          render: (description: string, row) => {
            const labels = constraintLabels(row, t);
            return (
              <>
                {description ? (
                  <div
                    className="markdown user-content param-description"
                    dangerouslySetInnerHTML={{ __html: descriptionHtml(description) }}
                  />
                ) : null}
                {labels.length ? (
                  <div className="param-constraints">
                    {labels.map((label) => (
                      <Tag key={label} bordered={false}>
                        {label}
                      </Tag>
                    ))}
                  </div>
                ) : null}
              </>
            );
          },
        },
      ]}
    />
  );
}
