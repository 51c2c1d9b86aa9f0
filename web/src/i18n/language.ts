import { DEFAULT_LOCALE, LOCALES, type Locale } from '@shared/constants';

/** Where the reader's choice of language is kept between visits. */
const STORAGE_KEY = 'apiloom.lang';

/** The language the app starts in: the reader's last choice, else the default. */
export function storedLanguage(): Locale {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  return LOCALES.includes(stored as Locale) ? (stored as Locale) : DEFAULT_LOCALE;
}

export const storeLanguage = (lng: Locale) => localStorage.setItem(STORAGE_KEY, lng);

/**
 * Whether to offer English, once: the reader never chose a language here and their browser prefers one that is not
 * Chinese. Chinese stays the default; either answer is kept as their choice, so the offer never comes back.
 */
export function offersEnglish(): boolean {
  if (typeof localStorage === 'undefined' || typeof navigator === 'undefined') return false;
  if (localStorage.getItem(STORAGE_KEY)) return false;
  const preferred = navigator.languages?.[0] ?? navigator.language;
  return !!preferred && !preferred.toLowerCase().startsWith('zh');
}
