// Passwords: argon2id through @node-rs/argon2 (its defaults: m=19 MiB, t=2, p=1, OWASP's minimum).
import { hash, verify } from "@node-rs/argon2";

export const hashPassword = (password: string): Promise<string> => hash(password);

// Verifying against this when the name is unknown makes both failures take the same time.
let dummy: Promise<string> | null = null;

/** True when `password` matches `stored`; with no stored hash, spends the same time and says false. */
export async function passwordMatches(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hash("not a password of anyone");
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
