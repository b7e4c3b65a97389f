// The request path's yardstick: a bare Fastify + node-postgres server answering GET /api/cities with the
// same round trips as the app and nothing else: the token's HMAC checked, ONE session statement (session,
// user, organisation and role privileges, as plugins/auth.ts loads them), a tenant transaction under
// row-level security opened in one message (BEGIN + set_config of the organisation, user and role), a page
// of cities and its count, COMMIT. No validation library, no ORM, no hooks, no response schema.
import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';

const SESSION_SQL = `
  select u.id, u.status, u.must_change_password, u.token_version as user_tv, s.token_version as session_tv,
         (s.revoked_at is null and s.expires_at > now()) as session_ok,
         coalesce(c.subscription_expires_on < current_date, false) as expired,
         coalesce((select array_agg(rp.privilege) from role_privileges rp
                   where rp.client_id = $1 and rp.role_id = u.role_id), '{}') as role_privileges,
         u.is_admin, u.extra_privileges
  from sessions s
  join users u on u.client_id = s.client_id and u.id = s.user_id
  join clients c on c.id = s.client_id
  where s.client_id = $1 and s.id = $2 and s.user_id = $3`;

const PAGE_SQL = 'select id, name, region, status, created_at, updated_at from cities order by lower(name), id limit 100 offset 0';
const COUNT_SQL = 'select count(*)::int as total from cities';

function verify(token: string, secret: Buffer): { sid: string; uid: number; cid: number } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as { jti?: string; uid?: number; cid?: number; exp?: number };
  if (typeof claims.exp !== 'number' || claims.exp <= Date.now() / 1000) return null;
  if (typeof claims.jti !== 'string' || !Number.isInteger(claims.uid) || !Number.isInteger(claims.cid)) return null;
  return { sid: claims.jti, uid: claims.uid as number, cid: claims.cid as number };
}

export async function buildBareServer(opts: { url: string; tokenSecret: string; poolSize: number }): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize });
  const secret = Buffer.from(new TextEncoder().encode(opts.tokenSecret));
  const app = Fastify({ logger: false });
  app.get('/api/cities', async (req, reply) => {
    const claims = verify(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '', secret);
    if (!claims) return reply.status(401).send({ statusCode: 401 });
    const {
      rows: [me],
    } = await pool.query({ name: 'bare_session', text: SESSION_SQL, values: [claims.cid, claims.sid, claims.uid] });
    if (!me?.session_ok || me.status !== 'Active' || me.user_tv !== me.session_tv) return reply.status(401).send({ statusCode: 401 });
    const client = await pool.connect();
    try {
      await client.query(
        `begin; select set_config('app.client_id', '${claims.cid}', true), set_config('app.user_id', '${claims.uid}', true), set_config('role', 'ubo_app', true)`,
      );
      const page = await client.query({ name: 'bare_page', text: PAGE_SQL });
      const count = await client.query({ name: 'bare_count', text: COUNT_SQL });
      await client.query('commit');
      return {
        data: page.rows.map((r) => ({
          id: r.id,
          name: r.name,
          region: r.region,
          status: r.status,
          createdAt: r.created_at.toISOString(),
          updatedAt: r.updated_at.toISOString(),
        })),
        total: count.rows[0].total,
        page: 1,
        limit: 100,
      };
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}
