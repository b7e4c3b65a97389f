import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, nextIp, startTestApp, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Hargeisa Water' });
});
afterAll(() => ctx.close());

const login = (payload: unknown, ip = nextIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress: ip });

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
    const fields = res.json().details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['code', 'password', 'username']);
    expect(res.json().details[0].message).toBe('Goobtan waa qasab.');
  });

  it('locks a user name for 15 minutes after five failures', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await login({ username: 'locktest', password: 'Wrong@2026', code: org.code });
      expect(r.statusCode).toBe(401);
    }
    const sixth = await login({ username: 'locktest', password: 'Wrong@2026', code: org.code });
    expect(sixth.statusCode).toBe(429);
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
  it('validates, then revokes the other sessions only', async () => {
    const other = (await login({ username: 'admin', password: org.password, code: org.code })).json().token;
    const current = (await login({ username: 'admin', password: org.password, code: org.code })).json().token;
    const short = await ctx.app.inject({ method: 'POST', url: '/api/users/change-password', headers: bearer(current), payload: { newPassword: 'short', confirmPassword: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().details[0]).toEqual({ field: 'newPassword', message: 'Password must be 8 char or above!.' });
    const mismatch = await ctx.app.inject({ method: 'POST', url: '/api/users/change-password', headers: bearer(current), payload: { newPassword: 'Longer@2026', confirmPassword: 'Other@2026x' } });
    expect(mismatch.json().details[0]).toEqual({ field: 'confirmPassword', message: 'Password is not match!' });
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/users/change-password', headers: bearer(current), payload: { newPassword: 'Longer@2026', confirmPassword: 'Longer@2026' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('New account has been added');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(current) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(other) })).statusCode).toBe(401);
    expect((await login({ username: 'admin', password: 'Longer@2026', code: org.code })).statusCode).toBe(200);
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
