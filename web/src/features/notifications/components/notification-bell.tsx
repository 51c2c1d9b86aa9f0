/**
 * The bell in the app's header: the unread count (asked again every minute while the page is open), and the list
 * of notifications in a drawer: newest first, by project or unread only, each read when opened, all read at once;
 * and the reader's notification settings.
 */
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Flex, List, Radio, Select, Switch, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EMAIL_MODES, type NotificationView } from '@shared/schemas/comment';
import { formatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { paths } from '../../../paths';
import {
  useMarkAllRead,
  useMarkRead,
  useNotifications,
  useNotificationSettings,
  useSaveNotificationSettings,
  useUnreadCount,
} from '../api';
import '../../../i18n/comment-texts';

export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  const count = unread.data?.unread ?? 0;
  return (
    <>
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<BellOutlined aria-hidden />} aria-label={t('bell.open', { count })} onClick={() => setOpen(true)} />
      </Badge>
      {open ? <NotificationDrawer onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function NotificationDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open onClose={onClose} title={t('bell.title')} className="bell-drawer">
      <Tabs
        items={[
          { key: 'list', label: t('bell.title'), children: <NotificationList onOpen={onClose} /> },
          { key: 'settings', label: t('bell.settings'), children: <NotificationSettingsForm /> },
        ]}
      />
    </Drawer>
  );
}

function NotificationList({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [projectId, setProjectId] = useState<string | undefined>();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotifications({ ...(projectId ? { projectId } : {}), ...(unreadOnly ? { unread: 'true' as const } : {}) }, true);
  // The projects to filter by: those the unfiltered list names (kept while a filter is on).
  const all = useNotifications({}, true);
  const projects = [...new Map((all.data?.items ?? []).map((n) => [n.projectId, n.projectName])).entries()];
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const openOne = (n: NotificationView) => {
    if (!n.read) markRead.mutate({ body: { ids: [n.id] } });
    if (n.documentId) {
      onOpen();
      void navigate(paths.document.href(n.projectId, n.documentId));
    }
  };
  return (
    <>
      <Flex gap={8} wrap align="center" className="bell-filters">
        <Select
          allowClear
          placeholder={t('bell.allProjects')}
          aria-label={t('bell.allProjects')}
          value={projectId}
          onChange={setProjectId}
          options={projects.map(([value, label]) => ({ value, label }))}
          style={{ minWidth: 160 }}
        />
        <label>
          <Switch size="small" checked={unreadOnly} onChange={setUnreadOnly} /> {t('bell.unreadOnly')}
        </label>
        <Button size="small" onClick={() => markAll.mutate({ body: projectId ? { projectId } : {} })} loading={markAll.isPending}>
          {t('bell.readAll')}
        </Button>
      </Flex>
      <List
        loading={list.isPending}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: t('bell.empty') }}
        aria-label={t('bell.title')}
        renderItem={(n) => (
          <List.Item
            className={n.read ? 'bell-item' : 'bell-item bell-unread'}
            actions={
              n.read
                ? []
                : [
                    <Button key="read" size="small" type="link" onClick={() => markRead.mutate({ body: { ids: [n.id] } })}>
                      {t('bell.markRead')}
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta
              title={
                <Button type="link" className="bell-open" onClick={() => openOne(n)}>
                  {t(`bell.kinds.${n.kind}`, {
                    actor: n.actorName,
                    subject: n.subjectName,
                    defaultValue: t('bell.kinds.other', { actor: n.actorName, subject: n.subjectName }),
                  })}
                </Button>
              }
              description={
                <>
                  {n.excerpt ? <Typography.Paragraph ellipsis={{ rows: 2 }}>{n.excerpt}</Typography.Paragraph> : null}
                  <Typography.Text type="secondary">
                    {n.projectName} · {formatDate(n.at)}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
    </>
  );
}

function NotificationSettingsForm() {
  const { t } = useTranslation();
  const settings = useNotificationSettings(true);
  const save = useSaveNotificationSettings();
  if (!settings.data) return null;
  const change = (next: Partial<typeof settings.data>) =>
    save.mutate({ body: { ...settings.data, ...next } }, { onSuccess: () => notify.success(t('bell.saved')) });
  return (
    <Flex vertical gap={16}>
      <label>
        <Switch checked={settings.data.inApp} onChange={(inApp) => change({ inApp })} /> {t('bell.inApp')}
      </label>
      <div>
        <Typography.Text>{t('bell.email')}</Typography.Text>
        <Radio.Group
          value={settings.data.email}
          onChange={(e) => change({ email: e.target.value as (typeof EMAIL_MODES)[number] })}
          options={EMAIL_MODES.map((mode) => ({ value: mode, label: t(`bell.emailModes.${mode}`) }))}
        />
      </div>
      <Typography.Text type="secondary">{t('bell.emailLanguage')}</Typography.Text>
    </Flex>
  );
}
