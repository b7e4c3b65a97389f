import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { inSystem } from '../../db/tenant.ts';
import { deviceSubject } from './device.ts';
import { bearer, newOrganisation, nextIp, startTestApp, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Hargeisa Water' });
});
afterAll(() => ctx.close());

const login = (payload: unknown, ip = nextIp()) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress: ip });

/** A refusal because of the sign-in lock: 429 with its code, when to come back, and no token. */
function expectLocked(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ statusCode: 429, code: 'TOO_MANY_ATTEMPTS' });
  expect(res.json().token).toBeUndefined();
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('sign-in', () => {
  it('returns the spec login record', async () => {
    const res = await login({ username: 'admin', password: org.password, code: org.code });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ username: 'admin', client_name: 'Hargeisa Water', code: org.code, isAdmin: true });
    expect(typeof body.token).toBe('string');
  });

  it('answers wrong user, wrong code and wrong password with identical bytes', async () => {
    const a = await login({ username: 'nobody', password: org.password, code: org.code });
    const b = await login({ username: 'admin', password: org.password, code: 999999 });
    const c = await login({ username: 'admin', password: 'Wrong@2026', code: org.code });
    expect(a.statusCode).toBe(401);
    expect(a.body).toBe(b.body);
    expect(b.body).toBe(c.body);
    expect(a.json().message).toBe('Invalid username, password or code.');
  });

  it('names each missing field in Somali when asked', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: {}, headers: { 'accept-language': 'so' } });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .details.map((d: { field: string }) => d.field)
      .sort();
    expect(fields).toEqual(['code', 'password', 'username']);
    expect(res.json().details[0].message).toBe('Goobtan waa qasab.');
  });

  it('locks a user name for 15 minutes after five failures', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await login({ username: 'locktest', password: 'Wrong@2026', code: org.code });
      expect(r.statusCode).toBe(401);
    }
    expectLocked(await login({ username: 'locktest', password: 'Wrong@2026', code: org.code }));
  });

  it('ends the session at logout', async () => {
    const token = (await login({ username: 'admin', password: org.password, code: org.code })).json().token;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('refuses missing, malformed and forged tokens with 401', async () => {
    for (const authorization of [undefined, 'Bearer', 'Bearer abc.def.ghi', `Bearer ${org.token}x`]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/auth', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('change password', () => {
  const change = (token: string, payload: object, lang = 'en') =>
    ctx.app.inject({ method: 'POST', url: '/api/users/change-password', headers: { ...bearer(token), 'x-lang': lang }, payload });

  it('validates, asks for the current password, then revokes the other sessions only', async () => {
    const other = (await login({ username: 'admin', password: org.password, code: org.code })).json().token;
    const current = (await login({ username: 'admin', password: org.password, code: org.code })).json().token;
    const short = await change(current, { currentPassword: org.password, newPassword: 'short', confirmPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().details[0]).toEqual({ field: 'newPassword', message: 'Password must be 8 char or above!.' });
    const mismatch = await change(current, { currentPassword: org.password, newPassword: 'Longer@2026', confirmPassword: 'Other@2026x' });
    expect(mismatch.json().details[0]).toEqual({ field: 'confirmPassword', message: 'Password is not match!' });
    const ok = await change(current, { currentPassword: org.password, newPassword: 'Longer@2026', confirmPassword: 'Longer@2026' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Your password has been changed.');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(current) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(other) })).statusCode).toBe(401);
    expect((await login({ username: 'admin', password: 'Longer@2026', code: org.code })).statusCode).toBe(200);
    org.password = 'Longer@2026';
  });

  it('a token alone cannot change the password: no or a wrong current password is a field-level 400, and the password stays', async () => {
    const stolen = (await login({ username: 'admin', password: org.password, code: org.code })).json().token;
    const missing = await change(stolen, { newPassword: 'Taken@2026x', confirmPassword: 'Taken@2026x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.map((d: { field: string }) => d.field)).toEqual(['currentPassword']);
    const wrong = await change(stolen, { currentPassword: 'Guess@2026', newPassword: 'Taken@2026x', confirmPassword: 'Taken@2026x' }, 'so');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ field: 'currentPassword', message: 'Furaha sirta ah ee hadda sax maaha.' }]);
    expect((await login({ username: 'admin', password: 'Taken@2026x', code: org.code })).statusCode).toBe(401);
    expect((await login({ username: 'admin', password: org.password, code: org.code })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(stolen) })).statusCode).toBe(200);
  });

  it('guessing the current password with a token is throttled (429 with Retry-After)', async () => {
    const other = await newOrganisation(ctx, { name: 'Guessing Water' });
    for (let i = 0; i < 5; i++) {
      expect((await change(other.token, { currentPassword: `Guess@${i}xx`, newPassword: 'Taken@2026x', confirmPassword: 'Taken@2026x' })).statusCode).toBe(400);
    }
    const locked = await change(other.token, { currentPassword: other.password, newPassword: 'Taken@2026x', confirmPassword: 'Taken@2026x' });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sign-in limits', () => {
  it('failures for other user names from one shared address do not lock out a correct user behind it', async () => {
    const office = nextIp();
    // 32 failures from one address, spread over eight user names (four each, under the per-name limit).
    for (let u = 0; u < 8; u++) {
      for (let i = 0; i < 4; i++) {
        expect((await login({ username: `typo${u}`, password: 'Wrong@2026', code: org.code }, office)).statusCode).toBe(401);
      }
    }
    expect((await login({ username: 'admin', password: org.password, code: org.code }, office)).statusCode).toBe(200);
  });

  it("a locked user name answers 429 in the caller's language with Retry-After, and a known device still signs in", async () => {
    const target = await newOrganisation(ctx, { name: 'Targeted Water' });
    const first = await login({ username: 'admin', password: target.password, code: target.code });
    const device = first.json().device as string;
    expect(device).toMatch(/^d1\./);
    for (let i = 0; i < 5; i++) {
      expect((await login({ username: 'admin', password: 'Wrong@2026', code: target.code })).statusCode).toBe(401);
    }
    const locked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      headers: { 'accept-language': 'so' },
      payload: { username: 'admin', password: target.password, code: target.code },
    });
    expectLocked(locked);
    expect(locked.json().message).toMatch(/daqiiqo kadib/);
    // The owner's browser sends the device token of its last sign-in: the lock others caused does not apply.
    const known = await login({ username: 'admin', password: target.password, code: target.code, device });
    expect(known.statusCode).toBe(200);
    // A device token is bound to its organisation code and user name: one from another user does not help.
    const foreign = (await login({ username: 'admin', password: org.password, code: org.code })).json().device as string;
    expectLocked(await login({ username: 'admin', password: target.password, code: target.code, device: foreign }));
  });

  it('an address past its cap is slowed for everyone but known devices', async () => {
    const target = await newOrganisation(ctx, { name: 'Busy Network Water' });
    const device = (await login({ username: 'admin', password: target.password, code: target.code })).json().device as string;
    const network = nextIp();
    const previous = process.env.LOGIN_IP_LIMIT;
    process.env.LOGIN_IP_LIMIT = '6';
    try {
      for (let u = 0; u < 6; u++) {
        expect((await login({ username: `guess${u}`, password: 'Wrong@2026', code: target.code }, network)).statusCode).toBe(401);
      }
      const capped = await login({ username: 'admin', password: target.password, code: target.code }, network);
      expectLocked(capped);
      expect(capped.json().message).toMatch(/Try again in \d+ minute/);
      expect((await login({ username: 'admin', password: target.password, code: target.code, device }, network)).statusCode).toBe(200);
    } finally {
      if (previous === undefined) delete process.env.LOGIN_IP_LIMIT;
      else process.env.LOGIN_IP_LIMIT = previous;
    }
  });

  it('while a user name is locked even its correct password is refused; once the lock has passed it signs in, and a new failure starts over', async () => {
    const target = await newOrganisation(ctx, { name: 'Patient Water' });
    const office = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await login({ username: 'admin', password: 'Wrong@2026', code: target.code }, office)).statusCode).toBe(401);
    }
    const refused = await login({ username: 'admin', password: target.password, code: target.code }, office);
    expectLocked(refused);
    // The lock is 30 seconds: move its end (and the 15-minute window) into the past, as the clock would.
    const userKey = `user:${deviceSubject(target.code, 'admin')}`;
    await inSystem(ctx.database.db, (tx) =>
      tx.execute(
        sql`update login_throttle set locked_until = now() - interval '1 second', window_start = now() - interval '16 minutes' where key = ${userKey}`,
      ),
    );
    const after = await login({ username: 'admin', password: target.password, code: target.code }, office);
    expect(after.statusCode).toBe(200);
    expect(after.json().token).toEqual(expect.any(String));
    // Success cleared the name's failures: one more wrong password is a plain 401, not a lock.
    expect((await login({ username: 'admin', password: 'Wrong@2026', code: target.code }, office)).statusCode).toBe(401);
    expect((await login({ username: 'admin', password: target.password, code: target.code }, office)).statusCode).toBe(200);
  });

  it('failures with a device token count against that device alone', async () => {
    const target = await newOrganisation(ctx, { name: 'Device Water' });
    const device = (await login({ username: 'admin', password: target.password, code: target.code })).json().device as string;
    for (let i = 0; i < 5; i++) {
      expect((await login({ username: 'admin', password: 'Wrong@2026', code: target.code, device })).statusCode).toBe(401);
    }
    expectLocked(await login({ username: 'admin', password: target.password, code: target.code, device }));
    expect((await login({ username: 'admin', password: target.password, code: target.code })).statusCode).toBe(200);
  });
});

describe('subscription', () => {
  it('answers 403 SUBSCRIPTION_EXPIRED once the subscription ended, but still shows the expired screen data', async () => {
    const expired = await newOrganisation(ctx, { subscriptionExpiresOn: '2020-01-01' });
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(expired.token), payload: { fullname: 'New Name' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SUBSCRIPTION_EXPIRED');
    expect(res.json().message).toContain('Expired');
    const info = await ctx.app.inject({ method: 'GET', url: '/api/auth/expired', headers: bearer(expired.token) });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ clientCode: expired.code, isAdmin: true, payments: [] });
  });
});
