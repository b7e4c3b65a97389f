// The gateway's auth secret at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the installation's
// token secret, so a database copy alone does not reveal it. Every server process shares TOKEN_SECRET,
// so any of them can send; after the token secret changes the administrator enters the secret again.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function keyFrom(tokenSecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', tokenSecret, Buffer.alloc(0), 'ubo sms gateway secret', 32));
}

export function sealSecret(tokenSecret: Uint8Array, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(tokenSecret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
}

/** The secret, or null when it was sealed under another token secret (or is damaged). */
export function openSecret(tokenSecret: Uint8Array, sealed: string): string | null {
  const [version, payload] = sealed.split(':');
  if (version !== VERSION || !payload) return null;
  try {
    const raw = Buffer.from(payload, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(tokenSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** What the settings screen may show of a secret: its last four characters (none when it is short). */
export function secretHint(plain: string): string {
  return plain.length >= 12 ? plain.slice(-4) : '';
}

export const maskSecret = (hint: string) => `••••••${hint}`;
