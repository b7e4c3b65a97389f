// GET /api/dashboard: the first screen after sign-in (privilege `dashboard`). The path and schema are the
// contracts' dashboardEndpoints.
import type { FastifyInstance } from 'fastify';
import { dashboardEndpoints as api } from '@ubo/contracts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { readDashboard } from './read-dashboard.ts';

export async function dashboardRoutes(app: FastifyInstance) {
  serve(app, api.get, { access: { privilege: 'dashboard' }, tags: ['dashboard'] }, async (req) => {
    const auth = caller(req);
    return tenantTx(req, (tx) => readDashboard({ tx, clientId: auth.clientId, userId: auth.userId }));
  });
}
