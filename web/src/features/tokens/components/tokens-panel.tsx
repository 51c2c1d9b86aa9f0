import { Alert, Button, Card, Checkbox, Empty, Flex, Form, Input, InputNumber, Modal, Popconfirm, Table, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROJECT_TOKEN_SCOPES, type ProjectTokenScope } from '@shared/constants';
import type { ProjectTokenView } from '@shared/schemas/open';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/dates';
import { showServerError } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import '../../../i18n/tokens';
import { useCreateToken, useRevokeToken, useTokens } from '../api';

interface Draft {
  name: string;
  scopes: ProjectTokenScope[];
  expiresInDays: number;
}

const STATE_COLOR = { active: 'green', expired: 'default', revoked: 'red' } as const;

/** The project's tokens: made in a dialog whose secret is shown once, listed with their last use, revoked. */
export function TokensPanel({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const tokens = useTokens(projectId);
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [form] = Form.useForm<Draft>();
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  async function submit(values: Draft) {
    try {
      const made = await create.mutateAsync({ body: { projectId, ...values } });
      setOpen(false);
      form.resetFields();
      setSecret(made.secret);
    } catch (err) {
      showServerError(form, err);
    }
  }

  const copy = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(secret ?? ''))
      .then(
        () => notify.success(t('tokens.copied')),
        () => notify.error(t('tokens.notCopied')),
      );

  const when = (iso: string | null) => (iso ? formatDate(iso) : t('tokens.never'));

  return (
    <section aria-labelledby={`${id}-title`}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Title level={2} id={`${id}-title`} className="settings-card-title">
            {t('tokens.title')}
          </Typography.Title>
          {canEdit ? (
            <Button type="primary" onClick={() => setOpen(true)}>
              {t('tokens.create')}
            </Button>
          ) : null}
        </Flex>
        <Typography.Paragraph type="secondary">{t('tokens.text')}</Typography.Paragraph>
        {canEdit ? null : <Alert type="info" showIcon message={t('tokens.readOnly')} />}
        <QueryState query={tokens}>
          {tokens.data?.tokens.length ? (
            <Table<ProjectTokenView>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={tokens.data.tokens}
              columns={[
                {
                  title: t('tokens.name'),
                  dataIndex: 'name',
                  render: (name: string, row) => (
                    <span>
                      {name} <Typography.Text code>{row.hint}…</Typography.Text>
                    </span>
                  ),
                },
                { title: t('tokens.scopes'), dataIndex: 'scopes', render: (scopes: string[]) => scopes.join(', ') },
                {
                  title: t('tokens.status'),
                  dataIndex: 'state',
                  render: (state: ProjectTokenView['state']) => <Tag color={STATE_COLOR[state]}>{t(`tokens.state.${state}`)}</Tag>,
                },
                { title: t('tokens.lastUsed'), dataIndex: 'lastUsedAt', render: when },
                { title: t('tokens.expires'), dataIndex: 'expiresOn', render: when },
                { title: t('tokens.createdBy'), dataIndex: 'createdByName' },
                {
                  title: '',
                  key: 'actions',
                  render: (_, row) =>
                    canEdit && row.state === 'active' ? (
                      <Popconfirm
                        title={t('tokens.revokeConfirm', { name: row.name })}
                        onConfirm={() => {
                          void revoke.mutateAsync({ params: { id: row.id } }).then(
                            () => notify.success(t('tokens.revoked')),
                            () => undefined,
                          );
                        }}
                      >
                        <Button danger size="small">
                          {t('tokens.revoke')}
                        </Button>
                      </Popconfirm>
                    ) : null,
                },
              ]}
            />
          ) : (
            <Empty description={t('tokens.empty')} />
          )}
        </QueryState>
      </Card>

      <Modal
        open={open}
        title={t('tokens.create')}
        okText={t('tokens.createOk')}
        confirmLoading={create.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form<Draft>
          form={form}
          layout="vertical"
          onFinish={(values) => void submit(values)}
          initialValues={{ scopes: ['import', 'read'], expiresInDays: 90 }}
        >
          <Form.Item name="name" label={t('tokens.name')} rules={[{ required: true, whitespace: true, max: 64 }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="scopes" label={t('tokens.scopes')} rules={[{ required: true, type: 'array', min: 1 }]}>
            <Checkbox.Group options={PROJECT_TOKEN_SCOPES.map((s) => ({ value: s, label: t(`tokens.scope.${s}`) }))} />
          </Form.Item>
          <Form.Item name="expiresInDays" label={t('tokens.days')} rules={[{ required: true }]}>
            <InputNumber min={1} max={365} precision={0} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={secret !== null}
        title={t('tokens.secretTitle')}
        closable={false}
        maskClosable={false}
        destroyOnHidden
        footer={
          <Flex gap={8} justify="end">
            <Button onClick={() => void copy()}>{t('tokens.copy')}</Button>
            <Button type="primary" onClick={() => setSecret(null)}>
              {t('tokens.done')}
            </Button>
          </Flex>
        }
      >
        <Typography.Paragraph>{t('tokens.secretText')}</Typography.Paragraph>
        <Input.TextArea readOnly value={secret ?? ''} aria-label={t('tokens.secretTitle')} autoSize data-testid="token-secret" />
      </Modal>
    </section>
  );
}
