// seed-demo-utility: the demo organisation's living utility on demand (npm start does it on a new
// installation; the browser tests and a reset demo use this).
import type { Lang } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { seedDemoUtilityIfEmpty } from '../seed/demo.ts';
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
