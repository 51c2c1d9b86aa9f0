import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useOutletContext } from 'react-router';
import { atLeast } from '@shared/access';
import { LIMITS } from '@shared/constants';
import { projectName } from '@shared/schemas/project';
import { ConfirmModal } from '../../components/confirm-modal';
import { useProjectChange } from '../../features/projects/api';
import { VisibilityField } from '../../features/projects/components/dialogs';
import { MockSettings } from '../../features/projects/components/mock-settings';
import { showServerError, zodRule } from '../../lib/form';
import { notify } from '../../lib/notify';
import { paths } from '../../paths';
import type { ProjectSettingsContext } from './layout';

interface Values {
  name: string;
  description: string;
  visibility: 'private' | 'public';
}

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { project } = useOutletContext<ProjectSettingsContext>();
  const [form] = Form.useForm<Values>();
  const [confirm, setConfirm] = useState<'archive' | 'delete' | null>(null);
  const update = useProjectChange('project.update');
  const archive = useProjectChange('project.archive');
  const recycle = useProjectChange('project.recycle');
  const canEdit = atLeast(project.role, 'edit') && project.state === 'active';
  const params = { params: { id: project.id } };

  async function submit(values: Values) {
    try {
      await update.mutateAsync({ body: { id: project.id, rev: project.rev, ...values, name: values.name.trim() } });
      notify.success(t('common.saved'));
    } catch (err) {
      showServerError(form, err);
    }
  }

  return (
    <>
      <Card>
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={!canEdit}
          initialValues={{ name: project.name, description: project.description, visibility: project.visibility }}
          onFinish={(v) => void submit(v)}
          className="narrow-form"
        >
          <Form.Item name="name" label={t('projects.name')} rules={[zodRule(projectName)]}>
            <Input />
          </Form.Item>
          <Form.Item name="description" label={t('projects.description')}>
            <Input.TextArea rows={3} maxLength={LIMITS.projectDescription} />
          </Form.Item>
          <VisibilityField />
          {canEdit ? (
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t('common.save')}
            </Button>
          ) : (
            <Alert
              type="info"
              showIcon
              title={project.state === 'archived' ? t('projectSettings.archivedReadOnly') : t('projectSettings.readOnly')}
            />
          )}
        </Form>
      </Card>
      <MockSettings key={project.rev} project={project} canEdit={canEdit} />
      {atLeast(project.role, 'admin') && (
        <section aria-labelledby="danger-zone">
          <Card className="danger-zone">
            <Typography.Title level={2} id="danger-zone">
              {t('projectSettings.dangerZone')}
            </Typography.Title>
            {project.state === 'active' && (
              <Flex className="danger-row" justify="space-between" align="center" gap={16}>
                <div>
                  <strong>{t('projects.archive')}</strong>
                  <Typography.Paragraph type="secondary">{t('projectSettings.archiveText')}</Typography.Paragraph>
                </div>
                <Button onClick={() => setConfirm('archive')}>{t('projects.archive')}</Button>
              </Flex>
            )}
            <Flex className="danger-row" justify="space-between" align="center" gap={16}>
              <div>
                <strong>{t('projects.delete')}</strong>
                <Typography.Paragraph type="secondary">{t('projectSettings.deleteText')}</Typography.Paragraph>
              </div>
              <Button danger type="primary" onClick={() => setConfirm('delete')}>
                {t('projects.delete')}
              </Button>
            </Flex>
          </Card>
        </section>
      )}
      {confirm === 'archive' && (
        <ConfirmModal
          title={t('projects.archive')}
          message={t('projects.archiveConfirm', { name: project.name })}
          okText={t('projects.archive')}
          onConfirm={() => archive.mutateAsync(params).then(() => navigate(paths.dashboard.href({ view: 'archived' })))}
          onClose={() => setConfirm(null)}
        />
      )}
      {confirm === 'delete' && (
        <ConfirmModal
          title={t('projects.delete')}
          message={t('projects.deleteConfirm', { name: project.name })}
          okText={t('projects.delete')}
          danger
          onConfirm={() => recycle.mutateAsync(params).then(() => navigate(paths.dashboard.href({ view: 'recycle' })))}
          onClose={() => setConfirm(null)}
        />
      )}
    </>
  );
}
