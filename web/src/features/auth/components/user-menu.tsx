import { AppstoreOutlined, LogoutOutlined, QuestionCircleOutlined, SettingOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { imageUrl } from '../../../config';
import { paths } from '../../../paths';
import { hasSession, signOut, useCurrentUser } from '../api/session';

/** The signed-in user's menu (console, account settings, manual, sign out), or a sign-in button for visitors. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser({ ignoreRedirect: true });
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
          { key: 'console', icon: <AppstoreOutlined />, label: <Link to={paths.dashboard.href()}>{t('dashboard.console')}</Link> },
          { key: 'account', icon: <SettingOutlined />, label: <Link to={paths.profile.href()}>{t('dashboard.account')}</Link> },
          { key: 'help', icon: <QuestionCircleOutlined />, label: <Link to={paths.help.href()}>{t('dashboard.manual')}</Link> },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, danger: true, label: t('dashboard.logout') },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') void signOut(() => void navigate(paths.login.href(), { replace: true }));
        },
      }}
    >
      <Button type="text" className="user-chip" aria-label={t('dashboard.userMenu', { name })}>
        <Avatar size={26} src={imageUrl(user.data?.avatar)} alt="">
          {name.slice(0, 1)}
        </Avatar>
        <span>{name}</span>
      </Button>
    </Dropdown>
  );
}
