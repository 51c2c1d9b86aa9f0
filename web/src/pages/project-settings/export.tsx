import { Card } from 'antd';
import { useOutletContext } from 'react-router';
import { ProjectExport } from '../exports/project-export';
import type { ProjectSettingsContext } from './layout';

/** The settings tab "export": the project exported to a file. */
export function Component() {
  const { project } = useOutletContext<ProjectSettingsContext>();
  return (
    <Card>
      <ProjectExport projectId={project.id} />
    </Card>
  );
}
