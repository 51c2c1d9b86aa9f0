import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { atLeast } from '@shared/access';
import { SyncPanel } from '../../features/tokens/components/sync-panel';
import '../../i18n/tokens';
import type { ProjectSettingsContext } from './layout';

/** The settings tab "sync": the project's last imports, by person or token (issue 26). Editors only, as imports are. */
export function Component() {
  const { t } = useTranslation();
  const { project } = useOutletContext<ProjectSettingsContext>();
  if (!atLeast(project.role, 'edit')) return <Alert type="info" showIcon message={t('tokens.readOnly')} />;
  return <SyncPanel projectId={project.id} />;
}
