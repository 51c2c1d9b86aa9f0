/**
 * An editable parameter table: nested rows (objects and arrays of objects), add a child, reorder by dragging the
 * handle (or the up and down buttons, from the keyboard), every type of PARAM_TYPES, "import from JSON", and each
 * row's further settings (constraints, composition, data model) in a dialog.
 */
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  HolderOutlined,
  ImportOutlined,
  PlusOutlined,
  SettingOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import { Alert, Button, Checkbox, Input, Modal, Select, Space, Table, Tag, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/constants';
import { PARAM_TYPES, type ParamItem } from '@shared/schemas/document';
import { newParam, paramsFromJson } from '../lib/json-params';
import { ParamSettings, type ModelOption } from './param-settings';

type Row = Omit<ParamItem, 'children'> & { children?: Row[]; depth: number; index: number; parentId: string | null };

const nests = (row: Pick<ParamItem, 'type' | 'combine' | 'ref'>) =>
  row.ref === undefined &&
  (!!row.combine || row.type === 'object' || row.type === 'array[object]' || row.type === 'array' || row.type === 'array[array]');

function rowsOf(items: ParamItem[], depth = 0, parentId: string | null = null): Row[] {
  return items.map((p, index) => ({
    ...p,
    depth,
    index,
    parentId,
    children: p.children.length ? rowsOf(p.children, depth + 1, p.id) : undefined,
  }));
}
const allIds = (items: ParamItem[]): string[] => items.flatMap((p) => [p.id, ...allIds(p.children)]);

/** Applies `change` to the sibling list holding `id`, wherever it is in the tree. */
function editSiblings(items: ParamItem[], id: string, change: (list: ParamItem[], index: number) => ParamItem[]): ParamItem[] {
  const index = items.findIndex((p) => p.id === id);
  if (index >= 0) return change(items, index);
  return items.map((p) => ({ ...p, children: editSiblings(p.children, id, change) }));
}
const updateItem = (items: ParamItem[], id: string, patch: Partial<ParamItem>) =>
  editSiblings(items, id, (list, i) => list.map((p, j) => (j === i ? { ...p, ...patch } : p)));
const removeItem = (items: ParamItem[], id: string) => editSiblings(items, id, (list, i) => list.filter((_, j) => j !== i));
const moveItem = (items: ParamItem[], id: string, to: number) =>
  editSiblings(items, id, (list, i) => {
    const next = [...list];
    const [item] = next.splice(i, 1);
    next.splice(Math.max(0, Math.min(to, next.length)), 0, item!);
    return next;
  });

function ImportJson({ title, onImport, onClose }: { title: string; onImport: (items: ParamItem[]) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const field = useRef<TextAreaRef>(null);
  const submit = () => {
    try {
      onImport(paramsFromJson(text));
      onClose();
    } catch {
      setError(t('docs.param.importInvalid'));
    }
  };
  return (
    <Modal
      open
      title={`${t('docs.param.import')} · ${title}`}
      okText={t('docs.param.importOk')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      afterOpenChange={(open) => open && field.current?.focus()}
    >
      <p className="muted">{t('docs.param.importHint')}</p>
      <Input.TextArea
        ref={field}
        rows={12}
        className="code-input"
        aria-label={t('docs.param.importLabel')}
        placeholder={'{\n  "id": 1,\n  "items": [{ "sku": "A-1", "qty": 2 }]\n}'}
        value={text}
        status={error ? 'error' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
      />
      {error ? <Alert className="form-alert" type="error" showIcon title={error} /> : null}
    </Modal>
  );
}

const NO_MODELS: ModelOption[] = [];

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
  const dragged = useRef<Row | null>(null);
  const [importing, setImporting] = useState(false);
  const [settingsOf, setSettingsOf] = useState<Row | null>(null);
  const [expanded, setExpanded] = useState<readonly React.Key[] | null>(null);
  const expandedKeys = expanded ?? allIds(items);
  const label = (row: Row, what: string) => `${title} ${what} ${row.depth}.${row.index}`;
  const set = (row: Row, patch: Partial<ParamItem>) => onChange(updateItem(items, row.id, patch));

  const dropOn = (target: Row) => (e: DragEvent<HTMLElement>) => {
    const source = dragged.current;
    e.currentTarget.classList.remove('drop-over');
    if (!source || source.parentId !== target.parentId || source.id === target.id) return;
    e.preventDefault();
    onChange(moveItem(items, source.id, target.index));
    dragged.current = null;
  };

  return (
    <div className="param-editor">
      <Table<Row>
        size="small"
        bordered
        pagination={false}
        rowKey="id"
        dataSource={rowsOf(items)}
        components={{ table: (props: object) => <table {...props} aria-label={title} /> }}
        expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: (keys) => setExpanded(keys), indentSize: 16 }}
        locale={{ emptyText: <span className="muted">{t('docs.param.none')}</span> }}
        onRow={(row) => ({
          // The drop mark is set on the row itself: re-rendering the table in the middle of a drag loses the drop.
          onDragOver: (e: DragEvent<HTMLElement>) => {
            if (dragged.current && dragged.current.parentId === row.parentId) {
              e.preventDefault();
              e.currentTarget.classList.add('drop-over');
            }
          },
          onDragLeave: (e: DragEvent<HTMLElement>) => e.currentTarget.classList.remove('drop-over'),
          onDrop: dropOn(row),
        })}
        columns={[
          {
            key: 'name',
            title: t('docs.param.name'),
            render: (_, row) => (
              <span className="param-name-cell">
                <span
                  className="drag-handle"
                  draggable
                  title={t('docs.param.drag')}
                  aria-hidden
                  onDragStart={(e) => {
                    dragged.current = row;
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', row.id);
                  }}
                >
                  <HolderOutlined aria-hidden />
                </span>
                <Input
                  size="small"
                  aria-label={label(row, t('docs.param.name'))}
                  placeholder={t('docs.param.namePlaceholder')}
                  value={row.name}
                  onChange={(e) => set(row, { name: e.target.value })}
                />
              </span>
            ),
          },
          {
            key: 'type',
            title: t('docs.param.type'),
            width: 150,
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
            width: 120,
            render: (_, row) => (
              <span className="param-schema-tags">
                {row.combine ? <Tag color="purple">{row.combine}</Tag> : null}
                {row.ref !== undefined ? (
                  <Tag color="blue">{models.find((m) => m.id === row.ref)?.name ?? t('docs.model.unknown')}</Tag>
                ) : null}
                {row.enum?.length ? <Tag>{t('docs.param.enum')}</Tag> : null}
                {row.format ? <Tag>{row.format}</Tag> : null}
                {row.deprecated ? <Tag>{t('docs.param.deprecated')}</Tag> : null}
              </span>
            ),
          },
          {
            key: 'required',
            title: t('docs.param.required'),
            width: 64,
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
            width: 150,
            render: (_, row) => (
              <Input
                size="small"
                aria-label={label(row, t('docs.param.value'))}
                placeholder={t('docs.param.valuePlaceholder')}
                value={row.value}
                onChange={(e) => set(row, { value: e.target.value })}
              />
            ),
          },
          {
            key: 'description',
            title: t('docs.param.description'),
            render: (_, row) => (
              <Input
                size="small"
                aria-label={label(row, t('docs.param.description'))}
                placeholder={t('docs.param.descriptionPlaceholder')}
                value={row.description}
                onChange={(e) => set(row, { description: e.target.value })}
              />
            ),
          },
          {
            key: 'actions',
            title: <span className="sr-only">{t('docs.param.actions')}</span>,
            width: 156,
            render: (_, row) => {
              const siblings = siblingCount(items, row.id);
              return (
                <Space size={0}>
                  <Tooltip title={t('docs.param.settings')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<SettingOutlined aria-hidden />}
                      aria-label={`${t('docs.param.settings')} ${row.name}`}
                      onClick={() => setSettingsOf(row)}
                    />
                  </Tooltip>
                  {nests(row) && row.depth < LIMITS.paramDepth - 1 ? (
                    <Tooltip title={t('docs.param.addChild')}>
                      <Button
                        type="text"
                        size="small"
                        icon={<SubnodeOutlined aria-hidden />}
                        aria-label={`${t('docs.param.addChild')} ${row.name}`}
                        onClick={() => {
                          onChange(
                            editSiblings(items, row.id, (list, i) =>
                              list.map((p, j) => (j === i ? { ...p, children: [...p.children, newParam()] } : p)),
                            ),
                          );
                          setExpanded([...expandedKeys, row.id]);
                        }}
                      />
                    </Tooltip>
                  ) : null}
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined aria-hidden />}
                    aria-label={`${t('docs.param.up')} ${row.name}`}
                    disabled={row.index === 0}
                    onClick={() => onChange(moveItem(items, row.id, row.index - 1))}
                  />
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined aria-hidden />}
                    aria-label={`${t('docs.param.down')} ${row.name}`}
                    disabled={row.index >= siblings - 1}
                    onClick={() => onChange(moveItem(items, row.id, row.index + 1))}
                  />
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={`${t('docs.param.remove')} ${row.name}`}
                    onClick={() => onChange(removeItem(items, row.id))}
                  />
                </Space>
              );
            },
          },
        ]}
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
          row={findRow(items, settingsOf.id) ?? { ...settingsOf, children: [] }}
          models={models}
          onSave={(patch) => set(settingsOf, patch)}
          onClose={() => setSettingsOf(null)}
        />
      ) : null}
      {importing ? (
        <ImportJson title={title} onImport={(next) => (onChange(next), setExpanded(null))} onClose={() => setImporting(false)} />
      ) : null}
    </div>
  );
}

function findRow(items: ParamItem[], id: string): ParamItem | undefined {
  for (const p of items) {
    if (p.id === id) return p;
    const found = findRow(p.children, id);
    if (found) return found;
  }
  return undefined;
}

function siblingCount(items: ParamItem[], id: string): number {
  let count = 0;
  editSiblings(items, id, (list) => {
    count = list.length;
    return list;
  });
  return count;
}
