/**
 * A project's 权限管理 (spec section 2): its members and their roles, people added from the caller's teams,
 * members copied from another project, user groups of the team bound with a role, and invitation links.
 */
import { CopyOutlined, LinkOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { atLeast } from '@shared/access';
import type { ProjectMember, ProjectView } from '@shared/schemas/project';
import { InviteLink } from '../../../components/invite-link';
import { QueryState } from '../../../components/query-state';
import { namedRows, pagedBy, PersonName } from '../../../components/table';
import { formatDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useEditableProjects, useMemberChange, useProjectMembers, useTeamMembers, useVisibleUsers } from '../api';
import { inviteLink } from '../lib/invitations';
import { ASSIGNABLE_ROLES, memberRole, type AssignableRole } from '../lib/permissions';

const shown = (promise: Promise<unknown>, success: string) =>
  promise.then(
    () => notify.success(success),
    (error: unknown) => notify.error(errorMessage(error)),
  );

function useRoleOptions(roles: readonly AssignableRole[] = ASSIGNABLE_ROLES) {
  const { t } = useTranslation();
  return roles.map((role) => ({ value: role, label: t(`access.roles.${role}`) }));
}

/** The project's members; those who manage it change roles (never the creator's) and remove people. */
export function ProjectMemberTable({ project, canManage }: { project: ProjectView; canManage: boolean }) {
  const { t } = useTranslation();
  const members = useProjectMembers(project.id);
  const assign = useMemberChange('member.assign');
  const remove = useMemberChange('member.remove');
  const roleOptions = useRoleOptions();
  return (
    <section aria-labelledby="project-members" className="settings-section">
      <Typography.Title level={2} id="project-members">
        {t('access.members')}
      </Typography.Title>
      <QueryState query={members}>
        <Table<ProjectMember>
          size="small"
          rowKey="userId"
          pagination={pagedBy(members.data?.length ?? 0)}
          dataSource={members.data ?? []}
          onRow={namedRows((m) => m.nickname)}
          columns={[
            {
              key: 'name',
              title: t('teamMembers.name'),
              render: (_, m) => <PersonName nickname={m.nickname} avatar={m.avatar} />,
            },
            {
              key: 'role',
              title: t('access.role'),
              width: 170,
              render: (_, m) => {
                const role = memberRole(m, project.ownerId);
                if (role === 'creator') return <Tag className="tag-owner">{t('projects.roles.creator')}</Tag>;
                if (!canManage) return <Tag>{t(`access.roles.${role}`)}</Tag>;
                return (
                  <Select
                    size="small"
                    className="role-select"
                    aria-label={t('access.roleOf', { name: m.nickname })}
                    value={role}
                    options={roleOptions}
                    onChange={(chosen) =>
                      void shown(
                        assign.mutateAsync({ params: { projectId: project.id, userId: m.userId, role: chosen } }),
                        t('access.roleChanged'),
                      )
                    }
                  />
                );
              },
            },
            { key: 'joined', title: t('teamMembers.joinedAt'), width: 170, render: (_, m) => formatDate(m.joinedAt) },
            ...(canManage
              ? [
                  {
                    key: 'actions',
                    title: <span className="sr-only">{t('projects.actions')}</span>,
                    width: 100,
                    align: 'right' as const,
                    render: (_: unknown, m: ProjectMember) =>
                      memberRole(m, project.ownerId) === 'creator' ? null : (
                        <Popconfirm
                          title={t('access.removeConfirm', { name: m.nickname })}
                          okText={t('teamMembers.remove')}
                          okButtonProps={{ danger: true }}
                          cancelText={t('common.cancel')}
                          onConfirm={() =>
                            void shown(
                              remove.mutateAsync({ params: { projectId: project.id, userId: m.userId } }),
                              t('teamMembers.removed'),
                            )
                          }
                        >
                          <Button size="small" danger>
                            {t('teamMembers.remove')}
                          </Button>
                        </Popconfirm>
                      ),
                  },
                ]
              : []),
          ]}
        />
      </QueryState>
    </section>
  );
}

/** Waits for typing to pause before searching. */
function useSettled(value: string, ms = 250) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Adds someone from the caller's teams (a team project: from its team) with a role. */
export function AddMember({ project, memberIds }: { project: ProjectView; memberIds: string[] }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [userId, setUserId] = useState<string>();
  const [role, setRole] = useState<AssignableRole>('view');
  const search = useSettled(keyword.trim());
  const people = useVisibleUsers(search);
  const assign = useMemberChange('member.assign');
  const roleOptions = useRoleOptions(['edit', 'view']);
  const candidates = (people.data ?? []).filter((u) => !memberIds.includes(u.userId));

  async function add() {
    if (!userId) {
      notify.error(t('error.memberRequired'));
      return;
    }
    try {
      await assign.mutateAsync({ params: { projectId: project.id, userId, role } });
      notify.success(t('access.added'));
      setUserId(undefined);
      setKeyword('');
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }

  return (
    <section aria-labelledby="add-member" className="settings-section">
      <Typography.Title level={3} id="add-member">
        {t('access.add')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{project.teamId ? t('access.addTeamText') : t('access.addText')}</Typography.Paragraph>
      <Flex gap={8} wrap>
        <Select
          showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
          className="people-select"
          aria-label={t('access.person')}
          placeholder={t('access.personPlaceholder')}
          value={userId}
          onChange={setUserId}
          loading={people.isFetching}
          notFoundContent={people.isFetching ? t('common.loading') : t('access.nobody')}
          options={candidates.map((u) => ({
            value: u.userId,
            label: [u.nickname, u.email ?? u.phone].filter(Boolean).join(' · '),
          }))}
        />
        <Select aria-label={t('access.role')} className="role-select" value={role} onChange={setRole} options={roleOptions} />
        <Button type="primary" icon={<UserAddOutlined aria-hidden />} loading={assign.isPending} onClick={() => void add()}>
          {t('access.addButton')}
        </Button>
      </Flex>
    </section>
  );
}

/** Copies the members and roles of another project the caller manages. */
export function CopyMembers({ project }: { project: ProjectView }) {
  const { t } = useTranslation();
  const projects = useEditableProjects();
  const [from, setFrom] = useState<string>();
  const clone = useMemberChange('member.clone');
  const sources = (projects.data ?? []).filter((p) => p.id !== project.id && atLeast(p.role, 'admin'));

  async function copy() {
    if (!from) {
      notify.error(t('access.sourceRequired'));
      return;
    }
    try {
      const copied = await clone.mutateAsync({ query: { from, to: project.id } });
      notify.success(t('access.copied', { count: copied.length }));
      setFrom(undefined);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }

  return (
    <section aria-labelledby="copy-members" className="settings-section">
      <Typography.Title level={3} id="copy-members">
        {t('access.copy')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{project.teamId ? t('access.copyTeamText') : t('access.copyText')}</Typography.Paragraph>
      <Flex gap={8} wrap>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          className="people-select"
          aria-label={t('access.source')}
          placeholder={t('access.sourcePlaceholder')}
          loading={projects.isPending}
          value={from}
          onChange={setFrom}
          notFoundContent={t('access.noSources')}
          options={sources.map((p) => ({ value: p.id, label: p.name }))}
        />
        <Button icon={<CopyOutlined aria-hidden />} loading={clone.isPending} onClick={() => void copy()}>
          {t('access.copyButton')}
        </Button>
      </Flex>
    </section>
  );
}

/** User groups of the project's team bound to it with a role; unbinding leaves the group's people as they were. */
export function GroupBindings({ project, teamId, canManage }: { project: ProjectView; teamId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const team = useTeamMembers(teamId);
  const bind = useMemberChange('group.bind');
  const unbind = useMemberChange('group.unbind');
  const roleOptions = useRoleOptions();
  const [group, setGroup] = useState<string>();
  const [role, setRole] = useState<AssignableRole>('view');
  const groups = team.data?.groups ?? [];
  const bound = Object.entries(project.groupRoles).map(([groupId, groupRole]) => ({
    groupId,
    role: groupRole,
    name: groups.find((g) => g.id === groupId)?.name ?? '',
    memberCount: groups.find((g) => g.id === groupId)?.memberCount ?? 0,
  }));
  const unbound = groups.filter((g) => !(g.id in project.groupRoles));

  async function add() {
    if (!group) {
      notify.error(t('access.groupRequired'));
      return;
    }
    try {
      await bind.mutateAsync({ params: { projectId: project.id, groupId: group, role } });
      notify.success(t('access.bound'));
      setGroup(undefined);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }

  return (
    <section aria-labelledby="group-bindings" className="settings-section">
      <Typography.Title level={2} id="group-bindings">
        {t('access.groups')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('access.groupsText')}</Typography.Paragraph>
      <QueryState query={team}>
        {bound.length ? (
          <Table
            size="small"
            rowKey="groupId"
            pagination={false}
            dataSource={bound}
            onRow={namedRows((b) => b.name)}
            columns={[
              { key: 'name', title: t('groups.name'), render: (_, b) => b.name },
              { key: 'members', title: t('groups.memberCount'), width: 110, render: (_, b) => b.memberCount },
              {
                key: 'role',
                title: t('access.role'),
                width: 170,
                render: (_, b) =>
                  canManage ? (
                    <Select
                      size="small"
                      className="role-select"
                      aria-label={t('access.roleOf', { name: b.name })}
                      value={b.role}
                      options={roleOptions}
                      onChange={(chosen) =>
                        void shown(
                          bind.mutateAsync({ params: { projectId: project.id, groupId: b.groupId, role: chosen } }),
                          t('access.roleChanged'),
                        )
                      }
                    />
                  ) : (
                    <Tag>{t(`access.roles.${b.role}`)}</Tag>
                  ),
              },
              ...(canManage
                ? [
                    {
                      key: 'actions',
                      title: <span className="sr-only">{t('projects.actions')}</span>,
                      width: 100,
                      align: 'right' as const,
                      render: (_: unknown, b: (typeof bound)[number]) => (
                        <Popconfirm
                          title={t('access.unbindConfirm', { name: b.name })}
                          okText={t('access.unbind')}
                          okButtonProps={{ danger: true }}
                          cancelText={t('common.cancel')}
                          onConfirm={() =>
                            void shown(unbind.mutateAsync({ params: { projectId: project.id, groupId: b.groupId } }), t('access.unbound'))
                          }
                        >
                          <Button size="small" danger>
                            {t('access.unbind')}
                          </Button>
                        </Popconfirm>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('access.noBindings')} />
        )}
        {canManage &&
          (groups.length ? (
            <Flex gap={8} wrap className="bind-row">
              <Select
                className="group-select"
                aria-label={t('access.group')}
                placeholder={t('access.groupPlaceholder')}
                value={group}
                onChange={setGroup}
                notFoundContent={t('access.allBound')}
                options={unbound.map((g) => ({ value: g.id, label: g.name }))}
              />
              <Select aria-label={t('access.groupRole')} className="role-select" value={role} onChange={setRole} options={roleOptions} />
              <Button type="primary" loading={bind.isPending} onClick={() => void add()}>
                {t('access.bind')}
              </Button>
            </Flex>
          ) : (
            <Typography.Paragraph type="secondary">{t('access.noGroups')}</Typography.Paragraph>
          ))}
      </QueryState>
    </section>
  );
}

/** Makes a link that joins the project with a role, valid one hour. */
export function ProjectInvite({ project }: { project: ProjectView }) {
  const { t } = useTranslation();
  const [role, setRole] = useState<'edit' | 'view'>('view');
  const [link, setLink] = useState<{ url: string; expiresAt: string }>();
  const invite = useMemberChange('project.invite');
  const roleOptions = useRoleOptions(['edit', 'view']) as { value: 'edit' | 'view'; label: string }[];

  async function make() {
    try {
      const made = await invite.mutateAsync({ params: { projectId: project.id, role } });
      setLink({ url: inviteLink(location.origin, 'project', made.code), expiresAt: made.expiresAt });
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }

  return (
    <section aria-labelledby="project-invite" className="settings-section">
      <Typography.Title level={2} id="project-invite">
        {t('access.invite')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{project.teamId ? t('access.inviteTeamText') : t('access.inviteText')}</Typography.Paragraph>
      <Space wrap>
        <Select
          aria-label={t('access.inviteRole')}
          className="role-select"
          value={role}
          onChange={(value) => {
            setRole(value);
            setLink(undefined);
          }}
          options={roleOptions}
        />
        <Button type="primary" icon={<LinkOutlined aria-hidden />} loading={invite.isPending} onClick={() => void make()}>
          {t('invite.make')}
        </Button>
      </Space>
      {link ? <InviteLink url={link.url} expiresAt={link.expiresAt} /> : null}
    </section>
  );
}
