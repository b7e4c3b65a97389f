// /api/notifications: the navbar bell. The providers come from the modules that contribute one (through
// their index.ts), gathered by modules/routes.ts: this module imports none of them.
import type { FastifyInstance } from 'fastify';
import { bellEndpoints as api } from '@ubo/contracts';
import type { BellProvider } from '../../lib/bell.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { markBellSeen, readBell } from './read-bell.ts';

export function notificationsRoutesFor(providers: readonly BellProvider[]) {
  const keys = new Set<string>();
  for (const p of providers) {
    if (keys.has(p.key)) throw new Error(`Two bell providers named ${p.key}`);
    keys.add(p.key);
  }
  return async function notificationsRoutes(app: FastifyInstance) {
    const signedIn = { access: 'authenticated' as const, tags: ['notifications'] };
    serve(app, api.summary, signedIn, async (req) => tenantTx(req, (tx, actor) => readBell({ tx, actor, privileges: caller(req), providers })));
    serve(app, api.seen, signedIn, async (req) =>
      tenantTx(req, async (tx, actor) => {
        await markBellSeen({ tx, actor, kind: req.body.key, providers });
        return readBell({ tx, actor, privileges: caller(req), providers });
      }),
    );
  };
}
