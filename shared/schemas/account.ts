import * as z from 'zod';
import { lazy } from '../lazy';
import { CODE_PURPOSES, LIMITS, THIRD_PARTY_PROVIDERS } from '../constants';
import { vKey } from '../messages';
import { plainName } from '../text';
import { EMAIL, PHONE } from '../accounts';

/** An email address or a phone number; emails are compared case-insensitively. */
export const accountSchema = lazy(() =>
  z
    .string({ error: vKey('account') })
    .trim()
    .max(254, { error: vKey('account') })
    .refine((v) => EMAIL.test(v) || PHONE.test(v), { error: vKey('account') })
    .transform((v) => (EMAIL.test(v) ? v.toLowerCase() : v)),
);

export const nicknameSchema = lazy(() =>
  plainName(
    z
      .string({ error: vKey('nickname') })
      .trim()
      .min(1, { error: vKey('nickname') })
      .max(LIMITS.nickname, { error: vKey('nickname') }),
  ),
);

export const passwordSchema = lazy(() =>
  z
    .string({ error: vKey('password') })
    .min(LIMITS.passwordMin, { error: vKey('password') })
    .max(LIMITS.passwordMax, { error: vKey('password') })
    .refine((v) => /[A-Za-z]/.test(v) && /[0-9]/.test(v), { error: vKey('password') }),
);

export const verificationCodeSchema = lazy(() => z.string({ error: vKey('code') }).regex(/^[0-9]{6}$/, { error: vKey('code') }));

export const registerBody = lazy(() =>
  z.object({
    account: accountSchema,
    nickname: nicknameSchema,
    password: passwordSchema,
    code: verificationCodeSchema,
  }),
);

export const sendCodeParams = lazy(() => z.object({ target: accountSchema }));

export const emailSchema = lazy(() =>
  z
    .string({ error: vKey('email') })
    .trim()
    .max(254, { error: vKey('email') })
    .regex(EMAIL, { error: vKey('email') })
    .transform((v) => v.toLowerCase()),
);
export const phoneSchema = lazy(() =>
  z
    .string({ error: vKey('phone') })
    .trim()
    .regex(PHONE, { error: vKey('phone') }),
);
export const emailTargetParams = lazy(() => z.object({ target: emailSchema }));
export const phoneTargetParams = lazy(() => z.object({ target: phoneSchema }));

/** The spec's generic `POST /common/code`: the purpose in the body, with the rules of that purpose's own call. */
export const sendCodeBody = lazy(() => z.object({ purpose: z.enum(CODE_PURPOSES), target: accountSchema }));

/** A new email for the signed-in account: its code, and the current password (an email signs in and recovers). */
export const changeEmailBody = lazy(() =>
  z.object({
    email: emailSchema,
    code: verificationCodeSchema,
    password: z
      .string({ error: vKey('required') })
      .min(1, { error: vKey('required') })
      .max(LIMITS.passwordMax * 4),
  }),
);
export const changePhoneBody = lazy(() => z.object({ phone: phoneSchema, code: verificationCodeSchema }));

/** Password recovery: the account, the RESET_PWD code sent to it, and the new password. */
export const resetPasswordBody = lazy(() =>
  z.object({
    account: accountSchema,
    code: verificationCodeSchema,
    password: passwordSchema,
  }),
);

/** POST /login takes a form body (spec section 7). */
export const loginBody = lazy(() =>
  z.object({
    username: z
      .string({ error: vKey('account') })
      .trim()
      .min(1, { error: vKey('account') })
      .max(254),
    password: z
      .string({ error: vKey('required') })
      .min(1, { error: vKey('required') })
      .max(LIMITS.passwordMax * 4),
    /** The code sent to the account, once many failed sign-ins made the password alone not enough. */
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { error: vKey('code') })
      .optional(),
  }),
);

export const userDetail = lazy(() =>
  z.object({
    id: z.string(),
    nickname: z.string(),
    avatar: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    registeredAt: z.string(),
  }),
);
export type UserDetail = z.infer<typeof userDetail>;

export const loginResult = lazy(() => z.object({ token: z.string(), user: userDetail }));

const avatarUrl = lazy(() =>
  z
    .string()
    .trim()
    .max(1024)
    .refine((v) => v === '' || /^https?:\/\//i.test(v) || /^\/[^/]/.test(v), { error: vKey('url') }),
);

export const updateUserBody = lazy(() =>
  z
    .object({ nickname: nicknameSchema.optional(), avatar: avatarUrl.optional() })
    .refine((v) => v.nickname !== undefined || v.avatar !== undefined, { error: vKey('required') }),
);

export const updatePasswordBody = lazy(() =>
  z
    .object({
      oldPassword: z
        .string({ error: vKey('required') })
        .min(1, { error: vKey('required') })
        .max(LIMITS.passwordMax * 4),
      newPassword: passwordSchema,
      confirmPassword: z.string({ error: vKey('required') }),
    })
    .refine((v) => v.newPassword === v.confirmPassword, { error: vKey('passwordMismatch'), path: ['confirmPassword'] }),
);

export const codeSent = lazy(() => z.object({ expiresInSeconds: z.number(), resendInSeconds: z.number() }));

// Third-party sign-in (issue 25)

export const thirdPartyProviderSchema = lazy(() => z.enum(THIRD_PARTY_PROVIDERS, { error: vKey('required') }));

/**
 * `GET /login/third-part`: without `provider`, only the providers this deployment offers (the sign-in page's
 * buttons); with it, the provider's authorisation address for signing in (`login`) or binding (`bind`). `f` is
 * where the person goes once done, handed back untouched by the callback (the page checks it).
 */
export const thirdPartyStartQuery = lazy(() =>
  z.object({
    provider: thirdPartyProviderSchema.optional(),
    type: z.enum(['login', 'bind']).default('login'),
    f: z.string().max(2048).optional(),
  }),
);
export const thirdPartyStart = lazy(() => z.object({ providers: z.array(thirdPartyProviderSchema), url: z.string().optional() }));

export const thirdPartyRedirectParams = lazy(() => z.object({ x: thirdPartyProviderSchema }));
/** What the provider handed the browser: its code and our state (or its error, which is refused). */
export const thirdPartyRedirectQuery = lazy(() =>
  z.object({
    code: z.string().min(1).max(512).optional(),
    state: z
      .string({ error: vKey('required') })
      .min(1)
      .max(128),
    error: z.string().max(256).optional(),
  }),
);

/** A provider identity as shown to its owner. */
export const boundIdentity = lazy(() =>
  z.object({ provider: thirdPartyProviderSchema, nickname: z.string(), avatar: z.string().nullable(), boundAt: z.string() }),
);

/**
 * A LOGIN callback's answer: signed in, or (a provider identity nobody has bound) a ticket for `/login/bind`,
 * where the person binds a phone (`POST /user/phone-not-login`): a new account, or the one that phone has.
 */
export const thirdPartyLoginResult = lazy(() =>
  z.discriminatedUnion('result', [
    z.object({ result: z.literal('signedIn'), token: z.string(), user: userDetail, f: z.string().nullable() }),
    z.object({
      result: z.literal('bindNeeded'),
      ticket: z.string(),
      provider: thirdPartyProviderSchema,
      nickname: z.string(),
      f: z.string().nullable(),
    }),
  ]),
);
export const thirdPartyBindResult = lazy(() => z.object({ bound: boundIdentity, f: z.string().nullable() }));

export const phoneNotLoginBody = lazy(() =>
  z.object({
    ticket: z
      .string({ error: vKey('required') })
      .min(16)
      .max(128),
    phone: phoneSchema,
    code: verificationCodeSchema,
  }),
);

export const boundInfo = lazy(() =>
  z.object({
    /** The identities bound to this account. */
    bound: z.array(boundIdentity),
    /** Whether the account can sign in with a password (one made by a third-party sign-in has none until set). */
    hasPassword: z.boolean(),
  }),
);

// Leaving the product (issue 25)

/** A team or project that keeps the account from being deleted, named for the page's links. */
export const quitBlocker = lazy(() => z.object({ id: z.string(), name: z.string() }));

/**
 * What keeps the signed-in account from being deleted (teams it owns with other members; projects it owns that
 * others use or that are in a team that stays), and whether deleting it asks for the password.
 */
export const quitCheck = lazy(() => z.object({ teams: z.array(quitBlocker), projects: z.array(quitBlocker), hasPassword: z.boolean() }));
export type QuitCheck = z.infer<typeof quitCheck>;

/**
 * `POST /user/quit`: the phrase the page shows, typed by hand (`QUIT_PHRASES`), and the current password when the
 * account has one (an account made by a third-party sign-in has none).
 */
export const quitBody = lazy(() =>
  z.object({
    confirmation: z
      .string({ error: vKey('required') })
      .min(1, { error: vKey('required') })
      .max(100),
    password: z
      .string()
      .max(LIMITS.passwordMax * 4)
      .optional(),
  }),
);
