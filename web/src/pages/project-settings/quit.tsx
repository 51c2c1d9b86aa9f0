import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useOutletContext } from 'react-router';
import { ConfirmDialog, PROJECT_LISTS } from '../../features/projects/dialogs';
import { useApiMutation } from '../../lib/api';
import type { ProjectSettingsContext } from './layout';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { project } = useOutletContext<ProjectSettingsContext>();
  const quit = useApiMutation('project.quit', { invalidates: PROJECT_LISTS });
  const [confirm, setConfirm] = useState(false);
  if (project.role === 'creator') return <div className="panel"><p className="muted">{t('error.creatorCannotQuit')}</p></div>;
  return (
    <div className="panel">
      <p className="muted">{t('projectQuit.text')}</p>
      <button type="button" className="button button-danger" onClick={() => setConfirm(true)}>
        {t('projectSettings.quit')}
      </button>
      {confirm && (
        <ConfirmDialog
          title={t('projectSettings.quit')}
          message={t('projectQuit.confirm', { name: project.name })}
          confirmLabel={t('projectSettings.quit')}
          danger
          onConfirm={() => quit.mutateAsync({ params: { id: project.id } }).then(() => navigate('/dashboard'))}
          onClose={() => setConfirm(false)}
        />
      )}
    </div>
  );
}
