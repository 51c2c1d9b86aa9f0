/**
 * A scenario's schedules (issue 36): a cron expression and time zone per environment, when each fires next, or that
 * it is disabled and why. Editors add one (saving for an environment that has one replaces it) and delete one; the
 * server checks the cron and time zone, and its messages show under their fields.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Form, Input, Popconfirm, Select, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduleView } from '@shared/schemas/scenario-schedule';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/dates';
import { showServerError } from '../../../lib/form';
import { useScheduleChange, useSchedules } from '../api';

const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** The time zones this browser knows (IANA names), with the default and UTC always among them. */
const timeZones = () => [...new Set([DEFAULT_TIME_ZONE, 'UTC', ...Intl.supportedValuesOf('timeZone')])];

interface NewSchedule {
  cron: string;
  timeZone: string;
  environmentId: string;
}

interface Environment {
  id: string;
  name: string;
}

/** `environments`: the project's (the page reads them), undefined while they load. */
export function ScheduleList(props: { scenarioId: string; environments: readonly Environment[] | undefined; canEdit: boolean }) {
  const { scenarioId, environments, canEdit } = props;
  const { t } = useTranslation();
  const schedules = useSchedules(scenarioId);
  const envName = (id: string) => environments?.find((e) => e.id === id)?.name ?? '—';
  const remove = useScheduleChange('scenarioSchedule.delete');
  const list = schedules.data ?? [];
  return (
    <div className="scenario-steps">
      {/* The form starts on the first environment: it waits for the list. */}
      {canEdit && environments ? <AddSchedule scenarioId={scenarioId} environments={environments} /> : null}
      <QueryState query={schedules}>
        {list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scenario.schedules.empty')} />
        ) : (
          <Table<ScheduleView>
            size="small"
            rowKey="id"
            dataSource={list}
            pagination={false}
            aria-label={t('scenario.schedules.title')}
            columns={[
              { key: 'cron', title: t('scenario.schedules.cron'), render: (_, s) => <code>{s.cron}</code> },
              { key: 'zone', title: t('scenario.schedules.timeZone'), render: (_, s) => s.timeZone },
              { key: 'env', title: t('scenario.schedules.environment'), render: (_, s) => envName(s.environmentId) },
              {
                key: 'next',
                title: t('scenario.schedules.next'),
                render: (_, s) =>
                  s.enabled ? (
                    formatDate(s.nextAt) || '—'
                  ) : (
                    <Tag color="warning">
                      {t('scenario.schedules.disabled', {
                        reason: s.disabledReason ? t(`scenario.schedules.reasons.${s.disabledReason}`) : t('scenario.schedules.off'),
                      })}
                    </Tag>
                  ),
              },
              ...(canEdit
                ? [
                    {
                      key: 'actions',
                      title: '',
                      render: (_: unknown, s: ScheduleView) => (
                        <Popconfirm
                          title={t('scenario.schedules.deleteConfirm', { cron: s.cron })}
                          okText={t('scenario.schedules.delete')}
                          okButtonProps={{ danger: true }}
                          cancelText={t('common.cancel')}
                          onConfirm={() =>
                            void remove.mutateAsync({ query: { id: s.id } }).catch((error: unknown) => showServerError(null, error))
                          }
                        >
                          <Button
                            size="small"
                            danger
                            icon={<DeleteOutlined aria-hidden />}
                            aria-label={t('scenario.schedules.deleteOf', { cron: s.cron })}
                          >
                            {t('scenario.schedules.delete')}
                          </Button>
                        </Popconfirm>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </QueryState>
    </div>
  );
}

function AddSchedule({ scenarioId, environments }: { scenarioId: string; environments: readonly Environment[] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewSchedule>();
  const save = useScheduleChange('scenarioSchedule.save');
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z })), []);
  const submit = (values: NewSchedule) =>
    save.mutateAsync({ body: { scenarioId, ...values, enabled: true } }).then(
      () => form.resetFields(['cron']),
      (error: unknown) => showServerError(form, error),
    );
  return (
    <Form<NewSchedule>
      form={form}
      layout="inline"
      aria-label={t('scenario.schedules.add')}
      initialValues={{ cron: '', timeZone: DEFAULT_TIME_ZONE, environmentId: environments[0]?.id }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="cron"
        label={t('scenario.schedules.cron')}
        extra={t('scenario.schedules.cronHint')}
        rules={[{ required: true, whitespace: true, message: t('scenario.schedules.cronRequired') }]}
      >
        <Input placeholder="0 9 * * 1-5" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="timeZone" label={t('scenario.schedules.timeZone')} rules={[{ required: true }]}>
        <Select showSearch options={zones} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="environmentId"
        label={t('scenario.schedules.environment')}
        rules={[{ required: true, message: t('scenario.schedules.environmentRequired') }]}
      >
        <Select
          style={{ width: 180 }}
          options={environments.map((e) => ({ value: e.id, label: e.name }))}
          notFoundContent={t('scenario.schedules.noEnvironments')}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined aria-hidden />} loading={save.isPending}>
          {t('scenario.schedules.add')}
        </Button>
      </Form.Item>
    </Form>
  );
}
