import { useOutletContext } from 'react-router';
import { atLeast } from '@shared/access';
import { PolicyPanel } from '../../features/compat/components/policy-panel';
import type { ProjectSettingsContext } from './layout';

/** The settings tab "compat": the project's compatibility policy (issue 35); readers see it, editors change it. */
export function Component() {
  const { project } = useOutletContext<ProjectSettingsContext>();
  return <PolicyPanel projectId={project.id} canEdit={atLeast(project.role, 'edit') && project.state === 'active'} />;
}
