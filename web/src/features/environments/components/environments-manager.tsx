/**
 * A project's environments (spec sections 2 and 3): list, create (the spec's preset names offered), edit, copy and
 * delete them, and edit each one's variables in a table: name, shared value, this browser's local value (which
 * overrides the shared one) and the secret switch. A secret variable's value is masked and never sent: only its
 * local value exists. Values request scripts wrote for names the environment does not define are listed below the
 * variables, editable and clearable like local values. Readers see everything and set their own local values;
 * editors change the rest.
 */
import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Descriptions, Empty, Flex, Form, Input, Switch, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENVIRONMENT_PRESETS, type EnvironmentView, type VariableView } from '@shared/schemas/environment';
import { ConfirmModal } from '../../../components/confirm-modal';
import { FormModal } from '../../../components/form-modal';
import { QueryState } from '../../../components/query-state';
import { showServerError } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useEnvironmentChange, useEnvironments } from '../api';
import { localValueOf, setLocalValue, useChosenEnvironment, useLocalValues } from '../lib/local';
import { useNarrow } from '../../../lib/narrow';
import { useScriptValues, writeScriptValues } from '../lib/script-values';
import { RunSecrets } from './run-secrets';

interface EnvFields {
  name: string;
  baseUrl: string;
  defaultVariable: string;
}
interface VariableFields {
  name: string;
  value: string;
  secret: boolean;
  description: string;
}

function EnvironmentDialog(props: { projectId: string; env?: EnvironmentView; onClose: () => void; onCreated?: (id: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EnvFields>();
  const create = useEnvironmentChange('env.create');
  const update = useEnvironmentChange('env.update');
  const { env } = props;
  return (
    <FormModal<EnvFields>
      title={env ? t('env.edit') : t('env.new')}
      form={form}
      initialValues={
        env ? { name: env.name, baseUrl: env.baseUrl, defaultVariable: env.defaultVariable } : { baseUrl: '', defaultVariable: '' }
      }
      onSubmit={async (values) => {
        if (env) {
          await update.mutateAsync({ body: { id: env.id, rev: env.rev, ...values, globalParams: env.globalParams } });
          notify.success(t('env.saved'));
        } else {
          const made = await create.mutateAsync({ body: { projectId: props.projectId, ...values } });
          notify.success(t('env.created'));
          props.onCreated?.(made.id);
        }
      }}
      onClose={props.onClose}
    >
      <Form.Item name="name" label={t('env.name')} rules={[{ required: true, message: t('v.required') }]}>
        <AutoComplete
          options={ENVIRONMENT_PRESETS.map((value) => ({ value }))}
          filterOption={(input, option) => (option?.value ?? '').toLowerCase().includes(input.toLowerCase())}
        />
      </Form.Item>
      <Form.Item name="baseUrl" label={t('env.baseUrl')}>
        <Input placeholder="https://api.example.com" />
      </Form.Item>
      <Form.Item name="defaultVariable" label={t('env.defaultVariable')}>
        <Input />
      </Form.Item>
    </FormModal>
  );
}

function VariableDialog(props: { env: EnvironmentView; variable?: VariableView; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<VariableFields>();
  const create = useEnvironmentChange('variable.create');
  const update = useEnvironmentChange('variable.update');
  const secret = Form.useWatch('secret', form) ?? props.variable?.secret ?? false;
  const v = props.variable;
  return (
    <FormModal<VariableFields>
      title={v ? t('env.editVariable') : t('env.addVariable')}
      form={form}
      initialValues={
        v ? { name: v.name, value: v.value, secret: v.secret, description: v.description } : { value: '', secret: false, description: '' }
      }
      errorAt="name"
      onSubmit={async (values) => {
        // A secret's value is never sent: what was typed becomes this browser's local value.
        const body = { ...values, value: values.secret ? '' : values.value };
        const saved = v
          ? await update.mutateAsync({ body: { id: v.id, rev: v.rev, ...body } })
          : await create.mutateAsync({ body: { envId: props.env.id, ...body } });
        if (values.secret && values.value) setLocalValue(saved.id, values.value);
      }}
      onClose={props.onClose}
    >
      <Form.Item name="name" label={t('env.varName')} rules={[{ required: true, message: t('v.varName') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="secret" label={t('env.secret')} valuePropName="checked" extra={t('env.secretHint')}>
        <Switch />
      </Form.Item>
      <Form.Item name="value" label={secret ? t('env.localValue') : t('env.sharedValue')}>
        {secret ? <Input.Password autoComplete="off" /> : <Input />}
      </Form.Item>
      <Form.Item name="description" label={t('env.description')}>
        <Input />
      </Form.Item>
    </FormModal>
  );
}

function LocalValueInput({ variable }: { variable: VariableView }) {
  const { t } = useTranslation();
  useLocalValues();
  const value = localValueOf(variable.id) ?? '';
  const label = t('env.localOf', { name: variable.name });
  const clear = value ? <ClearLocal name={variable.name} onClear={() => setLocalValue(variable.id, '')} /> : null;
  return variable.secret ? (
    <Flex gap={4}>
      <Input.Password
        size="small"
        aria-label={label}
        autoComplete="off"
        value={value}
        onChange={(e) => setLocalValue(variable.id, e.target.value)}
      />
      {clear}
    </Flex>
  ) : (
    <Flex gap={4}>
      <Input
        size="small"
        aria-label={label}
        placeholder={variable.value}
        value={value}
        onChange={(e) => setLocalValue(variable.id, e.target.value)}
      />
      {clear}
    </Flex>
  );
}

/** Clears a local value: the shared value applies again (or, for a name only a script wrote, it is gone). */
function ClearLocal({ name, onClear }: { name: string; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('env.clearLocal', { name })}>
      <Button size="small" icon={<DeleteOutlined aria-hidden />} aria-label={t('env.clearLocal', { name })} onClick={onClear} />
    </Tooltip>
  );
}

/** What scripts wrote for names this environment does not define (this browser): editable and clearable. */
function ScriptValues({ env }: { env: EnvironmentView }) {
  const { t } = useTranslation();
  const values = useScriptValues(env.id);
  const rows = Object.entries(values)
    .filter(([name]) => !env.variables.some((v) => v.name === name))
    .map(([name, value]) => ({ name, value }));
  return (
    <section aria-label={t('env.scriptValues')}>
      <Typography.Title level={3}>{t('env.scriptValues')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('env.scriptValuesHint')}</Typography.Paragraph>
      <Table<{ name: string; value: string }>
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={rows}
        components={{ table: (p: object) => <table {...p} aria-label={t('env.scriptValues')} /> }}
        locale={{ emptyText: <span className="muted">{t('env.noScriptValues')}</span> }}
        columns={[
          { key: 'name', title: t('env.varName'), render: (_, row) => <code>{row.name}</code> },
          {
            key: 'local',
            title: t('env.localValue'),
            render: (_, row) => (
              <Flex gap={4}>
                <Input
                  size="small"
                  aria-label={t('env.localOf', { name: row.name })}
                  value={row.value}
                  onChange={(e) => writeScriptValues(env.id, { [row.name]: e.target.value })}
                />
                <ClearLocal name={row.name} onClear={() => writeScriptValues(env.id, { [row.name]: null })} />
              </Flex>
            ),
          },
        ]}
      />
    </section>
  );
}

function Variables({ env, canEdit }: { env: EnvironmentView; canEdit: boolean }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const [dialog, setDialog] = useState<{ variable?: VariableView } | null>(null);
  const [removing, setRemoving] = useState<VariableView | null>(null);
  const remove = useEnvironmentChange('variable.delete');
  const update = useEnvironmentChange('variable.update');
  const toggleSecret = async (v: VariableView, secret: boolean) => {
    try {
      await update.mutateAsync({
        body: { id: v.id, rev: v.rev, name: v.name, value: secret ? '' : v.value, secret, description: v.description },
      });
      // Turned secret: its shared value is gone from the server; this browser keeps it as the local value.
      if (secret && v.value && !localValueOf(v.id)) setLocalValue(v.id, v.value);
    } catch (error) {
      showServerError(null, error);
    }
  };
  return (
    <section aria-label={t('env.variables')}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3}>{t('env.variables')}</Typography.Title>
        {canEdit ? (
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({})}>
            {t('env.addVariable')}
          </Button>
        ) : null}
      </Flex>
      <Typography.Paragraph type="secondary">{t('env.localHint')}</Typography.Paragraph>
      {/* On a phone the table scrolls sideways with its headers on one line and its buttons pinned on screen. */}
      <Table<VariableView>
        size="small"
        rowKey="id"
        className="env-variables"
        pagination={false}
        scroll={narrow ? { x: 'max-content' } : undefined}
        dataSource={env.variables}
        components={{ table: (p: object) => <table {...p} aria-label={t('env.variables')} /> }}
        locale={{ emptyText: <span className="muted">{t('env.noVariables')}</span> }}
        columns={[
          { key: 'name', title: t('env.varName'), render: (_, v) => <code>{v.name}</code> },
          {
            key: 'value',
            title: t('env.sharedValue'),
            render: (_, v) => (v.secret ? <Tag>{t('env.secretStored')}</Tag> : <span className="break-all">{v.value}</span>),
          },
          { key: 'local', title: t('env.localValue'), render: (_, v) => <LocalValueInput variable={v} /> },
          {
            key: 'secret',
            title: t('env.secret'),
            render: (_, v) => (
              <Switch
                size="small"
                checked={v.secret}
                disabled={!canEdit}
                aria-label={t('env.secretOf', { name: v.name })}
                onChange={(checked) => void toggleSecret(v, checked)}
              />
            ),
          },
          { key: 'description', title: t('env.description'), dataIndex: 'description' },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: t('env.actions'),
                  fixed: narrow ? ('right' as const) : undefined,
                  render: (_: unknown, v: VariableView) => (
                    <Flex gap={4}>
                      <Tooltip title={t('env.editVariable')}>
                        <Button
                          size="small"
                          icon={<EditOutlined aria-hidden />}
                          aria-label={`${t('env.editVariable')} ${v.name}`}
                          onClick={() => setDialog({ variable: v })}
                        />
                      </Tooltip>
                      <Tooltip title={t('env.deleteVariable')}>
                        <Button
                          size="small"
                          danger
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={`${t('env.deleteVariable')} ${v.name}`}
                          onClick={() => setRemoving(v)}
                        />
                      </Tooltip>
                    </Flex>
                  ),
                },
              ]
            : []),
        ]}
      />
      {dialog ? <VariableDialog env={env} variable={dialog.variable} onClose={() => setDialog(null)} /> : null}
      {removing ? (
        <ConfirmModal
          title={t('env.deleteVariableTitle', { name: removing.name })}
          okText={t('common.delete')}
          danger
          onConfirm={() => remove.mutateAsync({ params: { id: removing.id } })}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}

function EnvironmentDetail(props: { env: EnvironmentView; canEdit: boolean; members: boolean; onDuplicated: (id: string) => void }) {
  const { env, canEdit, onDuplicated } = props;
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const duplicate = useEnvironmentChange('env.duplicate');
  const remove = useEnvironmentChange('env.delete');
  return (
    <div className="environment">
      <Flex justify="space-between" align="start" wrap gap={8}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('env.baseUrl')}>{env.baseUrl ? <code>{env.baseUrl}</code> : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('env.defaultVariable')}>{env.defaultVariable || '—'}</Descriptions.Item>
        </Descriptions>
        {canEdit ? (
          <Flex gap={8}>
            <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
              {t('env.edit')}
            </Button>
            <Button
              icon={<CopyOutlined aria-hidden />}
              loading={duplicate.isPending}
              onClick={() =>
                void duplicate.mutateAsync({ params: { projectId: env.projectId, envId: env.id } }).then(
                  (made) => {
                    notify.success(t('env.duplicated'));
                    onDuplicated(made.id);
                  },
                  (error: unknown) => showServerError(null, error),
                )
              }
            >
              {t('env.duplicate')}
            </Button>
            <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => setDeleting(true)}>
              {t('env.delete')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
      <Variables env={env} canEdit={canEdit} />
      <ScriptValues env={env} />
      {props.members ? <RunSecrets envId={env.id} canEdit={canEdit} /> : null}
      {editing ? <EnvironmentDialog projectId={env.projectId} env={env} onClose={() => setEditing(false)} /> : null}
      {deleting ? (
        <ConfirmModal
          title={t('env.deleteTitle', { name: env.name })}
          message={t('env.deleteText')}
          okText={t('common.delete')}
          danger
          onConfirm={async () => {
            await remove.mutateAsync({ query: { id: env.id } });
            notify.success(t('env.deleted'));
          }}
          onClose={() => setDeleting(false)}
        />
      ) : null}
    </div>
  );
}

/** `members`: the reader is a member of the project (a public project's guests do not see its run secrets' names). */
export function EnvironmentsManager({ projectId, canEdit, members }: { projectId: string; canEdit: boolean; members: boolean }) {
  const { t } = useTranslation();
  const envs = useEnvironments(projectId);
  const [chosen] = useChosenEnvironment(projectId);
  // The tab shown starts at the environment chosen in the header; looking at another does not choose it.
  const [tab, setTab] = useState<string>();
  const [creating, setCreating] = useState(false);
  const list = envs.data ?? [];
  const active = list.find((e) => e.id === (tab ?? chosen))?.id ?? list[0]?.id;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('env.intro', { example: '{{name}}' })}</Typography.Paragraph>
      {!canEdit ? <Typography.Paragraph type="secondary">{t('env.readOnly')}</Typography.Paragraph> : null}
      {canEdit ? (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
          {t('env.new')}
        </Button>
      ) : null}
      <QueryState query={envs}>
        {list.length ? (
          <Tabs
            className="environments"
            tabPosition="left"
            activeKey={active}
            onChange={setTab}
            items={list.map((env) => ({
              key: env.id,
              label: env.name,
              children: <EnvironmentDetail env={env} canEdit={canEdit} members={members} onDuplicated={setTab} />,
            }))}
          />
        ) : (
          <Empty description={<>{t('env.none')}</>}>{canEdit ? t('env.noneText') : null}</Empty>
        )}
      </QueryState>
      {creating ? <EnvironmentDialog projectId={projectId} onClose={() => setCreating(false)} onCreated={setTab} /> : null}
    </>
  );
}
