import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../shared/messages';
import { setLanguage } from '../i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LOCALES.map((lng) => ({ key: lng, label: t(`common.languages.${lng}`) })),
        onClick: ({ key }) => setLanguage(key as Locale),
      }}
    >
      <Button type="text" icon={<GlobalOutlined aria-hidden />}>
        {t(`common.languages.${i18n.language as Locale}`)}
        <span className="sr-only"> · {t('common.language')}</span>
      </Button>
    </Dropdown>
  );
}
