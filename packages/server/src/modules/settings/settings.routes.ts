// Settings basics: company profile (elc/settings/company, its logo and signature), the subscription
// view, and the cities, categories and units lists. Paths and schemas are the contracts' companyEndpoints
// and, through the lists (reference-lists.ts), citiesEndpoints, categoriesEndpoints and unitsEndpoints.
import type { FastifyInstance } from 'fastify';
import { companyEndpoints as api, type CompanyImageKind } from '@ubo/contracts';
import { tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { readImageUpload } from '../files/index.ts';
import { clearCompanyImage, getCompany, setCompanyImage, updateCompany } from './company.ts';
import { getSubscription } from './get-subscription.ts';
import { referenceListRoutes } from '../../lib/reference-list.ts';
import { categoryList, cityList, unitList } from './reference-lists.ts';

export async function settingsRoutes(app: FastifyInstance) {
  const tags = ['settings'];
  const config = { access: { privilege: 'company-profile' }, tags };

  serve(app, api.get, config, async (req) => tenantTx(req, (tx, actor) => getCompany({ tx, actor })));

  serve(app, api.update, config, async (req) => tenantTx(req, (tx, actor) => updateCompany({ tx, actor, input: req.body })));

  const images: {
    kind: CompanyImageKind;
    upload: typeof api.uploadLogo | typeof api.uploadSignature;
    remove: typeof api.removeLogo | typeof api.removeSignature;
  }[] = [
    { kind: 'logo', upload: api.uploadLogo, remove: api.removeLogo },
    { kind: 'signature', upload: api.uploadSignature, remove: api.removeSignature },
  ];
  for (const { kind, upload, remove } of images) {
    serve(app, upload, config, async (req) => {
      // Read and check the whole upload before the transaction opens: no connection waits on the network.
      const image = await readImageUpload(req);
      return tenantTx(req, (tx, actor) => setCompanyImage({ tx, actor, kind, upload: image }));
    });

    serve(app, remove, config, async (req) => tenantTx(req, (tx, actor) => clearCompanyImage({ tx, actor, kind })));
  }

  // Readable after expiry too: the administrator needs the payments to renew.
  serve(app, api.subscription, { ...config, allowExpired: true }, async (req) => tenantTx(req, (tx, actor) => getSubscription({ tx, actor })));

  referenceListRoutes(app, cityList);
  referenceListRoutes(app, categoryList);
  referenceListRoutes(app, unitList);
}
