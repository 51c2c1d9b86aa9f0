/** The team's members page: invitation links, user groups, and the member table with what the caller may change. */
import { DeleteOutlined, EditOutlined, LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, List, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GroupView, TeamMemberView, TeamStanding } from '@shared/schemas/team';
import { InviteLink } from '../../../components/invite-link';
import { QueryState } from '../../../components/query-state';
import { namedRows, pagedBy, PersonName } from '../../../components/table';
import { formatDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { paths } from '../../../paths';
import { useMemberProjects, useTeamChange } from '../api';
import { inviteLink } from '../lib/invitations';
import { teamMemberActions } from '../lib/permissions';
import { GroupDialog } from './team-dialogs';

/** Runs a change and says how it went. */
const shown = (promise: Promise<unknown>, success: string) =>
  promise.then(
    () => notify.success(success),
    (error: unknown) => notify.error(errorMessage(error)),
  );

const NO_GROUP = '0';

/** Makes a link that joins the team (into a group, if one is chosen), valid one hour. */
export function TeamInvite({ teamId, groups }: { teamId: string; groups: GroupView[] }) {
  const { t } = useTranslation();
  const [group, setGroup] = useState<string>(NO_GROUP);
  const [link, setLink] = useState<{ url: string; expiresAt: string }>();
  const invite = useTeamChange('team.invite');
  const inviteToGroup = useTeamChange('team.inviteToGroup');
  const busy = invite.isPending || inviteToGroup.isPending;

  async function make() {
    try {
      const made =
        group === NO_GROUP
          ? await invite.mutateAsync({ params: { teamId } })
          : await inviteToGroup.mutateAsync({ params: { teamId, groupId: group } });
      setLink({ url: inviteLink(location.origin, 'team', made.code), expiresAt: made.expiresAt });
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }

  return (
    <section aria-labelledby="team-invite" className="settings-section">
      <Typography.Title level={2} id="team-invite">
        {t('teamMembers.invite')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('teamMembers.inviteText')}</Typography.Paragraph>
      <Flex gap={8} wrap align="center">
        <label htmlFor="invite-group" className="inline-label">
          {t('teamMembers.inviteGroup')}
        </label>
        <Select
          id="invite-group"
          className="group-select"
          value={group}
          onChange={(value) => {
            setGroup(value);
            setLink(undefined);
          }}
          options={[{ value: NO_GROUP, label: t('groups.none') }, ...groups.map((g) => ({ value: g.id, label: g.name }))]}
        />
        <Button type="primary" icon={<LinkOutlined aria-hidden />} loading={busy} onClick={() => void make()}>
          {t('invite.make')}
        </Button>
      </Flex>
      {link ? <InviteLink url={link.url} expiresAt={link.expiresAt} /> : null}
    </section>
  );
}

/** The team's user groups: created, renamed and deleted by the owner and administrators. */
export function GroupList({ teamId, groups, canManage }: { teamId: string; groups: GroupView[]; canManage: boolean }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<{ group?: GroupView } | null>(null);
  const remove = useTeamChange('team.groupDelete', ['project.get']);
  return (
    <section aria-labelledby="team-groups" className="settings-section">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={2} id="team-groups">
          {t('groups.title')}
        </Typography.Title>
        {canManage && (
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({})}>
            {t('groups.create')}
          </Button>
        )}
      </Flex>
      {groups.length ? (
        <Table<GroupView>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={groups}
          aria-label={t('groups.title')}
          onRow={namedRows((g) => g.name)}
          columns={[
            { key: 'name', title: t('groups.name'), render: (_, g) => g.name },
            { key: 'members', title: t('groups.memberCount'), width: 120, render: (_, g) => g.memberCount },
            ...(canManage
              ? [
                  {
                    key: 'actions',
                    title: <span className="sr-only">{t('projects.actions')}</span>,
                    width: 200,
                    align: 'right' as const,
                    render: (_: unknown, g: GroupView) => (
                      <Space size={4}>
                        <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => setDialog({ group: g })}>
                          {t('projects.rename')}
                        </Button>
                        <Popconfirm
                          title={t('groups.deleteConfirm', { name: g.name })}
                          okText={t('projects.delete')}
                          okButtonProps={{ danger: true }}
                          cancelText={t('common.cancel')}
                          onConfirm={() => void shown(remove.mutateAsync({ params: { teamId, groupId: g.id } }), t('groups.deleted'))}
                        >
                          <Button size="small" danger icon={<DeleteOutlined aria-hidden />}>
                            {t('projects.delete')}
                          </Button>
                        </Popconfirm>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('groups.empty')} />
      )}
      {dialog && <GroupDialog teamId={teamId} group={dialog.group} onClose={() => setDialog(null)} />}
    </section>
  );
}

/** The team projects one member reaches, with the role and how they reach it. */
function MemberProjects({ teamId, memberId }: { teamId: string; memberId: string }) {
  const { t } = useTranslation();
  const projects = useMemberProjects(teamId, memberId);
  return (
    <QueryState query={projects}>
      {projects.data?.length ? (
        <List
          size="small"
          dataSource={projects.data}
          renderItem={(p) => (
            <List.Item>
              <Link to={paths.project.href(p.projectId)}>{p.name}</Link>
              <span>
                <Tag>{t(`projects.roles.${p.role}`, { defaultValue: p.role })}</Tag>
                <span className="muted">{t(`teamMembers.via.${p.via}`)}</span>
              </span>
            </List.Item>
          )}
        />
      ) : (
        <Typography.Text type="secondary">{t('teamMembers.noProjects')}</Typography.Text>
      )}
    </QueryState>
  );
}

interface TeamMemberTableProps {
  teamId: string;
  members: TeamMemberView[];
  groups: GroupView[];
  standing: TeamStanding;
  selfId: string;
}

/** Every member with role and group; the projects each reaches open under the row (owner and administrators). */
export function TeamMemberTable({ teamId, members, groups, standing, selfId }: TeamMemberTableProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string[]>([]);
  const grant = useTeamChange('team.grantAdmin');
  const revoke = useTeamChange('team.revokeAdmin');
  const move = useTeamChange('team.moveMember', ['project.get']);
  const remove = useTeamChange('team.removeMember');
  const seesProjects = standing.can.manageMembers;
  const toggle = (userId: string) => setOpen((keys) => (keys.includes(userId) ? keys.filter((k) => k !== userId) : [...keys, userId]));
  const groupOptions = [{ value: NO_GROUP, label: t('groups.none') }, ...groups.map((g) => ({ value: g.id, label: g.name }))];

  return (
    <section aria-labelledby="team-member-list" className="settings-section">
      <Typography.Title level={2} id="team-member-list">
        {t('teamMembers.title', { count: members.length })}
      </Typography.Title>
      <Table<TeamMemberView>
        size="small"
        rowKey="userId"
        pagination={pagedBy(members.length)}
        dataSource={members}
        onRow={namedRows((m) => m.nickname)}
        expandable={
          seesProjects
            ? {
                expandedRowKeys: open,
                showExpandColumn: false,
                expandedRowRender: (m) => <MemberProjects teamId={teamId} memberId={m.userId} />,
              }
            : undefined
        }
        columns={[
          {
            key: 'name',
            title: t('teamMembers.name'),
            render: (_, m) => (
              <PersonName nickname={m.nickname} avatar={m.avatar}>
                {m.userId === selfId ? <Tag>{t('teamMembers.you')}</Tag> : null}
              </PersonName>
            ),
          },
          {
            key: 'role',
            title: t('teamMembers.role'),
            width: 110,
            render: (_, m) => <Tag className={`tag-${m.role}`}>{t(`teams.roles.${m.role}`)}</Tag>,
          },
          {
            key: 'group',
            title: t('teamMembers.group'),
            width: 170,
            render: (_, m) =>
              teamMemberActions(standing.can, m, selfId).move ? (
                <Select
                  size="small"
                  className="group-select"
                  aria-label={t('teamMembers.groupOf', { name: m.nickname })}
                  value={m.groupId ?? NO_GROUP}
                  options={groupOptions}
                  onChange={(group) =>
                    void shown(move.mutateAsync({ params: { teamId, userId: m.userId, groupId: group } }), t('teamMembers.moved'))
                  }
                />
              ) : (
                (m.groupName ?? <span className="muted">{t('groups.none')}</span>)
              ),
          },
          ...(seesProjects
            ? [
                {
                  key: 'projects',
                  title: t('teamMembers.projects'),
                  width: 110,
                  render: (_: unknown, m: TeamMemberView) => (
                    <Button size="small" aria-expanded={open.includes(m.userId)} onClick={() => toggle(m.userId)}>
                      {open.includes(m.userId) ? t('teamMembers.hideProjects') : t('teamMembers.showProjects')}
                    </Button>
                  ),
                },
              ]
            : []),
          { key: 'joined', title: t('teamMembers.joinedAt'), width: 170, render: (_, m) => formatDate(m.joinedAt) },
          {
            key: 'actions',
            title: <span className="sr-only">{t('projects.actions')}</span>,
            align: 'right',
            render: (_, m) => {
              const can = teamMemberActions(standing.can, m, selfId);
              return (
                <Space size={4} wrap>
                  {can.grantAdmin && (
                    <Popconfirm
                      title={t('teamMembers.grantConfirm', { name: m.nickname })}
                      okText={t('teamMembers.grant')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => void shown(grant.mutateAsync({ params: { teamId, userId: m.userId } }), t('teamMembers.granted'))}
                    >
                      <Button size="small">{t('teamMembers.grant')}</Button>
                    </Popconfirm>
                  )}
                  {can.revokeAdmin && (
                    <Popconfirm
                      title={t('teamMembers.revokeConfirm', { name: m.nickname })}
                      okText={t('teamMembers.revoke')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => void shown(revoke.mutateAsync({ params: { teamId, userId: m.userId } }), t('teamMembers.revoked'))}
                    >
                      <Button size="small">{t('teamMembers.revoke')}</Button>
                    </Popconfirm>
                  )}
                  {can.remove && (
                    <Popconfirm
                      title={t('teamMembers.removeConfirm', { name: m.nickname })}
                      okText={t('teamMembers.remove')}
                      okButtonProps={{ danger: true }}
                      cancelText={t('common.cancel')}
                      onConfirm={() => void shown(remove.mutateAsync({ params: { teamId, userId: m.userId } }), t('teamMembers.removed'))}
                    >
                      <Button size="small" danger>
                        {t('teamMembers.remove')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
    </section>
  );
}
