import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, messages, type Locale } from '@shared/messages';
import { en } from './en';
import { storedLanguage, storeLanguage } from './language';
import { zh } from './zh';

const initial = storedLanguage();

/** UI texts per language, plus the shared error and validation texts (`error.*`, `v.*`) the API also uses. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: initial,
  fallbackLng: DEFAULT_LOCALE,
  interpolation: { escapeValue: false },
  resources: {
    zh: { translation: { ...zh, ...messages.zh } },
    en: { translation: { ...en, ...messages.en } },
  },
});

/**
 * `{{name, spaced}}`: a name set in a Chinese sentence gets a space on each side that is a Latin letter or digit
 * ("解绑 GitHub 账号", "解绑微博账号"), the rule zh.test.ts holds every Chinese text to.
 */
i18n.services.formatter?.add('spaced', (value: unknown, lng: string | undefined) => {
  const text = String(value);
  if (lng !== 'zh') return text;
  return `${/^[A-Za-z0-9]/.test(text) ? ' ' : ''}${text}${/[A-Za-z0-9]$/.test(text) ? ' ' : ''}`;
});

/** The page's language, and the date pickers' month and weekday names (dayjs's locale). */
const applyLang = (lng: string) => {
  dayjs.locale(lng === 'zh' ? 'zh-cn' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = lng === 'zh' ? 'zh-CN' : 'en';
};
applyLang(initial);

export function setLanguage(lng: Locale) {
  storeLanguage(lng);
  applyLang(lng);
  void i18n.changeLanguage(lng);
}
