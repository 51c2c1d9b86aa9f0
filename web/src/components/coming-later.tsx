import { ToolOutlined } from '@ant-design/icons';
import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A spec screen whose feature comes with a later release: said plainly, not faked. */
export function ComingLater({ action }: { action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Empty
      image={<ToolOutlined className="empty-icon" aria-hidden />}
      description={
        <>
          <strong>{t('common.notYet')}</strong>
          <br />
          {t('common.notYetText')}
        </>
      }
    >
      {action}
    </Empty>
  );
}
