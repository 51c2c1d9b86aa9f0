/** Share management as both the settings tab and the workspace page show it: the share list, on the project's tree. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectView } from '@shared/schemas/project';
import { useDocumentTree } from '../../features/documents/api';
import { DocumentPicker } from '../../features/documents/components/document-picker';
import { displayName } from '../../features/documents/lib/kinds';
import { nodesById } from '../../features/documents/lib/tree-ids';
import { ShareManager } from '../../features/shares/components/share-manager';

export function ProjectShares({ project }: { project: ProjectView }) {
  const { t } = useTranslation();
  const tree = useDocumentTree(project.id);
  const byId = useMemo(() => nodesById(tree.data ?? []), [tree.data]);
  return (
    <ShareManager
      project={project}
      nameOf={(id) => {
        const node = byId.get(id);
        return node && displayName(node.name, t);
      }}
      picker={(version) => (
        <DocumentPicker key={version ?? ''} projectId={project.id} version={version} placeholder={t('shares.wholeProjectHint')} />
      )}
    />
  );
}
