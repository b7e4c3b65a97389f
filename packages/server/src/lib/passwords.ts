// Password hashing (argon2id with OWASP's minimum: 19 MiB, 2 iterations, 1 lane) and temporary passwords.
// In lib/ because sign-in (auth), user accounts (users), a new organisation's administrator and the operator
// command line all need it, and none of them should import another for it.
import { hash, verify } from '@node-rs/argon2';

const options = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the user does not exist, so a wrong username costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('no-such-user-placeholder-1');
  return dummyHash;
}

/** A readable temporary password that satisfies the user-form rule (letters and digits). */
export function temporaryPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  let out = '';
  for (let i = 0; i < 8; i++) out += letters[bytes[i] % letters.length];
  return `${out}${digits[bytes[8] % digits.length]}${digits[bytes[9] % digits.length]}`;
}
