/** The project name in the workspace's top bar; for a signed-in reader it opens a list of their projects. */
import { AppstoreOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../paths';
import { useProjectSearch } from '../api';

export function ProjectSwitcher({ projectId, name, signedIn }: { projectId: string; name: string; signedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The list loads when the menu first opens, not with the page: the workspace has slower reads to wait for.
  const [wanted, setWanted] = useState(false);
  const projects = useProjectSearch('', signedIn && wanted);
  if (!signedIn)
    return (
      <Typography.Text strong className="project-name">
        {name}
      </Typography.Text>
    );
  const others = (projects.data ?? []).filter((p) => p.state === 'active').slice(0, 30);
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={(open) => open && setWanted(true)}
      menu={{
        selectable: true,
        selectedKeys: [projectId],
        items: [
          ...others.map((p) => ({ key: p.id, label: p.name })),
          { type: 'divider' as const },
          { key: '__all', icon: <AppstoreOutlined aria-hidden />, label: t('workspace.allProjects') },
        ],
        onClick: ({ key }) => void navigate(key === '__all' ? paths.dashboard.href() : paths.project.href(key)),
      }}
    >
      <Button type="text" className="project-name">
        <strong>{name}</strong>
        <span className="sr-only"> · {t('workspace.switchProject')}</span>
        <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
