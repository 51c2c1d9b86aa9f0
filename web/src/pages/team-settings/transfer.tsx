import { Alert, Button, Card, Empty, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { ConfirmModal } from '../../components/confirm-modal';
import { QueryState } from '../../components/query-state';
import { useTeamChange, useTeamMembers } from '../../features/teams/api';
import { notify } from '../../lib/notify';
import type { TeamSettingsContext } from './layout';

/** The owner hands the team to another member and stays on as an administrator. */
export function Component() {
  const { t } = useTranslation();
  const { team, standing, selfId } = useOutletContext<TeamSettingsContext>();
  const members = useTeamMembers(team.id, standing.can.transfer);
  const transfer = useTeamChange('team.transfer');
  const [form] = Form.useForm<{ member: string }>();
  const [chosen, setChosen] = useState<string | null>(null);
  if (!standing.can.transfer) {
    return (
      <Card>
        <Alert type="info" showIcon title={t('teamTransfer.onlyOwner')} />
      </Card>
    );
  }
  const candidates = (members.data?.members ?? []).filter((m) => m.userId !== selfId);
  const name = candidates.find((m) => m.userId === chosen)?.nickname ?? '';
  return (
    <QueryState query={members}>
      <Card>
        {candidates.length ? (
          <>
            <Typography.Paragraph type="secondary">{t('teamTransfer.text')}</Typography.Paragraph>
            <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => setChosen(v.member)} className="narrow-form">
              <Form.Item name="member" label={t('teamTransfer.member')} rules={[{ required: true, message: t('teamTransfer.choose') }]}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('teamTransfer.choose')}
                  options={candidates.map((m) => ({ value: m.userId, label: `${m.nickname} (${t(`teams.roles.${m.role}`)})` }))}
                />
              </Form.Item>
              <Button type="primary" danger htmlType="submit">
                {t('teamTransfer.submit')}
              </Button>
            </Form>
          </>
        ) : (
          <Empty
            description={
              <>
                <strong>{t('teamTransfer.noMembers')}</strong>
                <br />
                {t('teamTransfer.noMembersHint')}
              </>
            }
          />
        )}
      </Card>
      {chosen && (
        <ConfirmModal
          title={t('teamTransfer.submit')}
          message={t('teamTransfer.confirm', { team: team.name, name })}
          okText={t('teamTransfer.submit')}
          danger
          onConfirm={async () => {
            await transfer.mutateAsync({ params: { teamId: team.id, userId: chosen } });
            notify.success(t('teamTransfer.done', { name }));
          }}
          onClose={() => setChosen(null)}
        />
      )}
    </QueryState>
  );
}
