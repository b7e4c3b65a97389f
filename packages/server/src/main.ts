// Starts the product: open the database, migrate, check tenant isolation, seed the demo organisation
// on an empty database when asked, serve API and web on PORT.
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startMaintenance } from './db/maintenance.ts';
import { assertTenantIsolation } from './db/tenant.ts';
import { buildApp } from './app.ts';
import { migrateWithBackup, startAutomaticBackups, startControlSocket, UpgradeError } from './modules/backup/index.ts';
import {
  seedDemoAssetsIfEmpty,
  seedDemoHrIfEmpty,
  seedDemoCareIfEmpty,
  seedDemoHelpdeskIfEmpty,
  seedDemoIfEmpty,
  seedDemoReceiptBooksIfEmpty,
  seedDemoRequestsIfEmpty,
  seedDemoStoreIfEmpty,
  seedDemoUtilityIfEmpty,
} from './seed/demo.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite` });
try {
  // On the embedded database an upgrade is preceded by a backup; a failed one changes nothing.
  await migrateWithBackup(database, { dataDir: config.dataDir, keep: config.backupKeep, log: (line) => console.log(`  ${line}`) });
} catch (err) {
  console.error(err instanceof UpgradeError ? err.message : `Database upgrade failed: ${(err as Error).message}`);
  await database.close();
  process.exit(1);
}
await assertTenantIsolation(database.db);
if (config.seedDemo) {
  const created = await seedDemoIfEmpty(database.db);
  if (created) {
    const utility = await seedDemoUtilityIfEmpty(database.db);
    const store = await seedDemoStoreIfEmpty(database.db);
    const requests = await seedDemoRequestsIfEmpty(database.db);
    const books = await seedDemoReceiptBooksIfEmpty(database.db);
    const assets = await seedDemoAssetsIfEmpty(database.db);
    const hr = await seedDemoHrIfEmpty(database.db);
    const care = await seedDemoCareIfEmpty(database.db);
    const helpdesk = await seedDemoHelpdeskIfEmpty(database.db);
    console.log('\n  Demo organisation created: code 1000, "Demo Utility"');
    if (utility) {
      console.log(
        `  ${utility.customers} customers, ${utility.bills} bills for ${utility.billedPeriods.join(', ')}, ${utility.payments} payments; ${utility.pendingPeriod} readings ready to bill`,
      );
    }
    if (store) {
      console.log(
        `  A store: ${store.items} items, ${store.vendors} vendors, ${store.purchaseOrders} purchase orders, ${store.vendorBills} vendor bills, ${store.sales} sales, ${store.returns} return`,
      );
    }
    if (requests) {
      console.log(`  ${requests.requests} staff requests in every state`);
      console.log('  Store keeper: storekeeper / Store@2026    Department head: depthead / Head@2026    Finance: finance / Finance@2026');
    }
    if (books) console.log(`  ${books.books} receipt books in use, ${books.payments} payments written in them (collector1, collector2 / Collector@2026)`);
    if (assets) console.log(`  Fixed assets: ${assets.assets} assets, depreciation posted for ${assets.months.join(', ')}`);
    if (hr) console.log(`  People: ${hr.employees} employees in ${hr.departments} departments, ${hr.leaveRequests} leave requests`);
    if (care)
      console.log(
        `  Customer care: ${care.topics} complaint topics, ${care.complaints} complaints in every state, ${care.prospects} prospects (care / Care@2026)`,
      );
    if (helpdesk) console.log(`  ${helpdesk.tickets} help-centre tickets (one answered); support operator: support / Support@2026 at /#/operator/login`);
    console.log('  Administrator: admin / Admin@2026    Cashier: cashier / Cashier@2026\n');
  }
}
const webDist = process.env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
const app = await buildApp({ db: database.db, tokenSecret: config.tokenSecret, tokenTtlHours: config.tokenTtlHours, webDist, logger: true });
await app.listen({ port: config.port, host: config.host });
console.log(`  Open http://localhost:${config.port}  (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
const stopMaintenance = startMaintenance(database, {
  minutes: config.pgliteMaintenanceMinutes,
  onError: (err) => app.log.error({ err }, 'database maintenance failed'),
});
// The embedded database: automatic backups, and the door for `npm run admin -- backup` while the server runs.
const stopBackups = startAutomaticBackups(database, {
  dataDir: config.dataDir,
  everyHours: config.backupEveryHours,
  keep: config.backupKeep,
  onResult: (result) => {
    if (result.ok) app.log.info({ file: result.file }, 'automatic backup written');
    else app.log.error({ error: result.error }, 'automatic backup FAILED (administrators see it in the bell)');
  },
});
const closeControl =
  database.kind === 'pglite'
    ? await startControlSocket(database, { dataDir: config.dataDir }).catch((err) => {
        app.log.error({ err }, 'control socket not started: npm run admin -- backup cannot reach this server');
        return async () => undefined;
      })
    : async () => undefined;

const shutdown = async () => {
  stopMaintenance();
  stopBackups();
  await closeControl();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
