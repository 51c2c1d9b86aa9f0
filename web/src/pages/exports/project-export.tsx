/** The export panel as both the settings tab and the workspace pages show it: with the project's tree and releases. */
import { DocumentPicker } from '../../features/documents/components/document-picker';
import { ExportPanel, type ExportScope } from '../../features/exports/components/export-panel';
import { useReleases } from '../../features/shares/api';

export function ProjectExport({ projectId, initialScope }: { projectId: string; initialScope?: ExportScope }) {
  const releases = useReleases(projectId);
  return (
    <ExportPanel projectId={projectId} initialScope={initialScope} picker={<DocumentPicker projectId={projectId} />} releases={releases} />
  );
}
