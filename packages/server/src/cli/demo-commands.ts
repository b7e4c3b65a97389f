// seed-demo-utility and seed-demo-store: the demo organisation's living utility and its store on demand
// (npm start does both on a new installation; the browser tests and a reset demo use these).
import type { Lang } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { seedDemoRequestsIfEmpty, seedDemoStoreIfEmpty, seedDemoUtilityIfEmpty } from '../seed/demo.ts';
import type { CliArgs } from './cli-input.ts';

export async function seedDemoUtilityCommand(db: Db, _args: CliArgs, lang: Lang): Promise<string[]> {
  const built = await seedDemoUtilityIfEmpty(db);
  if (!built) {
    return [
      lang === 'so'
        ? 'Ururka tijaabada ma jiro ama horay ayuu macaamiil u lahaa; waxba lama beddelin.'
        : 'The demo organisation is missing or already has customers; nothing changed.',
    ];
  }
  return [
    lang === 'so'
      ? `${built.customers} macmiil, ${built.bills} biil (${built.billedPeriods.join(', ')}), ${built.payments} lacag-bixin; akhriska ${built.pendingPeriod} waa diyaar.`
      : `${built.customers} customers, ${built.bills} bills (${built.billedPeriods.join(', ')}), ${built.payments} payments; ${built.pendingPeriod} readings ready to bill.`,
  ];
}

export async function seedDemoStoreCommand(db: Db, _args: CliArgs, lang: Lang): Promise<string[]> {
  const built = await seedDemoStoreIfEmpty(db);
  if (!built) {
    return [
      lang === 'so'
        ? 'Ururka tijaabada ma jiro ama horay ayuu alaab u lahaa; waxba lama beddelin.'
        : 'The demo organisation is missing or already has items; nothing changed.',
    ];
  }
  return [
    lang === 'so'
      ? `${built.items} alaab, ${built.vendors} iibiye, ${built.purchaseOrders} dalab iibsi, ${built.vendorBills} biil iibiye, ${built.sales} iib, ${built.returns} celin.`
      : `${built.items} items, ${built.vendors} vendors, ${built.purchaseOrders} purchase orders, ${built.vendorBills} vendor bills, ${built.sales} sales, ${built.returns} return.`,
  ];
}

export async function seedDemoRequestsCommand(db: Db, _args: CliArgs, lang: Lang): Promise<string[]> {
  const built = await seedDemoRequestsIfEmpty(db);
  if (!built) {
    return [
      lang === 'so'
        ? 'Ururka tijaabada ma jiro ama horay ayuu codsiyo u lahaa; waxba lama beddelin.'
        : 'The demo organisation is missing or already has requests; nothing changed.',
    ];
  }
  return [
    lang === 'so'
      ? `${built.requests} codsi oo xaalad kasta ah; isticmaalayaal: storekeeper / Store@2026, depthead / Head@2026, finance / Finance@2026.`
      : `${built.requests} requests in every state; users: storekeeper / Store@2026, depthead / Head@2026, finance / Finance@2026.`,
  ];
}
