// Every route of a converted module is an endpoint of the contracts (same method and path, registered
// from it by plugins/endpoint.ts), and every endpoint the contracts give those modules is served: a path
// is written once, in the contracts. Modules not yet converted are listed by name below; convert one
// (contracts <folder>/endpoints.ts, serve() in its routes, api.call on the web), then move it up.
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import {
  requestsEndpoints,
  ticketsEndpoints,
  operatorEndpoints,
  profileEndpoints,
  bellEndpoints,
  organisationExportEndpoints,
  assetsEndpoints,
  employeesEndpoints,
  leavesEndpoints,
  hrSettingsEndpoints,
  loansEndpoints,
  adjustmentsEndpoints,
  payrollEndpoints,
  hrReportsEndpoints,
  hrDepartmentsEndpoints,
  hrSubSectionsEndpoints,
  hrJobTitlesEndpoints,
  hrDutiesEndpoints,
  hrDutyStationsEndpoints,
  hrInstitutionsEndpoints,
  hrFacultiesEndpoints,
  hrBankTypesEndpoints,
  hrAllowanceTypesEndpoints,
  hrBonusTypesEndpoints,
  hrDeductionTypesEndpoints,
  hrLeaveTypesEndpoints,
  amountLimitsEndpoints,
  authEndpoints,
  branchesEndpoints,
  categoriesEndpoints,
  citiesEndpoints,
  userClassesEndpoints,
  cityEndpoints,
  organisationSettingsEndpoints,
  companyEndpoints,
  dashboardEndpoints,
  billingReportsEndpoints,
  billPrintEndpoints,
  billsEndpoints,
  customersEndpoints,
  customerAccountEndpoints,
  customerTransfersEndpoints,
  type Endpoint,
  filesEndpoints,
  financeEndpoints,
  financeReportsEndpoints,
  housesEndpoints,
  itemsEndpoints,
  vendorBillsEndpoints,
  cashPurchasesEndpoints,
  purchaseReturnsEndpoints,
  purchaseOrdersEndpoints,
  purchasesEndpoints,
  purchasePrintEndpoints,
  quotationsEndpoints,
  salesChoicesEndpoints,
  salesInvoicesEndpoints,
  salesReceiptsEndpoints,
  salesReportsEndpoints,
  salesReturnsEndpoints,
  stockCountsEndpoints,
  stockReportsEndpoints,
  menusEndpoints,
  logSheetEndpoints,
  notesEndpoints,
  paymentBatchesEndpoints,
  paymentsEndpoints,
  readingsEndpoints,
  rolesEndpoints,
  stockAdjustmentsEndpoints,
  stockMovesEndpoints,
  stockSettingsEndpoints,
  stockTransfersEndpoints,
  smsEndpoints,
  emailEndpoints,
  tariffsEndpoints,
  unitsEndpoints,
  treasuryEndpoints,
  usersEndpoints,
  zonesEndpoints,
  vendorsEndpoints,
  receiptBooksEndpoints,
  complaintsEndpoints,
  marketingEndpoints,
  vendorPaymentsEndpoints,
  vendorReportsEndpoints,
} from '@ubo/contracts';
import { moduleRoutes } from '../src/modules/routes.ts';

/** Route plugins served wholly from endpoints, with the endpoint groups of the contracts they serve. */
const converted: Record<string, Record<string, Endpoint>[]> = {
  authRoutes: [authEndpoints, profileEndpoints],
  helpCenterRoutes: [ticketsEndpoints, operatorEndpoints],
  notificationsRoutes: [bellEndpoints],
  backupRoutes: [organisationExportEndpoints],
  usersRoutes: [usersEndpoints, rolesEndpoints, userClassesEndpoints],
  zonesRoutes: [zonesEndpoints],
  tariffsRoutes: [tariffsEndpoints],
  notesRoutes: [notesEndpoints],
  auditLogRoutes: [logSheetEndpoints],
  meteringRoutes: [housesEndpoints, readingsEndpoints],
  purchasesRoutes: [
    vendorBillsEndpoints,
    cashPurchasesEndpoints,
    purchaseReturnsEndpoints,
    purchaseOrdersEndpoints,
    purchasesEndpoints,
    purchasePrintEndpoints,
  ],
  itemsRoutes: [
    itemsEndpoints,
    stockMovesEndpoints,
    stockAdjustmentsEndpoints,
    stockTransfersEndpoints,
    stockSettingsEndpoints,
    stockCountsEndpoints,
    stockReportsEndpoints,
  ],
  menusRoutes: [menusEndpoints],
  dashboardRoutes: [dashboardEndpoints],
  settingsRoutes: [companyEndpoints, organisationSettingsEndpoints, citiesEndpoints, cityEndpoints, categoriesEndpoints, unitsEndpoints],
  organisationsRoutes: [branchesEndpoints],
  filesRoutes: [filesEndpoints],
  smsRoutes: [smsEndpoints],
  emailRoutes: [emailEndpoints],
  customersRoutes: [customersEndpoints],
  salesRoutes: [salesInvoicesEndpoints, salesReceiptsEndpoints, quotationsEndpoints, salesReturnsEndpoints, salesChoicesEndpoints, salesReportsEndpoints],
  billsRoutes: [billsEndpoints],
  billPrintRoutes: [billPrintEndpoints],
  billingReportsRoutes: [billingReportsEndpoints],
  financeRoutes: [financeEndpoints],
  amountLimitsRoutes: [amountLimitsEndpoints],
  financeReportsRoutes: [financeReportsEndpoints],
  treasuryRoutes: [treasuryEndpoints],
  vendorsRoutes: [vendorsEndpoints, vendorPaymentsEndpoints, vendorReportsEndpoints],
  receiptBooksRoutes: [receiptBooksEndpoints],
  complaintsRoutes: [complaintsEndpoints],
  marketingRoutes: [marketingEndpoints],
  paymentsRoutes: [paymentsEndpoints, paymentBatchesEndpoints, customerTransfersEndpoints, customerAccountEndpoints],
  requestsRoutes: [requestsEndpoints],
  assetsRoutes: [assetsEndpoints],
  hrRoutes: [
    employeesEndpoints,
    leavesEndpoints,
    hrSettingsEndpoints,
    hrDepartmentsEndpoints,
    hrSubSectionsEndpoints,
    hrJobTitlesEndpoints,
    hrDutiesEndpoints,
    hrDutyStationsEndpoints,
    hrInstitutionsEndpoints,
    hrFacultiesEndpoints,
    hrBankTypesEndpoints,
    hrAllowanceTypesEndpoints,
    hrBonusTypesEndpoints,
    hrDeductionTypesEndpoints,
    hrLeaveTypesEndpoints,
    loansEndpoints,
    adjustmentsEndpoints,
    payrollEndpoints,
    hrReportsEndpoints,
  ],
};

/** Route plugins that still write their paths by hand: the list only shrinks. */
const stillToConvert: string[] = [];

interface Seen {
  method: string;
  url: string;
  endpoint?: Endpoint;
}

/** The routes one plugin registers, on a bare app never started (no database: no handler or hook runs). */
async function routesOf(plugin: (typeof moduleRoutes)[number]): Promise<Seen[]> {
  const app = Fastify();
  // Some plugins key per-database state on app.db at registration; a stand-in object serves.
  app.decorate('db', {} as never);
  // Bills and SMS define their background jobs on the worker at registration; nothing runs here.
  app.decorate('jobs', { define: () => {}, kick: () => {} } as never);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const seen: Seen[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // HEAD is Fastify's automatic twin of each GET.
    for (const method of methods) if (method !== 'HEAD') seen.push({ method, url: route.url, endpoint: route.config?.endpoint });
  });
  await app.register(plugin);
  return seen;
}

const key = (r: { method: string; url?: string; path?: string }) => `${r.method} ${r.url ?? r.path}`;

describe('endpoints in the contracts', () => {
  it('names every route plugin once: converted or still to convert', () => {
    const names = moduleRoutes.map((p) => p.name);
    expect([...Object.keys(converted), ...stillToConvert].sort()).toEqual([...names].sort());
  });

  it('gives no two endpoints the same method and path', () => {
    const all = Object.values(converted).flatMap((groups) => groups.flatMap((g) => Object.values(g)));
    expect(new Set(all.map(key)).size).toBe(all.length);
  });

  for (const [name, groups] of Object.entries(converted)) {
    it(`${name}: every route is an endpoint of the contracts and every endpoint is served`, async () => {
      const plugin = moduleRoutes.find((p) => p.name === name);
      if (!plugin) throw new Error(`no route plugin ${name}`);
      const routes = await routesOf(plugin);
      const byHand = routes.filter((r) => !r.endpoint).map(key);
      expect(byHand, 'routes registered without an endpoint').toEqual([]);
      for (const r of routes) expect(key(r), 'a route serves its endpoint at the endpoint’s method and path').toBe(key(r.endpoint as Endpoint));
      const expected = groups.flatMap((g) => Object.values(g));
      const served = new Set(routes.map((r) => r.endpoint));
      const unserved = expected.filter((e) => !served.has(e)).map(key);
      expect(unserved, 'endpoints of the contracts nobody serves').toEqual([]);
      expect(routes.length).toBe(expected.length);
    });
  }

  for (const name of stillToConvert) {
    it(`${name}: still writes a path by hand (else move it to the converted list)`, async () => {
      const plugin = moduleRoutes.find((p) => p.name === name);
      if (!plugin) throw new Error(`no route plugin ${name}`);
      const routes = await routesOf(plugin);
      expect(routes.some((r) => !r.endpoint)).toBe(true);
    });
  }
});
