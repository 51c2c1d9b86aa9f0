/**
 * A project's 权限管理 (spec section 2): its members and their roles, people added from the caller's teams,
 * members copied from another project, user groups of the team bound with a role, and invitation links.
 */
import { CopyOutlined, LinkOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { atLeast } from '@shared/access';
import type { ProjectMember, ProjectView } from '@shared/schemas/project';
import { InviteLink } from '../../../components/invite-link';
import { QueryState } from '../../../components/query-state';
import { namedRows, pagedBy, PersonName } from '../../../components/table';
import { formatDate } from '../../../lib/dates';
import { i18n } from '../../../i18n';
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

/*
 * The parts every block of this screen is built from (its members and its groups are two tables of the same kind,
 * adding a person, copying members and binding a group three rows of the same kind), so each block keeps only
 * its own words and calls.
 */

/** A titled block of the screen, with its explanation under the title. */
function AccessSection({
  id,
  level,
  title,
  text,
  children,
}: {
  id: string;
  level: 2 | 3;
  title: string;
  text?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="settings-section">
      <Typography.Title level={level} id={id}>
        {title}
      </Typography.Title>
      {text ? <Typography.Paragraph type="secondary">{text}</Typography.Paragraph> : null}
      {children}
    </section>
  );
}

/** A table row's role (a member's, a group's), changed on the spot. */
function RowRole({ name, value, change }: { name: string; value: AssignableRole; change: (role: AssignableRole) => Promise<unknown> }) {
  const { t } = useTranslation();
  const roleOptions = useRoleOptions();
  return (
    <Select
      size="small"
      className="role-select"
      aria-label={t('access.roleOf', { name })}
      value={value}
      options={roleOptions}
      onChange={(chosen) => void shown(change(chosen), t('access.roleChanged'))}
    />
  );
}

/** The last column of a table for those who manage: a confirmed removal of the row, except where `keep` says. */
function removeColumn<T>(opts: {
  label: string;
  confirm: (row: T) => string;
  remove: (row: T) => Promise<unknown>;
  done: string;
  keep?: (row: T) => boolean;
}) {
  return {
    key: 'actions',
    title: <span className="sr-only">{i18n.t('projects.actions')}</span>,
    width: 100,
    align: 'right' as const,
    render: (_: unknown, row: T) =>
      opts.keep?.(row) ? null : (
        <Popconfirm
          title={opts.confirm(row)}
          okText={opts.label}
          okButtonProps={{ danger: true }}
          cancelText={i18n.t('common.cancel')}
          onConfirm={() => void shown(opts.remove(row), opts.done)}
        >
          <Button size="small" danger>
            {opts.label}
          </Button>
        </Popconfirm>
      ),
  };
}

/**
 * The button of a pick-then-act row: with nothing picked it says what is missing; otherwise it runs, says what it
 * did (the words `run` returns) and clears the pick, or shows the refusal.
 */
async function act<P>(picked: P | undefined, missing: string, run: (picked: P) => Promise<string>, clear: () => void) {
  if (!picked) {
    notify.error(missing);
    return;
  }
  try {
    notify.success(await run(picked));
    clear();
  } catch (error) {
    notify.error(errorMessage(error));
  }
}

/** The project's members; those who manage it change roles (never the creator's) and remove people. */
export function ProjectMemberTable({ project, canManage }: { project: ProjectView; canManage: boolean }) {
  const { t } = useTranslation();
  const members = useProjectMembers(project.id);
  const assign = useMemberChange('member.assign');
  const remove = useMemberChange('member.remove');
  return (
    <AccessSection id="project-members" level={2} title={t('access.members')}>
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
                  <RowRole
                    name={m.nickname}
                    value={role}
                    change={(chosen) => assign.mutateAsync({ params: { projectId: project.id, userId: m.userId, role: chosen } })}
                  />
                );
              },
            },
            { key: 'joined', title: t('teamMembers.joinedAt'), width: 170, render: (_, m) => formatDate(m.joinedAt) },
            ...(canManage
              ? [
                  removeColumn<ProjectMember>({
                    label: t('teamMembers.remove'),
                    confirm: (m) => t('access.removeConfirm', { name: m.nickname }),
                    remove: (m) => remove.mutateAsync({ params: { projectId: project.id, userId: m.userId } }),
                    done: t('teamMembers.removed'),
                    keep: (m) => memberRole(m, project.ownerId) === 'creator',
                  }),
                ]
              : []),
          ]}
        />
      </QueryState>
    </AccessSection>
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

  const add = () =>
    act(
      userId,
      t('error.memberRequired'),
      async (picked) => {
        await assign.mutateAsync({ params: { projectId: project.id, userId: picked, role } });
        return t('access.added');
      },
      () => {
        setUserId(undefined);
        setKeyword('');
      },
    );

  return (
    <AccessSection id="add-member" level={3} title={t('access.add')} text={project.teamId ? t('access.addTeamText') : t('access.addText')}>
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
    </AccessSection>
  );
}

/** Copies the members and roles of another project the caller manages. */
export function CopyMembers({ project }: { project: ProjectView }) {
  const { t } = useTranslation();
  const projects = useEditableProjects();
  const [from, setFrom] = useState<string>();
  const clone = useMemberChange('member.clone');
  const sources = (projects.data ?? []).filter((p) => p.id !== project.id && atLeast(p.role, 'admin'));

  const copy = () =>
    act(
      from,
      t('access.sourceRequired'),
      async (source) => {
        const copied = await clone.mutateAsync({ query: { from: source, to: project.id } });
        return t('access.copied', { count: copied.length });
      },
      () => setFrom(undefined),
    );

  return (
    <AccessSection
      id="copy-members"
      level={3}
      title={t('access.copy')}
      text={project.teamId ? t('access.copyTeamText') : t('access.copyText')}
    >
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
    </AccessSection>
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

  const add = () =>
    act(
      group,
      t('access.groupRequired'),
      async (picked) => {
        await bind.mutateAsync({ params: { projectId: project.id, groupId: picked, role } });
        return t('access.bound');
      },
      () => setGroup(undefined),
    );

  return (
    <AccessSection id="group-bindings" level={2} title={t('access.groups')} text={t('access.groupsText')}>
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
                    <RowRole
                      name={b.name}
                      value={b.role}
                      change={(chosen) => bind.mutateAsync({ params: { projectId: project.id, groupId: b.groupId, role: chosen } })}
                    />
                  ) : (
                    <Tag>{t(`access.roles.${b.role}`)}</Tag>
                  ),
              },
              ...(canManage
                ? [
                    removeColumn<(typeof bound)[number]>({
                      label: t('access.unbind'),
                      confirm: (b) => t('access.unbindConfirm', { name: b.name }),
                      remove: (b) => unbind.mutateAsync({ params: { projectId: project.id, groupId: b.groupId } }),
                      done: t('access.unbound'),
                    }),
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
    </AccessSection>
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
    <AccessSection
      id="project-invite"
      level={2}
      title={t('access.invite')}
      text={project.teamId ? t('access.inviteTeamText') : t('access.inviteText')}
    >
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
    </AccessSection>
  );
}
