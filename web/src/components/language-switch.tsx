import { useTranslation } from 'react-i18next';
import { LOCALES } from '@shared/messages';
import { setLanguage } from '../i18n';

/**
 * The two languages side by side: one click. Two plain buttons styled as a segmented control (styles.css), not the
 * kit's Segmented, whose code the sign-in page would otherwise download for this alone.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <div className="language-switch" role="radiogroup" aria-label={t('common.language')}>
      {LOCALES.map((lng) => (
        <button
          key={lng}
          type="button"
          role="radio"
          aria-checked={i18n.language === lng}
          className={i18n.language === lng ? 'language-switch-item is-selected' : 'language-switch-item'}
          onClick={() => void setLanguage(lng)}
        >
          {t(`common.languages.${lng}`)}
        </button>
      ))}
    </div>
  );
}
