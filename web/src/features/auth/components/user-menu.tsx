import { AppstoreOutlined, LogoutOutlined, QuestionCircleOutlined, SettingOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { imageUrl } from '../../../config';
import { paths } from '../../../paths';
import { hasSession, useCurrentUser, useSignOut } from '../api/session';

/** The signed-in user's menu (console, account settings, manual, sign out), or a sign-in button for visitors. */
/** `optional`: on public pages a lost session shows the sign-in button instead of going to /login. */
export function UserMenu({ optional = false }: { optional?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutateAsync: signOut } = useSignOut();
  const location = useLocation();
  const user = useCurrentUser({ ignoreRedirect: optional });
  if (!hasSession() || user.isError) {
    return (
      <Link to={paths.login.href({ from: location.pathname + location.search })}>
        <Button type="primary">{t('home.login')}</Button>
      </Link>
    );
  }
  const name = user.data?.nickname ?? '';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'console',
            icon: <AppstoreOutlined aria-hidden />,
            label: <Link to={paths.dashboard.href()}>{t('dashboard.console')}</Link>,
          },
          { key: 'account', icon: <SettingOutlined aria-hidden />, label: <Link to={paths.profile.href()}>{t('dashboard.account')}</Link> },
          { key: 'help', icon: <QuestionCircleOutlined aria-hidden />, label: <Link to={paths.help.href()}>{t('dashboard.manual')}</Link> },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined aria-hidden />, danger: true, label: t('dashboard.logout') },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') void signOut(() => void navigate(paths.login.href(), { replace: true }));
        },
      }}
    >
      <Button type="text" className="user-chip">
        <Avatar size={26} src={imageUrl(user.data?.avatar)} alt="" aria-hidden>
          {name.slice(0, 1)}
        </Avatar>
        <span>{name}</span>
        <span className="sr-only"> · {t('dashboard.userMenu')}</span>
      </Button>
    </Dropdown>
  );
}
