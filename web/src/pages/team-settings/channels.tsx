import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { ChannelsPanel } from '../../features/channels/components/channels-panel';
import type { TeamSettingsContext } from './layout';

/** The team settings tab "channels": default channels for the team's projects that have none of their own (issue 38). */
export function Component() {
  const { t } = useTranslation();
  const { team, standing } = useOutletContext<TeamSettingsContext>();
  if (standing.role === 'developer') return <Alert type="info" showIcon message={t('channels.adminsOnly')} />;
  return <ChannelsPanel owner={{ kind: 'team', id: team.id }} canEdit />;
}
