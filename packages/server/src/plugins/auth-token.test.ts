// The per-request token check (plugins/auth.ts): HS256 only, signature before anything else, expiry,
// and a session that must belong to the token's user and organisation, read fresh on every request.
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let other: Awaited<ReturnType<typeof newOrganisation>>;
let claims: { sid: string; uid: number; cid: number };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token put together by hand (jose refuses to sign some of the headers tried here). */
const handMade = (header: Record<string, unknown>, payload: Record<string, unknown>) => {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', ctx.app.tokenSecret).update(body).digest('base64url')}`;
};
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });
const sign = (
  payload: Record<string, unknown>,
  opts: { alg?: string; secret?: Uint8Array; expires?: string | number; jti?: string; header?: Record<string, unknown> } = {},
) => {
  const jwt = new SignJWT(payload)
    .setProtectedHeader({ alg: opts.alg ?? 'HS256', ...opts.header })
    .setJti(opts.jti ?? claims.sid)
    .setIssuedAt();
  jwt.setExpirationTime(opts.expires ?? '1h');
  return jwt.sign(opts.secret ?? ctx.app.tokenSecret);
};

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx);
  other = await newOrganisation(ctx);
  const payload = JSON.parse(Buffer.from(org.token.split('.')[1], 'base64url').toString('utf8'));
  claims = { sid: payload.jti, uid: payload.uid, cid: payload.cid };
});
afterAll(() => ctx.close());

describe('the token check', () => {
  it('accepts the token of a live session, and one re-signed with the same claims', async () => {
    expect((await me(org.token)).statusCode).toBe(200);
    expect((await me(await sign({ uid: claims.uid, cid: claims.cid }))).statusCode).toBe(200);
    expect(
      (await me(handMade({ alg: 'HS256' }, { uid: claims.uid, cid: claims.cid, jti: claims.sid, exp: Math.floor(Date.now() / 1000) + 600 }))).statusCode,
    ).toBe(200);
  });

  it('refuses another algorithm, an unsigned token, a critical header, another secret and a changed payload', async () => {
    const [header, payload] = org.token.split('.');
    const forged = [
      await sign({ uid: claims.uid, cid: claims.cid }, { alg: 'HS512' }),
      `${b64({ alg: 'none' })}.${payload}.`,
      `${b64({ alg: 'none' })}.${payload}.${org.token.split('.')[2]}`,
      handMade({ alg: 'HS256', crit: ['exp'] }, { uid: claims.uid, cid: claims.cid, jti: claims.sid, exp: Math.floor(Date.now() / 1000) + 600 }),
      await sign({ uid: claims.uid, cid: claims.cid }, { secret: new TextEncoder().encode('another secret of the same length!!') }),
      `${header}.${b64({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), uid: claims.uid + 1 })}.${org.token.split('.')[2]}`,
      `${header}.${payload}`,
    ];
    for (const token of forged) expect([token, (await me(token)).statusCode]).toEqual([token, 401]);
  });

  it('refuses an expired token, and claims that are missing or not a session id', async () => {
    expect((await me(await sign({ uid: claims.uid, cid: claims.cid }, { expires: Math.floor(Date.now() / 1000) - 1 }))).statusCode).toBe(401);
    expect((await me(await sign({ cid: claims.cid }))).statusCode).toBe(401);
    expect((await me(await sign({ uid: claims.uid, cid: claims.cid }, { jti: 'not-a-session' }))).statusCode).toBe(401);
  });

  it('refuses a session presented with another organisation or another user', async () => {
    expect((await me(await sign({ uid: claims.uid, cid: other.clientId }))).statusCode).toBe(401);
    expect((await me(await sign({ uid: other.adminId, cid: claims.cid }))).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(200);
  });
});

describe('requests arriving together', () => {
  it('share one session lookup yet each gets its own caller, and a bad token among them is refused alone', async () => {
    const third = await newOrganisation(ctx);
    const loggedOut = await newOrganisation(ctx);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(loggedOut.token) })).statusCode).toBeLessThan(300);
    const tokens = [org.token, other.token, await sign({ uid: claims.uid, cid: other.clientId }), third.token, loggedOut.token, org.token];
    const answers = await Promise.all(tokens.map(me));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 200, 401, 200]);
    // Each caller sees its own organisation, never a neighbour's in the same lookup.
    const callerOf = (i: number) => [answers[i].json().clientCode, answers[i].json().id];
    expect([callerOf(0), callerOf(1), callerOf(3), callerOf(5)]).toEqual([
      [org.code, org.adminId],
      [other.code, other.adminId],
      [third.code, third.adminId],
      [org.code, org.adminId],
    ]);
  });
});
