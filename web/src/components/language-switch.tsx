import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@shared/messages';
import { setLanguage } from '../i18n';

/** The two languages side by side: one click, and small enough for the sign-in page's first load. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented
      size="small"
      aria-label={t('common.language')}
      value={i18n.language}
      onChange={(lng) => setLanguage(lng as Locale)}
      options={LOCALES.map((lng) => ({ value: lng, label: t(`common.languages.${lng}`) }))}
    />
  );
}
