// The environment: the token secret is generated once per data directory and kept (tokens survive a
// restart, no secret lives in the code), TOKEN_SECRET overrides it, and the token lifetime is honoured.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { loadConfig, loadTokenSecret } from './config.ts';
import { queryRows } from './db/rows.ts';
import { inSystem } from './db/tenant.ts';
import { bearer, newOrganisation, nextIp, startTestApp, type TestContext } from '../test/harness.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ubo-config-'));
  dirs.push(dir);
  return join(dir, 'data');
};
afterEach(() => vi.unstubAllEnvs());
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('token secret', () => {
  it('is generated on first start, kept in the data directory readable by its owner only, and read back on the next start', () => {
    vi.stubEnv('TOKEN_SECRET', '');
    const dataDir = freshDir();
    const first = loadTokenSecret(dataDir);
    expect(first).toMatch(/^[A-Za-z0-9_-]{64}$/); // 48 random bytes
    const file = join(dataDir, 'token-secret');
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadTokenSecret(dataDir)).toBe(first);
    expect(loadTokenSecret(freshDir())).not.toBe(first);
  });

  it('comes from TOKEN_SECRET when set, and then no file is written', () => {
    vi.stubEnv('TOKEN_SECRET', 'set-by-the-operator');
    const dataDir = freshDir();
    expect(loadTokenSecret(dataDir)).toBe('set-by-the-operator');
    expect(existsSync(join(dataDir, 'token-secret'))).toBe(false);
    vi.stubEnv('DATA_DIR', dataDir);
    expect(loadConfig([]).tokenSecret).toBe('set-by-the-operator');
  });
});

describe('configuration', () => {
  it('gives tokens 8 hours unless TOKEN_TTL_HOURS says otherwise', () => {
    vi.stubEnv('TOKEN_SECRET', 'x');
    vi.stubEnv('DATA_DIR', freshDir());
    vi.stubEnv('TOKEN_TTL_HOURS', undefined);
    expect(loadConfig([]).tokenTtlHours).toBe(8);
    vi.stubEnv('TOKEN_TTL_HOURS', '2');
    expect(loadConfig([]).tokenTtlHours).toBe(2);
  });

  it('seeds the demo on the embedded database unless told not to, and on PostgreSQL only when asked', () => {
    vi.stubEnv('TOKEN_SECRET', 'x');
    vi.stubEnv('DATA_DIR', freshDir());
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('SEED_DEMO', '');
    expect(loadConfig([]).seedDemo).toBe(true);
    vi.stubEnv('SEED_DEMO', '0');
    expect(loadConfig([]).seedDemo).toBe(false);
    vi.stubEnv('DATABASE_URL', 'postgres://db.example/ubo');
    vi.stubEnv('SEED_DEMO', '');
    expect(loadConfig([]).seedDemo).toBe(false);
    expect(loadConfig(['node', 'main.ts', '--demo']).seedDemo).toBe(true);
  });
});

describe('token lifetime', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  it('signs tokens and sessions for the configured hours, and refuses the token once its session has expired', async () => {
    const org = await newOrganisation(ctx, { name: 'Burao Power' });
    const app = await buildApp({ db: ctx.database.db, tokenSecret: 'a-secret-for-this-test-only-0123456789', tokenTtlHours: 2 });
    await app.ready();
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password: org.password, code: org.code },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(200);
      const token: string = res.json().token;
      const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
      expect(claims.exp - claims.iat).toBe(2 * 3600);
      const [session] = await inSystem(ctx.database.db, (tx) =>
        queryRows<{ seconds: number }>(tx, sql`select extract(epoch from expires_at - created_at)::int as seconds from sessions where id = ${claims.jti}`),
      );
      expect(Math.abs(session.seconds - 2 * 3600)).toBeLessThan(60);

      expect((await app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) })).statusCode).toBe(200);
      await inSystem(ctx.database.db, (tx) => tx.execute(sql`update sessions set expires_at = now() - interval '1 second' where id = ${claims.jti}`));
      expect((await app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
