import { atLeast } from '@shared/access';
import { Alert, Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useOutletContext } from 'react-router';
import { ConfirmModal } from '../../components/confirm-modal';
import { useProjectChange } from '../../features/projects/api';
import { paths } from '../../paths';
import type { ProjectSettingsContext } from './layout';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { project } = useOutletContext<ProjectSettingsContext>();
  const quit = useProjectChange('project.quit');
  const [confirm, setConfirm] = useState(false);
  if (atLeast(project.role, 'creator')) {
    return (
      <Card>
        <Alert type="info" showIcon title={t('error.creatorCannotQuit')} />
      </Card>
    );
  }
  return (
    <Card>
      <Typography.Paragraph type="secondary">{t('projectQuit.text')}</Typography.Paragraph>
      <Button danger type="primary" onClick={() => setConfirm(true)}>
        {t('projectSettings.quit')}
      </Button>
      {confirm && (
        <ConfirmModal
          title={t('projectSettings.quit')}
          message={t('projectQuit.confirm', { name: project.name })}
          okText={t('projectSettings.quit')}
          danger
          onConfirm={() => quit.mutateAsync({ params: { id: project.id } }).then(() => navigate(paths.dashboard.href()))}
          onClose={() => setConfirm(false)}
        />
      )}
    </Card>
  );
}
