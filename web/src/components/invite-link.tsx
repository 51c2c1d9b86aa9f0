import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/dates';

/** A freshly made invitation link, with a copy button and the time it stops working. */
export function InviteLink({ url, expiresAt }: { url: string; expiresAt: string }) {
  const { t } = useTranslation();
  return (
    <div className="invite-link" role="status">
      <Typography.Paragraph className="invite-url" copyable={{ text: url, tooltips: [t('invite.copy'), t('invite.copied')] }}>
        <Typography.Text code>{url}</Typography.Text>
      </Typography.Paragraph>
      <Typography.Text type="secondary">{t('invite.validUntil', { date: formatDate(expiresAt) })}</Typography.Text>
    </div>
  );
}
