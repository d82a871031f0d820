/**
 * Password hashing: Argon2id through `@node-rs/argon2` (prebuilt native code, hashing off the main
 * thread). The parameters live here and only here; a stored hash made with other parameters is
 * replaced at the next successful login. A login for an account that does not exist verifies
 * against a dummy hash with the same parameters, so both failures take the same time.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { passwordTooLong } from '../../src/core/rules/account.js';

/**
 * Argon2id with OWASP's first recommended setting: 19 MiB of memory, 2 passes, 1 lane
 * (`m=19456,t=2,p=1`), 32-byte output and a 16-byte random salt.
 */
export const ARGON2_PARAMS = {
  // `Algorithm.Argon2id`: the package's enum is a const enum, which this build cannot read at run time.
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

/** The parameters as a PHC string states them, e.g. for a benchmark's output. */
export const ARGON2_DESCRIPTION = `argon2id m=${ARGON2_PARAMS.memoryCost} KiB, t=${ARGON2_PARAMS.timeCost}, p=${ARGON2_PARAMS.parallelism}`;

const PHC_PARAMS = `$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`;

/** Hashes a password. Refuses one over the byte cap (the rules refuse it first; this is the backstop). */
export async function hashPassword(password: string): Promise<string> {
  if (passwordTooLong(password)) throw new RangeError('Password too long to hash');
  return hash(password, ARGON2_PARAMS);
}

/** True when a stored hash was made with other parameters (or another algorithm) and should be redone. */
export const needsRehash = (stored: string): boolean => !stored.startsWith(PHC_PARAMS);

let dummy: Promise<string> | null = null;
/** A hash of a random password with the current parameters, made once per process. */
const dummyHash = (): Promise<string> => (dummy ??= hash(`dummy-${Math.random()}-${Date.now()}`, ARGON2_PARAMS));

/**
 * Checks a password against a stored hash; with `null` (no such account) it checks against the
 * dummy hash and answers false, after the same work. A too-long password is false without hashing.
 */
export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  if (passwordTooLong(password)) return false;
  const target = stored ?? (await dummyHash());
  let ok: boolean;
  try {
    ok = await verify(target, password);
  } catch {
    ok = false;
  }
  return stored !== null && ok;
}

/** Makes the dummy hash now, so the first failed login does not pay for it. */
export async function warmPasswords(): Promise<void> {
  await dummyHash();
}
