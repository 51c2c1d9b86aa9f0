import { atLeast } from '@shared/access';
import { Button, Card, Empty, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { Alert } from 'antd';
import { PageLoading } from '../../components/page-loading';
import { useProjectChange, useProjectMembers } from '../../features/projects/api';
import { showServerError } from '../../lib/form';
import { notify } from '../../lib/notify';
import type { ProjectSettingsContext } from './layout';

export function Component() {
  const { t } = useTranslation();
  const { project } = useOutletContext<ProjectSettingsContext>();
  const members = useProjectMembers(project.id);
  const transfer = useProjectChange('project.transfer', ['project.members']);
  const [form] = Form.useForm<{ member: string }>();
  if (!atLeast(project.role, 'creator')) {
    return (
      <Card>
        <Alert type="info" showIcon title={t('transfer.onlyCreator')} />
      </Card>
    );
  }
  if (members.isPending) return <PageLoading />;
  const candidates = (members.data ?? []).filter((m) => m.userId !== project.ownerId);
  if (!candidates.length) {
    return (
      <Card>
        <Empty
          description={
            <>
              <strong>{t('transfer.noMembers')}</strong>
              <br />
              {t('transfer.noMembersHint')}
            </>
          }
        />
      </Card>
    );
  }

  async function submit({ member }: { member: string }) {
    try {
      await transfer.mutateAsync({ params: { projectId: project.id, userId: member } });
      notify.success(t('transfer.done'));
    } catch (err) {
      showServerError(form, err, { atField: 'member' });
    }
  }
  return (
    <Card>
      <Typography.Paragraph type="secondary">{t('transfer.text')}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} className="narrow-form">
        <Form.Item name="member" label={t('transfer.member')} rules={[{ required: true, message: t('error.memberRequired') }]}>
          <Select
            placeholder={t('transfer.choose')}
            options={candidates.map((m) => ({ value: m.userId, label: `${m.nickname} (${t(`projects.roles.${m.role}`)})` }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={transfer.isPending}>
          {t('transfer.submit')}
        </Button>
      </Form>
    </Card>
  );
}
