/**
 * A project's global parameters (spec sections 2 and 3): request headers, query, body and path rows and response
 * headers and body rows, each a name, a value, whether it is required and a description. They apply to the whole
 * project, or an environment may have its own. Saved as the spec's JSON `value`, against the revision read.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Flex, Input, Select, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readGlobalParams, type EnvironmentView, type GlobalParamRow, type GlobalParams } from '@shared/schemas/environment';
import { QueryState } from '../../../components/query-state';
import { showServerError } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useEnvironmentChange, useEnvironments, useGlobalParams, useGlobalParamsSave } from '../api';
import { GLOBAL_PLACES, rowsAt, withRows, type GlobalPlace } from '../lib/globals';

const blankRow = (): GlobalParamRow => ({ name: '', type: 'string', required: false, value: '', description: '' });

function RowsTable(props: { label: string; rows: GlobalParamRow[]; readOnly: boolean; onChange: (rows: GlobalParamRow[]) => void }) {
  const { t } = useTranslation();
  const { rows, readOnly, onChange } = props;
  const set = (i: number, patch: Partial<GlobalParamRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  type Row = GlobalParamRow & { key: number };
  const text = (field: 'name' | 'value' | 'description', title: string) => ({
    key: field,
    title,
    render: (_: unknown, row: Row) => (
      <Input
        size="small"
        aria-label={`${props.label} ${title} ${row.key + 1}`}
        value={row[field]}
        readOnly={readOnly}
        onChange={(e) => set(row.key, { [field]: e.target.value })}
      />
    ),
  });
  return (
    <>
      <Table<Row>
        size="small"
        bordered
        pagination={false}
        dataSource={rows.map((r, key) => ({ ...r, key }))}
        components={{ table: (p: object) => <table {...p} aria-label={props.label} /> }}
        locale={{ emptyText: <span className="muted">{t('env.noRows')}</span> }}
        columns={[
          text('name', t('env.rowName')),
          text('value', t('env.rowValue')),
          {
            key: 'required',
            title: t('env.rowRequired'),
            render: (_: unknown, row: Row) => (
              <Checkbox
                aria-label={`${props.label} ${t('env.rowRequired')} ${row.key + 1}`}
                checked={row.required}
                disabled={readOnly}
                onChange={(e) => set(row.key, { required: e.target.checked })}
              />
            ),
          },
          text('description', t('env.description')),
          ...(readOnly
            ? []
            : [
                {
                  key: 'remove',
                  title: t('env.actions'),
                  render: (_: unknown, row: Row) => (
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={t('env.removeRow', { n: row.key + 1 })}
                      onClick={() => onChange(rows.filter((_r, j) => j !== row.key))}
                    />
                  ),
                },
              ]),
        ]}
      />
      {readOnly ? null : (
        <Button size="small" className="add-row" icon={<PlusOutlined aria-hidden />} onClick={() => onChange([...rows, blankRow()])}>
          {t('env.addRow')}
        </Button>
      )}
    </>
  );
}

function ParamsForm(props: { initial: GlobalParams; canEdit: boolean; onSave: (value: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(props.initial);
  const [busy, setBusy] = useState(false);
  const [place, setPlace] = useState<GlobalPlace>('reqHeaders');
  const save = async () => {
    setBusy(true);
    try {
      const cleaned = GLOBAL_PLACES.reduce(
        (p, at) =>
          withRows(
            p,
            at,
            rowsAt(p, at).filter((r) => r.name.trim()),
          ),
        draft,
      );
      await props.onSave(JSON.stringify(cleaned));
      notify.success(t('env.globalsSaved'));
    } catch (error) {
      showServerError(null, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Tabs
        activeKey={place}
        onChange={(key) => setPlace(key as GlobalPlace)}
        items={GLOBAL_PLACES.map((at) => ({
          key: at,
          label: `${t(`env.where.${at}`)} (${rowsAt(draft, at).length})`,
          children: (
            <RowsTable
              label={t(`env.where.${at}`)}
              rows={rowsAt(draft, at)}
              readOnly={!props.canEdit}
              onChange={(rows) => setDraft(withRows(draft, at, rows))}
            />
          ),
        }))}
      />
      {props.canEdit ? (
        <Button type="primary" loading={busy} onClick={() => void save()}>
          {t('common.save')}
        </Button>
      ) : null}
    </>
  );
}

function EnvironmentScope({ env, canEdit }: { env: EnvironmentView; canEdit: boolean }) {
  const { t } = useTranslation();
  const update = useEnvironmentChange('env.update');
  const saveEnv = (globalParams: string | null) =>
    update.mutateAsync({
      body: { id: env.id, rev: env.rev, name: env.name, baseUrl: env.baseUrl, defaultVariable: env.defaultVariable, globalParams },
    });
  return (
    <>
      <Checkbox
        checked={env.globalParams !== null}
        disabled={!canEdit || update.isPending}
        onChange={(e) =>
          void saveEnv(e.target.checked ? JSON.stringify(readGlobalParams(null)) : null).catch((error: unknown) =>
            showServerError(null, error),
          )
        }
      >
        {t('env.override')}
      </Checkbox>
      {env.globalParams === null ? (
        <Alert type="info" showIcon title={t('env.overrideOff')} />
      ) : (
        <ParamsForm key={`${env.id}-${env.rev}`} initial={readGlobalParams(env.globalParams)} canEdit={canEdit} onSave={saveEnv} />
      )}
    </>
  );
}

export function GlobalParamsEditor({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const params = useGlobalParams(projectId);
  const envs = useEnvironments(projectId);
  const save = useGlobalParamsSave();
  const [scope, setScope] = useState('');
  const env = envs.data?.find((e) => e.id === scope);
  return (
    <>
      <Typography.Paragraph type="secondary">{t('env.globalsIntro')}</Typography.Paragraph>
      {envs.data?.length ? (
        <Flex gap={8} align="center" className="globals-scope">
          <span id="globals-scope">{t('env.scope')}</span>
          <Select
            aria-labelledby="globals-scope"
            value={env ? env.id : ''}
            onChange={setScope}
            popupMatchSelectWidth={false}
            options={[
              { value: '', label: t('env.scopeProject') },
              ...envs.data.map((e) => ({ value: e.id, label: t('env.scopeEnv', { name: e.name }) })),
            ]}
          />
        </Flex>
      ) : null}
      {env ? (
        <EnvironmentScope env={env} canEdit={canEdit} />
      ) : (
        <QueryState query={params}>
          {params.data ? (
            <ParamsForm
              key={params.data.rev}
              initial={readGlobalParams(params.data.value)}
              canEdit={canEdit}
              onSave={(value) => save.mutateAsync({ body: { projectId, value, rev: params.data.rev } })}
            />
          ) : null}
        </QueryState>
      )}
    </>
  );
}
