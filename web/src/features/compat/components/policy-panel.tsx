/**
 * A project's compatibility policy (issue 35), in its settings: each check at the engine's severity or the
 * project's own (or off), the findings the project accepted with who and why, and the policy's history. Readers
 * see it all; editors change it.
 */
import { Alert, Button, Card, Input, List, Select, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHECKS } from '@shared/compat/checks';
import { POLICY_SEVERITIES, type CompatPolicyView, type PolicyEntry, type PolicySeverity } from '@shared/schemas/compat';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/dates';
import { showServerError } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useCompatPolicy, usePolicyChange } from '../api';
import '../../../i18n/compat';

const DEFAULT = 'default';
const CHECK_LIST = [...CHECKS.values()].sort((a, b) => a.id.localeCompare(b.id));

export function PolicyPanel({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const policy = useCompatPolicy(projectId);
  return <QueryState query={policy}>{policy.data ? <Policy policy={policy.data} canEdit={canEdit} /> : null}</QueryState>;
}

function Policy({ policy, canEdit }: { policy: CompatPolicyView; canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Paragraph>{t('compat.policy.text')}</Typography.Paragraph>
      {canEdit ? null : <Alert type="info" showIcon title={t('compat.policy.readOnly')} />}
      <Severities policy={policy} canEdit={canEdit} />
      <Accepted policy={policy} canEdit={canEdit} />
      <History entries={policy.history} />
    </Space>
  );
}

function Severities({ policy, canEdit }: { policy: CompatPolicyView; canEdit: boolean }) {
  const { t } = useTranslation();
  const save = usePolicyChange('compat.severities');
  const [draft, setDraft] = useState<Record<string, PolicySeverity>>(policy.severities);
  const [search, setSearch] = useState('');
  const rows = useMemo(() => CHECK_LIST.filter((c) => c.id.includes(search.trim().toLowerCase())), [search]);
  const dirty = JSON.stringify(Object.entries(draft).sort()) !== JSON.stringify(Object.entries(policy.severities).sort());
  const label = (s: PolicySeverity | undefined) =>
    !s ? t('compat.policy.noSeverity') : s === 'off' ? t('compat.policy.off') : t(`compat.severities.${s}`);

  async function submit() {
    try {
      await save.mutateAsync({ body: { projectId: policy.projectId, rev: policy.rev, severities: draft } });
      notify.success(t('common.saved'));
    } catch (err) {
      showServerError(null, err);
    }
  }

  return (
    <Card title={t('compat.severity')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.Search
          allowClear
          aria-label={t('compat.policy.search')}
          placeholder={t('compat.policy.search')}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Table
          size="small"
          rowKey="id"
          dataSource={rows}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          scroll={{ x: true }}
          columns={[
            { title: t('compat.check'), dataIndex: 'id', render: (id: string) => <code>{id}</code> },
            {
              title: t('compat.severity'),
              key: 'severity',
              render: (_, check) => (
                <Space wrap>
                  <Select
                    aria-label={check.id}
                    value={draft[check.id] ?? DEFAULT}
                    disabled={!canEdit}
                    style={{ minWidth: 140 }}
                    onChange={(v: string) => {
                      const { [check.id]: _was, ...rest } = draft;
                      setDraft(v === DEFAULT ? rest : { ...rest, [check.id]: v as PolicySeverity });
                    }}
                    options={[
                      { value: DEFAULT, label: t('compat.policy.default', { severity: label(check.severity) }) },
                      ...POLICY_SEVERITIES.map((s) => ({ value: s, label: label(s) })),
                    ]}
                  />
                  {policy.severities[check.id] ? <Tag>{t('compat.policy.changed')}</Tag> : null}
                </Space>
              ),
            },
          ]}
        />
        {canEdit ? (
          <Button type="primary" loading={save.isPending} disabled={!dirty} onClick={() => void submit()}>
            {t('compat.policy.save')}
          </Button>
        ) : null}
      </Space>
    </Card>
  );
}

function Accepted({ policy, canEdit }: { policy: CompatPolicyView; canEdit: boolean }) {
  const { t } = useTranslation();
  const unaccept = usePolicyChange('compat.unaccept');
  async function takeBack(key: string) {
    try {
      await unaccept.mutateAsync({ body: { projectId: policy.projectId, rev: policy.rev, key } });
    } catch (err) {
      showServerError(null, err);
    }
  }
  return (
    <Card title={t('compat.policy.acceptedTitle')} role="region" aria-label={t('compat.policy.acceptedTitle')}>
      <List
        dataSource={policy.accepted}
        locale={{ emptyText: t('compat.policy.noAccepted') }}
        renderItem={(a) => (
          <List.Item
            actions={
              canEdit
                ? [
                    <Button key="undo" size="small" loading={unaccept.isPending} onClick={() => void takeBack(a.key)}>
                      {t('compat.unaccept')}
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <span>
                  <code>{a.check}</code> <span className="muted">{a.field}</span>
                </span>
              }
              description={`${t('compat.acceptedBy', { name: a.byName, reason: a.reason })} · ${formatDate(a.at)}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

function History({ entries }: { entries: PolicyEntry[] }) {
  const { t } = useTranslation();
  const named = (s: PolicySeverity | undefined) =>
    !s ? t('compat.policy.noSeverity') : s === 'off' ? t('compat.policy.off') : t(`compat.severities.${s}`);
  const severity = (e: PolicyEntry) =>
    e.severity === 'default' || !e.severity
      ? t('compat.policy.default', { severity: named(CHECKS.get(e.check)?.severity) })
      : named(e.severity);
  return (
    <Card title={t('compat.policy.historyTitle')} role="region" aria-label={t('compat.policy.historyTitle')}>
      <List
        dataSource={entries}
        locale={{ emptyText: t('compat.policy.noHistory') }}
        renderItem={(e) => (
          <List.Item>
            <span>
              {t(`compat.policy.entry.${e.kind}`, {
                name: e.byName,
                check: e.check,
                field: e.field ?? '',
                reason: e.reason ?? '',
                severity: severity(e),
              })}
            </span>
            <span className="muted">{formatDate(e.at)}</span>
          </List.Item>
        )}
      />
    </Card>
  );
}
