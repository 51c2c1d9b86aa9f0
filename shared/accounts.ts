/**
 * An account is named by an email address or a phone number. Kept apart from the account schemas (and zod), so
 * code that only tells the two apart, as every service's user records do, carries none of them.
 */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE = /^\+?[0-9]{6,15}$/;

export const isEmail = (value: string) => EMAIL.test(value);

/**
 * What a person types by hand on the quit page to delete their account, one phrase per language (the page shows
 * the one of its language; the API takes either, compared after trimming, case-insensitively).
 */
export const QUIT_PHRASES = { zh: '注销我的账号', en: 'delete my account' } as const;
export const isQuitPhrase = (typed: string) =>
  Object.values(QUIT_PHRASES).some((phrase) => phrase.toLowerCase() === typed.trim().toLowerCase());
