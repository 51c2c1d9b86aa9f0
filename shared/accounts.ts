/**
 * An account is named by an email address or a phone number. Kept apart from the account schemas (and zod), so
 * code that only tells the two apart, as every service's user records do, carries none of them.
 */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE = /^\+?[0-9]{6,15}$/;

export const isEmail = (value: string) => EMAIL.test(value);
