// Known-device tokens (localStorage key 'devices'): the server hands one out at each successful sign-in,
// bound to the organisation code and user name; sent back with that user's next sign-in from this browser
// it lets them past sign-in locks that failures of others caused (shared office or mobile networks).
import type { LoginBody } from '@ubo/contracts';
import { storage } from './storage.ts';

const DEVICES_KEY = 'devices';
const MAX_DEVICES = 20;

const subject = (body: Pick<LoginBody, 'code' | 'username'>) => `${String(body.code).trim()}:${body.username.trim().toLowerCase()}`;

function readAll(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(storage.read(DEVICES_KEY) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function deviceTokenFor(body: Pick<LoginBody, 'code' | 'username'>): string | undefined {
  const token = readAll()[subject(body)];
  return typeof token === 'string' ? token : undefined;
}

export function rememberDevice(body: Pick<LoginBody, 'code' | 'username'>, token: string | undefined): void {
  if (!token) return;
  const all = readAll();
  delete all[subject(body)];
  all[subject(body)] = token;
  const entries = Object.entries(all).slice(-MAX_DEVICES);
  storage.write(DEVICES_KEY, JSON.stringify(Object.fromEntries(entries)));
}
