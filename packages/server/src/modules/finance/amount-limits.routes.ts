// /api/finance/amount-limits: the organisation's per-document maximum and the "unusually large"
// confirmation threshold (issue 12). Reading is for every signed-in user (the money forms ask above the
// threshold); changing the maximum is the company profile's privilege. Paths and schemas are the
// contracts' amountLimitsEndpoints.
import type { FastifyInstance } from 'fastify';
import { amountLimitsEndpoints as api } from '@ubo/contracts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { getAmountLimits, updateAmountLimits } from './amount-limits.ts';

const tags = ['finance'];

export async function amountLimitsRoutes(app: FastifyInstance) {
  serve(app, api.get, { access: 'authenticated', tags }, async (req) => tenantTx(req, (tx) => getAmountLimits({ tx, clientId: caller(req).clientId })));

  serve(app, api.update, { access: { privilege: 'company-profile' }, tags }, async (req) =>
    tenantTx(req, (tx, actor) => updateAmountLimits({ tx, actor, input: req.body })),
  );
}
