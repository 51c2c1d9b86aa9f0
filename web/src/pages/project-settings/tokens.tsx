import { useOutletContext } from 'react-router';
import { atLeast } from '@shared/access';
import { CliSection } from '../../features/tokens/components/cli-section';
import { TokensPanel } from '../../features/tokens/components/tokens-panel';
import type { ProjectSettingsContext } from './layout';

/** The settings tab "tokens": the project tokens CI and tools call the open API with (issue 26). */
export function Component() {
  const { project } = useOutletContext<ProjectSettingsContext>();
  return (
    <>
      <TokensPanel projectId={project.id} canEdit={atLeast(project.role, 'edit') && project.state === 'active'} />
      <CliSection projectId={project.id} />
    </>
  );
}
