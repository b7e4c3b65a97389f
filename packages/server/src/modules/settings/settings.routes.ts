// Settings basics: company profile (elc/settings/company, its logo and signature), the subscription
// view, and the cities, categories and units lists.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyImageKinds, companyProfile, subscriptionInfo, updateCompanyBody } from '@ubo/contracts';
import { tenantTx } from '../../plugins/auth.ts';
import { readImageUpload } from '../files/index.ts';
import { clearCompanyImage, getCompany, setCompanyImage, updateCompany } from './company.ts';
import { getSubscription } from './get-subscription.ts';
import { referenceListRoutes } from '../../lib/reference-list.ts';
import { categoryList, cityList, unitList } from './reference-lists.ts';

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const companyAccess = { access: { privilege: 'company-profile' } };
  const tags = ['settings'];

  r.get(
    '/api/elc/settings/company',
    {
      config: companyAccess,
      schema: { tags, response: { 200: companyProfile } },
    },
    async (req) => tenantTx(req, (tx, actor) => getCompany({ tx, actor })),
  );

  r.put(
    '/api/elc/settings/company',
    {
      config: companyAccess,
      schema: { tags, body: updateCompanyBody, response: { 200: companyProfile } },
    },
    async (req) => tenantTx(req, (tx, actor) => updateCompany({ tx, actor, input: req.body })),
  );

  for (const kind of companyImageKinds) {
    const path = `/api/elc/settings/company/${kind}`;
    r.post(
      path,
      {
        config: companyAccess,
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: companyProfile } },
      },
      async (req) => {
        // Read and check the whole upload before the transaction opens: no connection waits on the network.
        const upload = await readImageUpload(req);
        return tenantTx(req, (tx, actor) => setCompanyImage({ tx, actor, kind, upload }));
      },
    );

    r.delete(
      path,
      {
        config: companyAccess,
        schema: { tags, response: { 200: companyProfile } },
      },
      async (req) => tenantTx(req, (tx, actor) => clearCompanyImage({ tx, actor, kind })),
    );
  }

  r.get(
    '/api/elc/settings/subscription',
    {
      // Readable after expiry too: the administrator needs the payments to renew.
      config: { ...companyAccess, allowExpired: true },
      schema: { tags, response: { 200: subscriptionInfo } },
    },
    async (req) => tenantTx(req, (tx, actor) => getSubscription({ tx, actor })),
  );

  referenceListRoutes(app, cityList);
  referenceListRoutes(app, categoryList);
  referenceListRoutes(app, unitList);
}
