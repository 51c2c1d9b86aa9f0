import type { Locale as KitTexts } from 'antd/es/locale';
import zhKit from 'antd/es/locale/zh_CN';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, messages, type Locale } from '@shared/messages';
import { offersEnglish, storedLanguage, storeLanguage } from './language';
import { zh } from './zh';

const initial = storedLanguage();

/**
 * UI texts per language, plus the shared error and validation texts (`error.*`, `v.*`) the API also uses. Chinese,
 * the default and the fallback, comes with the app; English loads when it is first chosen (a chunk of its own, so
 * the sign-in page of a reader in Chinese does not download it).
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: initial,
  fallbackLng: DEFAULT_LOCALE,
  interpolation: { escapeValue: false },
  partialBundledLanguages: true,
  resources: { zh: { translation: { ...zh, ...messages.zh } } },
});

/** The kit's own texts (pagination, empty states, pickers) per language; English's come with its texts. */
const kitTexts: Partial<Record<Locale, KitTexts>> = { zh: zhKit };
export const kitLocale = (lng: string): KitTexts => kitTexts[lng as Locale] ?? zhKit;

/**
 * Adds a language's texts unless they are in (only English may be missing: Chinese comes with the app). Loaded is
 * kept here, not asked of i18next: a feature's chunk (tokens.ts, comment-texts.ts) adds its own English texts to
 * the bundle before the main ones may have loaded, and the main ones must still come.
 */
const loaded = new Set<Locale>([DEFAULT_LOCALE]);
export async function loadLanguage(lng: Locale): Promise<void> {
  if (loaded.has(lng)) return;
  const [{ en }, enKit] = await Promise.all([import('./en'), import('antd/es/locale/en_US')]);
  kitTexts.en = enKit.default;
  // Deep, not overwriting: what a feature's chunk added stays beside the main texts.
  i18n.addResourceBundle(lng, 'translation', { ...en, ...messages.en }, true, false);
  loaded.add(lng);
}

/**
 * `{{name, spaced}}`: a name set in a Chinese sentence gets a space on each side that is a Latin letter or digit
 * ("解绑 GitHub 账号", "解绑微博账号"), the rule zh.test.ts holds every Chinese text to.
 */
i18n.services.formatter?.add('spaced', (value: unknown, lng: string | undefined) => {
  const text = String(value);
  if (lng !== 'zh') return text;
  return `${/^[A-Za-z0-9]/.test(text) ? ' ' : ''}${text}${/[A-Za-z0-9]$/.test(text) ? ' ' : ''}`;
});

/** The page's language (the date pickers' follows in lib/dayjs.ts, loaded with them). */
const applyLang = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng === 'zh' ? 'zh-CN' : 'en';
};
applyLang(initial);

/**
 * Settles once the starting language's texts are in, and English too where the app offers it (language-offer.tsx
 * shows the offer in English): the app renders after it, so no text shows in another language first.
 */
export const i18nReady: Promise<void> = Promise.all([loadLanguage(initial), offersEnglish() ? loadLanguage('en') : undefined]).then(
  () => undefined,
);

export async function setLanguage(lng: Locale): Promise<void> {
  storeLanguage(lng);
  await loadLanguage(lng);
  applyLang(lng);
  await i18n.changeLanguage(lng);
}
