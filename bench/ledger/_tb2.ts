// Scratch: TB vs BS timing on PGlite after a 1M load (removed before hand-over).
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../packages/server/src/app.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { migrate } from '../../packages/server/src/db/migrate.ts';
import { createOrganisation } from '../../packages/server/src/modules/organisations/index.ts';
import { generateBooks } from './generate.ts';
import { median, timed } from '../stats.ts';

const database = await openDatabase({});
await migrate(database);
const app = await buildApp({ db: database.db, tokenSecret: randomBytes(32).toString('hex') });
await app.ready();
const { clientId, adminId } = await createOrganisation(database.db, { code: 9001, name: 'P', adminUsername: 'admin', adminPassword: 'Bench@2026' });
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'Bench@2026', code: 9001 } });
const token: string = login.json().token;
await generateBooks(database.db, { clientId, userId: adminId, lines: Number(process.env.LINES ?? 1000000) });
const urls = {
  tb: '/api/finance/reports/trial-balance?startDate=2025-01-01&endDate=2025-12-31',
  bs: '/api/finance/balancesheet?date=2025-12-31',
  tbNoStart: '/api/finance/reports/trial-balance?endDate=2025-12-31',
  ping: '/api/finance/accounts/1',
};
for (let round = 0; round < 3; round++) {
  for (const [name, url] of Object.entries(urls)) {
    const ms: number[] = [];
    for (let i = 0; i < 10; i++) ms.push((await timed(() => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }))).ms);
    console.log(round, name, median(ms).toFixed(1));
  }
}
await app.close();
await database.close();
