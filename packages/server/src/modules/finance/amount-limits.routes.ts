// /api/finance/amount-limits: the organisation's per-document maximum and the "unusually large"
// confirmation threshold (issue 12). Reading is for every signed-in user (the money forms ask above the
// threshold); changing the maximum is the company profile's privilege.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { amountLimits, amountLimitsBody } from '@ubo/contracts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { getAmountLimits, updateAmountLimits } from './amount-limits.ts';

export async function amountLimitsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['finance'];

  r.get(
    '/api/finance/amount-limits',
    {
      config: { access: 'authenticated' },
      schema: { tags, response: { 200: amountLimits } },
    },
    async (req) => tenantTx(req, (tx) => getAmountLimits({ tx, clientId: caller(req).clientId })),
  );

  r.put(
    '/api/finance/amount-limits',
    {
      config: { access: { privilege: 'company-profile' } },
      schema: { tags, body: amountLimitsBody, response: { 200: amountLimits } },
    },
    async (req) => tenantTx(req, (tx, actor) => updateAmountLimits({ tx, actor, input: req.body })),
  );
}
