import { useOutletContext } from 'react-router';
import { atLeast } from '@shared/access';
import { ChannelsPanel } from '../../features/channels/components/channels-panel';
import type { ProjectSettingsContext } from './layout';

/** The settings tab "channels": where the project's events are told (issue 38), for its administrators. */
export function Component() {
  const { project } = useOutletContext<ProjectSettingsContext>();
  return (
    <ChannelsPanel owner={{ kind: 'project', id: project.id }} canEdit={atLeast(project.role, 'admin') && project.state === 'active'} />
  );
}
