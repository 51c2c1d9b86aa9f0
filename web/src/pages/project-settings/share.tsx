import { Card } from 'antd';
import { useOutletContext } from 'react-router';
import { ProjectShares } from '../shares/manage';
import type { ProjectSettingsContext } from './layout';

/** The settings tab "share list": the project's share links. */
export function Component() {
  const { project } = useOutletContext<ProjectSettingsContext>();
  return (
    <Card>
      <ProjectShares project={project} />
    </Card>
  );
}
