/**
 * An environment's run secrets (issue 36): values only the server's runs and scheduled runs use. Write-only: the
 * list shows names and "set", never a value (no route answers one); editors add or replace one, the value typed
 * into a password field is sent once and the field cleared, and delete one after confirming. Readers see the names.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Form, Input, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunSecretView } from '@shared/schemas/run-secret';
import { ConfirmModal } from '../../../components/confirm-modal';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/dates';
import { showServerError } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useRunSecretChange, useRunSecrets } from '../api';

interface SecretFields {
  name: string;
  value: string;
}

function SecretForm({ envId }: { envId: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SecretFields>();
  const set = useRunSecretChange('runSecret.set');
  const save = async (values: SecretFields) => {
    try {
      await set.mutateAsync({ body: { envId, name: values.name.trim(), value: values.value } });
      // The value went once; nothing of it stays on the screen.
      form.resetFields();
      notify.success(t('env.runSecretSaved', { name: values.name.trim() }));
    } catch (error) {
      showServerError(form, error, { atField: 'name' });
    }
  };
  return (
    // Named, so its fields' ids do not collide with the variable dialog's `name` and `value` (labels would cross).
    <Form<SecretFields>
      form={form}
      name={`run-secret-${envId}`}
      layout="inline"
      onFinish={(values) => void save(values)}
      aria-label={t('env.runSecretAdd')}
    >
      <Form.Item name="name" label={t('env.runSecretName')} rules={[{ required: true, whitespace: true, message: t('v.required') }]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="value" label={t('env.runSecretValue')} rules={[{ required: true, message: t('v.required') }]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={set.isPending}>
          {t('env.runSecretSave')}
        </Button>
      </Form.Item>
    </Form>
  );
}

export function RunSecrets({ envId, canEdit }: { envId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const secrets = useRunSecrets(envId);
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useRunSecretChange('runSecret.delete');
  const title = t('env.runSecrets');
  return (
    <section aria-label={title}>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('env.runSecretsHint')}</Typography.Paragraph>
      {canEdit ? <SecretForm envId={envId} /> : null}
      <QueryState query={secrets}>
        <Table<RunSecretView>
          size="small"
          rowKey="name"
          pagination={false}
          dataSource={secrets.data ?? []}
          components={{ table: (p: object) => <table {...p} aria-label={title} /> }}
          locale={{ emptyText: <span className="muted">{t('env.noRunSecrets')}</span> }}
          columns={[
            { key: 'name', title: t('env.runSecretName'), render: (_, s) => <code>{s.name}</code> },
            { key: 'set', title: t('env.runSecretValue'), render: () => <Tag color="green">{t('env.runSecretSet')}</Tag> },
            {
              key: 'updated',
              title: t('env.runSecretUpdated'),
              render: (_, s) => t('env.runSecretUpdatedBy', { date: formatDate(s.updatedAt), name: s.updatedByName }),
            },
            ...(canEdit
              ? [
                  {
                    key: 'actions',
                    title: t('env.actions'),
                    render: (_: unknown, s: RunSecretView) => (
                      <Tooltip title={t('env.runSecretDelete')}>
                        <Button
                          size="small"
                          danger
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={`${t('env.runSecretDelete')} ${s.name}`}
                          onClick={() => setRemoving(s.name)}
                        />
                      </Tooltip>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </QueryState>
      {removing ? (
        <ConfirmModal
          title={t('env.runSecretDeleteTitle', { name: removing })}
          message={t('env.runSecretDeleteText')}
          okText={t('common.delete')}
          danger
          onConfirm={() => remove.mutateAsync({ query: { envId, name: removing } })}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}
