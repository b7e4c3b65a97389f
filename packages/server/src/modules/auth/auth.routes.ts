// /api/auth/* and /api/users/change-password (spec section 7). Paths and schemas are the contracts' authEndpoints.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { authEndpoints as api, type DashboardKind, profileEndpoints as me, translate } from '@ubo/contracts';
import { readImageUpload } from '../files/index.ts';
import { clearMySignature, getMyProfile, readMySignature, setMySignature, updateMyProfile } from './my-profile.ts';
import { actorOf, caller, checkToken, tenantTx } from '../../plugins/auth.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { type EndpointHandler, serve } from '../../plugins/endpoint.ts';
import { clients, subscriptionPayments } from '../organisations/index.ts';
import { privilegesOf, sessions, userClasses, users } from '../users/index.ts';
import { login, type SignInContext, TooManyAttempts } from './login.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { checkCurrentPassword } from './current-password.ts';
import type { Db } from '../../db/client.ts';

/** A screen the server wants the user to see first (web adds ?action=must). */
async function forcedRoute(tx: Db, isAdmin: boolean, clientId: number): Promise<string | undefined> {
  if (!isAdmin) return undefined;
  const [c] = await tx.select().from(clients).where(eq(clients.id, clientId));
  return c && (!c.address || !c.phone) ? '/settings/company-profile' : undefined;
}

/** Sign-in has no actor yet: it gets the server's keys and what the request says about the caller. */
function signInContext(req: FastifyRequest): SignInContext {
  return {
    db: req.server.db,
    tokenSecret: req.server.tokenSecret,
    tokenTtlHours: req.server.tokenTtlHours,
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
    lang: req.lang,
  };
}

/** A throttled attempt tells the client when to try again (Retry-After, seconds). */
const withRetryAfter =
  (reply: FastifyReply) =>
  (err: unknown): never => {
    if (err instanceof TooManyAttempts) reply.header('retry-after', String(err.retryAfter));
    throw err;
  };

export async function authRoutes(app: FastifyInstance) {
  const tags = ['auth'];
  // Reachable while the password must change or the subscription has expired: the screens that deal with it.
  const always = { access: 'authenticated' as const, allowMustChange: true, allowExpired: true, tags };

  serve(app, api.login, { access: 'public', tags }, async (req, reply) => login({ ctx: signInContext(req), input: req.body }).catch(withRetryAfter(reply)));

  const readProfile = async (req: FastifyRequest) => {
    const auth = caller(req);
    return tenantTx(req, async (tx) => {
      const [u] = await tx.select().from(users).where(eq(users.id, auth.userId));
      const [c] = await tx.select().from(clients).where(eq(clients.id, auth.clientId));
      const route = await forcedRoute(tx, auth.isAdmin, auth.clientId);
      // The user's class presets the dashboard they start on; no class (or an inactive one): the general one.
      const [userClass] = u.userClassId
        ? await tx
            .select({ dashboard: userClasses.dashboard })
            .from(userClasses)
            .where(and(eq(userClasses.id, u.userClassId), eq(userClasses.status, 'Active')))
        : [];
      return {
        id: u.id,
        fullname: u.fullname,
        username: u.username,
        email: u.email,
        phone: u.phone,
        signature: u.signature,
        billing_code: c.billingCode,
        code: c.code,
        client_name: c.name,
        clientName: c.name,
        clientCode: c.code,
        branchId: u.branchId,
        privileges: await privilegesOf(tx, u),
        isAdmin: u.isAdmin,
        mustChangePassword: u.mustChangePassword,
        dashboard: (userClass?.dashboard ?? 'general') as DashboardKind,
        ...(route ? { route } : {}),
      };
    });
  };
  serve(app, api.profile, always, readProfile);
  // auth/view: the same record (the spec's name for it).
  serve(app, api.view, always, readProfile);
  // auth/validatetoken: public, so an invalid token gets an answer instead of a 401 that signs the screen out.
  serve(app, api.validateToken, { access: 'public', tags }, async (req) => checkToken(req.server, req.headers.authorization));

  serve(app, api.expired, always, async (req) => {
    const auth = caller(req);
    return tenantTx(req, async (tx) => {
      const [c] = await tx.select().from(clients).where(eq(clients.id, auth.clientId));
      const payments = auth.isAdmin
        ? (await tx.select().from(subscriptionPayments).orderBy(desc(subscriptionPayments.billDate)).limit(50)).map((p) => ({
            name: p.name,
            bill_amount: p.billAmount,
            bill_date: p.billDate,
            expire_date: p.expireDate,
          }))
        : undefined;
      return {
        clientName: c.name,
        clientCode: c.code,
        shortCode: c.shortCode,
        contactPhone: c.contactPhone,
        expiresOn: c.subscriptionExpiresOn,
        isAdmin: auth.isAdmin,
        ...(payments ? { payments } : {}),
      };
    });
  });

  serve(app, api.logout, always, async (req) => {
    const auth = caller(req);
    await tenantTx(req, async (tx, actor) => {
      await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, auth.sessionId));
      await writeAudit(tx, actor, { action: 'logout', entity: 'session', entityId: auth.sessionId });
    });
    return { ok: true as const };
  });

  const updateProfile: EndpointHandler<typeof api.updateProfile> = async (req) => {
    const auth = caller(req);
    await tenantTx(req, async (tx, actor) => {
      const [before] = await tx.select().from(users).where(eq(users.id, auth.userId));
      const change = {
        fullname: req.body.fullname,
        ...(req.body.signature !== undefined ? { signature: req.body.signature || null } : {}),
        ...(req.body.email !== undefined ? { email: req.body.email || null } : {}),
        ...(req.body.phone !== undefined ? { phone: req.body.phone || null } : {}),
        updatedAt: new Date(),
      };
      await tx.update(users).set(change).where(eq(users.id, auth.userId));
      await writeAudit(tx, actor, {
        action: 'update',
        entity: 'profile',
        entityId: auth.userId,
        before: { fullname: before.fullname, signature: before.signature, email: before.email, phone: before.phone },
        after: req.body,
      });
    });
    return { ok: true as const, message: translate('common.saved', req.lang) };
  };
  serve(app, api.updateProfile, { access: 'authenticated', tags }, updateProfile);
  // auth/update: the same change under the spec's name.
  serve(app, api.update, { access: 'authenticated', tags }, (req, reply) => updateProfile(req, reply));

  serve(app, api.changePassword, { access: 'authenticated', allowMustChange: true, tags }, async (req, reply) => {
    const auth = caller(req);
    await checkCurrentPassword({ db: req.server.db, actor: actorOf(req), password: req.body.currentPassword }).catch(withRetryAfter(reply));
    const passwordHash = await hashPassword(req.body.newPassword);
    await tenantTx(req, async (tx, actor) => {
      // The token version stays, so this session lives on; every other session of the user is revoked.
      await tx.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: new Date() }).where(eq(users.id, auth.userId));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, auth.userId), ne(sessions.id, auth.sessionId), sql`${sessions.revokedAt} is null`));
      await writeAudit(tx, actor, { action: 'password', entity: 'user', entityId: auth.userId });
    });
    return { ok: true as const, message: translate('auth.passwordChanged', req.lang) };
  });

  // The profile screen (/users/profile): every signed-in user, on their own row only.
  const own = { access: 'authenticated' as const, tags };
  serve(app, me.get, own, async (req) => tenantTx(req, (tx, actor) => getMyProfile({ tx, actor })));
  serve(app, me.update, own, async (req) => tenantTx(req, (tx, actor) => updateMyProfile({ tx, actor, input: req.body })));
  serve(app, me.uploadSignature, own, async (req) => {
    // Read and check the whole upload before the transaction opens.
    const upload = await readImageUpload(req);
    return tenantTx(req, (tx, actor) => setMySignature({ tx, actor, upload }));
  });
  serve(app, me.removeSignature, own, async (req) => tenantTx(req, (tx, actor) => clearMySignature({ tx, actor })));
  serve(app, me.signature, own, async (req, reply) => {
    const file = await tenantTx(req, (tx, actor) => readMySignature({ tx, actor }));
    return reply
      .header('content-type', file.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-cache')
      .send(file.content);
  });
}
