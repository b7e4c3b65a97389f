// The SMTP password at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the installation's token
// secret with its own label (not the SMS gateway's key), so a database copy alone does not reveal it.
// After the token secret changes the administrator enters the password again.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function keyFrom(tokenSecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', tokenSecret, Buffer.alloc(0), 'ubo smtp password', 32));
}

export function sealPassword(tokenSecret: Uint8Array, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(tokenSecret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
}

/** The password, or null when it was sealed under another token secret (or is damaged). */
export function openPassword(tokenSecret: Uint8Array, sealed: string): string | null {
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
