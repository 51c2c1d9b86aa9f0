import { DEFAULT_LOCALE, LOCALES, type Locale } from '@shared/constants';

/** Where the reader's choice of language is kept between visits. */
const STORAGE_KEY = 'apiloom.lang';

/** The language the app starts in: the reader's last choice, else the default. */
export function storedLanguage(): Locale {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  return LOCALES.includes(stored as Locale) ? (stored as Locale) : DEFAULT_LOCALE;
}

export const storeLanguage = (lng: Locale) => localStorage.setItem(STORAGE_KEY, lng);
