// Settings basics: company profile (elc/settings/company, its logo and signature), the subscription
// view, and the cities, categories and units lists. Paths and schemas are the contracts' companyEndpoints
// and, through the lists (reference-lists.ts), citiesEndpoints, categoriesEndpoints and unitsEndpoints.
import type { FastifyInstance } from 'fastify';
import { companyEndpoints as api, cityEndpoints, type CompanyImageKind, organisationSettingsEndpoints as named } from '@ubo/contracts';
import { tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { readImageUpload } from '../files/index.ts';
import { clearCompanyImage, getCompany, getOrganisationConfig, getPublicProfile, setCompanyImage, updateCompany } from './company.ts';
import { getSubscription } from './get-subscription.ts';
import { createReference, getReference, referenceListRoutes, updateReference } from '../../lib/reference-list.ts';
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

  // The spec's named paths (section 7). elc/settings and company: the settings screen's reads (company-profile);
  // elc/settings/config and elc/profile: what any signed-in screen shows of the organisation.
  serve(app, named.settings, config, async (req) =>
    tenantTx(req, async (tx, actor) => ({ company: await getCompany({ tx, actor }), config: await getOrganisationConfig({ tx, actor }) })),
  );
  serve(app, named.company, config, async (req) => tenantTx(req, (tx, actor) => getCompany({ tx, actor })));
  const signedIn = { access: 'authenticated' as const, tags };
  serve(app, named.config, signedIn, async (req) => tenantTx(req, (tx, actor) => getOrganisationConfig({ tx, actor })));
  serve(app, named.profile, signedIn, async (req) => tenantTx(req, (tx, actor) => getPublicProfile({ tx, actor })));

  referenceListRoutes(app, cityList);
  // The spec's `city`: one city read, created or updated, the same rules as /api/cities.
  const cities = { access: { privilege: cityList.privilege }, tags };
  serve(app, cityEndpoints.get, cities, async (req) => tenantTx(req, (tx) => getReference({ tx, list: cityList, id: req.params.id })));
  serve(app, cityEndpoints.create, cities, async (req) => tenantTx(req, (tx, actor) => createReference({ tx, actor, list: cityList, input: req.body })));
  serve(app, cityEndpoints.update, cities, async (req) =>
    tenantTx(req, (tx, actor) => updateReference({ tx, actor, list: cityList, id: req.params.id, input: req.body })),
  );
  referenceListRoutes(app, categoryList);
  referenceListRoutes(app, unitList);
}
