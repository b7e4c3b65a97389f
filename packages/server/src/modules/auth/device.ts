// Known devices: a successful sign-in hands the browser a device token bound to that organisation code
// and user name, signed with the installation's token secret (nothing stored). Sent back with a later
// sign-in, it lets that user through a lock caused by others (per address, per user name); its own
// failures count against the device alone. Only someone who once knew the password can hold one.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const DEVICE_DAYS = 180;

const sign = (secret: Uint8Array, subject: string, nonce: string, issued: number) =>
  createHmac('sha256', secret).update(`device:${subject}:${nonce}:${issued}`).digest('base64url');

/** The subject a device token is bound to: organisation code and user name as typed (case-insensitive). */
export const deviceSubject = (code: number, username: string) => `${code}:${username.trim().toLowerCase()}`;

export function issueDeviceToken(secret: Uint8Array, subject: string, now = Date.now()): string {
  const nonce = randomBytes(12).toString('base64url');
  const issued = Math.floor(now / 1000);
  return `d1.${nonce}.${issued}.${sign(secret, subject, nonce, issued)}`;
}

/** The device's id when token is a valid, unexpired token for subject; otherwise null. */
export function verifyDeviceToken(secret: Uint8Array, subject: string, token: string | undefined, now = Date.now()): string | null {
  const match = /^d1\.([A-Za-z0-9_-]{16})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match) return null;
  const [, nonce, issuedText, signature] = match;
  const issued = Number(issuedText);
  if (issued * 1000 > now + 60_000 || now - issued * 1000 > DEVICE_DAYS * 86_400_000) return null;
  const expected = Buffer.from(sign(secret, subject, nonce, issued));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}
