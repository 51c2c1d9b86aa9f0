import { ArrowLeftOutlined, ImportOutlined } from '@ant-design/icons';
import { Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { atLeast } from '@shared/access';
import type { ProjectView } from '@shared/schemas/project';
import { LinkButton } from '../../components/link-button';
import { QueryState } from '../../components/query-state';
import { useProject } from '../../features/projects/api';
import { useTitle } from '../../lib/title';
import { ADMIN_SETTINGS_TABS, paths, SETTINGS_TABS, type SettingsTab } from '../../paths';

export interface ProjectSettingsContext {
  project: ProjectView;
}

/** Project settings (spec section 2): info, authority, share list, export, numbering style, transfer, quit. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { id = '' } = useParams();
  const project = useProject(id);
  const active = SETTINGS_TABS.find((tab) => pathname.endsWith(`/${tab}`)) ?? 'info';
  useTitle(t(`projectSettings.${active}`), project.data?.name, t('projectSettings.title'));
  return (
    <QueryState query={project}>
      {project.data ? (
        <section className="settings">
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Title level={1}>
              {t('projectSettings.title')} · {project.data.name}
            </Typography.Title>
            <Flex gap={8} wrap>
              {project.data.state === 'active' && atLeast(project.data.role, 'edit') ? (
                <LinkButton to={paths.importPage.href({ projectId: id })} icon={<ImportOutlined aria-hidden />}>
                  {t('projects.importInto')}
                </LinkButton>
              ) : null}
              <LinkButton to={paths.project.href(id)} icon={<ArrowLeftOutlined aria-hidden />}>
                {t('projectSettings.backToProject')}
              </LinkButton>
            </Flex>
          </Flex>
          <Tabs
            activeKey={active}
            onChange={(key) => void navigate(paths.projectSettings.href(id, key as SettingsTab))}
            items={SETTINGS_TABS.filter((tab) => atLeast(project.data.role, 'admin') || !ADMIN_SETTINGS_TABS.includes(tab)).map((tab) => ({
              key: tab,
              label: t(`projectSettings.${tab}`),
            }))}
          />
          <Outlet context={{ project: project.data } satisfies ProjectSettingsContext} />
        </section>
      ) : null}
    </QueryState>
  );
}
