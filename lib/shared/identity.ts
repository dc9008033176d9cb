// Who you are on the site: the HTTP API of lib/server/identity (/api/me, /api/auth/*), its
// payloads as zod schemas and its answers as types. Browser-safe: no Node APIs here.
import { z } from "./zod";
import type { ErrorInfo } from "./protocol";

/** A public name: 3–20 letters, digits, "_" or "-", starting with a letter or digit (it is a URL: /@/<name>). */
export const NameSchema = z
  .string()
  .trim()
  .min(3, "A name has at least 3 characters.")
  .max(20, "A name has at most 20 characters.")
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "A name uses letters, digits, _ and - and starts with a letter or digit.");

export const PasswordSchema = z.string().min(8, "A password has at least 8 characters.").max(200, "A password has at most 200 characters.");

export const RenameSchema = z.strictObject({ name: NameSchema });
export const SignUpSchema = z.strictObject({ name: NameSchema, password: PasswordSchema });
/** Sign-in checks nothing but presence and size: every failure says the same sentence (no account enumeration). */
export const SignInSchema = z.strictObject({ name: z.string().min(1).max(40), password: z.string().min(1).max(200) });
/** A new password: the current one proves it is the owner (not someone at an unlocked screen). */
export const ChangePasswordSchema = z.strictObject({ current: z.string().min(1).max(200), password: PasswordSchema });

/** The identity of this browser's session. */
export interface Me {
  id: string;
  name: string;
  /** true: an account (name + password); false: a guest of this browser only. */
  account: boolean;
  /** The site's language the player chose (the switcher), kept with the player: null or absent until they choose. */
  locale?: Locale | null;
}

/** The site's languages (as i18n/locales.ts: lib/shared cannot import it; the i18n tests compare the two). */
export const LOCALE_VALUES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALE_VALUES)[number];
export const LocaleSchema = z.strictObject({ locale: z.enum(LOCALE_VALUES) });

export type ApiAnswer<T> = ({ ok: true } & T) | { ok: false; error: ErrorInfo };

/** The paths, once. */
export const API = {
  me: "/api/me",
  rename: "/api/me/name",
  signUp: "/api/auth/signup",
  signIn: "/api/auth/signin",
  signOut: "/api/auth/signout",
  /** POST {}: end every session of the account (every device), this one too. */
  signOutEverywhere: "/api/auth/signout-everywhere",
  /** POST {current, password}: a new password; every other session ends. */
  password: "/api/auth/password",
  /** POST {locale}: remember the player's language. */
  locale: "/api/me/locale",
} as const;
