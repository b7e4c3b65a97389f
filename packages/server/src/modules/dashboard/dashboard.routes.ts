// GET /api/dashboard: the first screen after sign-in (privilege `dashboard`).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSummary } from '@ubo/contracts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { readDashboard } from './read-dashboard.ts';

export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/dashboard',
    {
      config: { access: { privilege: 'dashboard' } },
      schema: { tags: ['dashboard'], response: { 200: dashboardSummary } },
    },
    async (req) => {
      const auth = caller(req);
      return tenantTx(req, (tx) => readDashboard({ tx, clientId: auth.clientId, userId: auth.userId }));
    },
  );
}
