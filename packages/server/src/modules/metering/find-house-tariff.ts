// The tariff a house is billed with on a date: its class (the house's override, else its customer's)
// in its zone, the zone's own version winning over the class-wide one. For bill runs and the house screen.
import { eq } from 'drizzle-orm';
import type { CustomerClass, Tariff } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { customers } from '../customers/index.ts';
import { findTariffFor } from '../tariffs/index.ts';
import { houses } from './metering.tables.ts';

export async function findHouseTariff(opts: { tx: Db; houseId: number; date: string }): Promise<Tariff | null> {
  const { tx, houseId, date } = opts;
  const [house] = await tx
    .select({ zoneId: houses.zoneId, tariffClass: houses.tariffClass, customerClass: customers.customerClass })
    .from(houses)
    .innerJoin(customers, eq(customers.id, houses.customerId))
    .where(eq(houses.id, houseId));
  if (!house) throw notFound();
  return findTariffFor({ tx, customerClass: (house.tariffClass ?? house.customerClass) as CustomerClass, zoneId: house.zoneId, date });
}
