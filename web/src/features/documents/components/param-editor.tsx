/**
 * An editable parameter table: nested rows (objects and arrays of objects), add a child, reorder by dragging the
 * handle (or the up and down buttons, from the keyboard), every type of PARAM_TYPES, "import from JSON", and each
 * row's further settings (constraints, composition, data model) in a dialog.
 *
 * Narrower than a tablet, the table keeps readable columns and scrolls sideways rather than squeezing the name and
 * the description to a character or two.
 */
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, Table } from 'antd';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParamItem } from '@shared/schemas/document';
import { useNarrow } from '../../../lib/narrow';
import { newParam } from '../lib/json-params';
import { addChild, allIds, findItem, moveItem, removeItem, rowsOf, updateItem, type ParamRow } from '../lib/param-tree';
import { useParamDrag } from '../lib/use-param-drag';
import { PARAM_COLUMN_WIDTHS, useParamColumns } from './param-columns';
import { ParamJsonImport } from './param-json-import';
import type { ParamRowCommands } from './param-row-actions';
import { ParamSettings, type ModelOption } from './param-settings';

/** The least width the name and the description each keep on a narrow screen. */
const TEXT_COLUMN_MIN = 160;
const NARROW_TABLE_WIDTH = Object.values(PARAM_COLUMN_WIDTHS).reduce((a, b) => a + b, 2 * TEXT_COLUMN_MIN);

const NO_MODELS: ModelOption[] = [];

/** Which rows are open: all of them until the reader folds one, and a row that gets a child opens. */
function useExpandedRows(items: ParamItem[]) {
  const [chosen, setChosen] = useState<readonly Key[] | null>(null);
  const keys = chosen ?? allIds(items);
  return { keys, choose: setChosen, open: (id: string) => setChosen([...keys, id]), reset: () => setChosen(null) };
}

export function ParamEditor({
  title,
  items,
  onChange,
  models = NO_MODELS,
}: {
  title: string;
  items: ParamItem[];
  onChange: (items: ParamItem[]) => void;
  /** The project's data models, which a row may refer to. */
  models?: ModelOption[];
}) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const [importing, setImporting] = useState(false);
  const [settingsOf, setSettingsOf] = useState<ParamRow | null>(null);
  const expanded = useExpandedRows(items);
  const set = (row: ParamRow, patch: Partial<ParamItem>) => onChange(updateItem(items, row.id, patch));
  const move = (row: ParamRow, to: number) => onChange(moveItem(items, row.id, to));
  const drag = useParamDrag(move);
  const commands: ParamRowCommands = {
    settings: setSettingsOf,
    addChild: (row) => {
      onChange(addChild(items, row.id));
      expanded.open(row.id);
    },
    move,
    remove: (row) => onChange(removeItem(items, row.id)),
  };
  const columns = useParamColumns({ title, items, models, set, drag, commands });

  return (
    <div className="param-editor">
      <Table<ParamRow>
        size="small"
        bordered
        pagination={false}
        rowKey="id"
        dataSource={rowsOf(items)}
        columns={columns}
        scroll={narrow ? { x: NARROW_TABLE_WIDTH } : undefined}
        components={{ table: (props: object) => <table {...props} aria-label={title} /> }}
        expandable={{ expandedRowKeys: expanded.keys, onExpandedRowsChange: expanded.choose, indentSize: 16 }}
        locale={{ emptyText: <span className="muted">{t('docs.param.none')}</span> }}
        onRow={drag.target}
      />
      <Space className="param-actions">
        <Button
          size="small"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => onChange([...items, newParam()])}
          aria-label={`${t('docs.param.add')} · ${title}`}
        >
          {t('docs.param.add')}
        </Button>
        <Button
          size="small"
          icon={<ImportOutlined aria-hidden />}
          onClick={() => setImporting(true)}
          aria-label={`${t('docs.param.import')} · ${title}`}
        >
          {t('docs.param.import')}
        </Button>
      </Space>
      {settingsOf ? (
        <ParamSettings
          row={findItem(items, settingsOf.id) ?? { ...settingsOf, children: [] }}
          models={models}
          onSave={(patch) => set(settingsOf, patch)}
          onClose={() => setSettingsOf(null)}
        />
      ) : null}
      {importing ? (
        <ParamJsonImport
          title={title}
          onImport={(next) => {
            onChange(next);
            expanded.reset();
          }}
          onClose={() => setImporting(false)}
        />
      ) : null}
    </div>
  );
}
