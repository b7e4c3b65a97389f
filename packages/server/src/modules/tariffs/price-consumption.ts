// POST /api/elc/pricing: the calculator. Finds the tariff (by id, or the one in force for a class and zone
// on a date) and explains the price of a consumption line by line with the shared pure function.
import { type PricingResult, priceConsumption, type pricingBody, type z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../plugins/errors.ts';
import { findTariffFor } from './find-tariff.ts';
import { getTariff } from './list-tariffs.ts';

export async function priceWithTariff(opts: { tx: Db; input: z.output<typeof pricingBody> }): Promise<PricingResult> {
  const { tx, input } = opts;
  const tariff = input.tariffId
    ? await getTariff({ tx, id: input.tariffId }).catch(() => {
        throw fieldError('tariffId', 'v.notFound');
      })
    : await findTariffFor({ tx, customerClass: input.customerClass!, zoneId: input.zoneId ?? null, date: input.date! });
  if (!tariff) throw fieldError('customerClass', 'tariff.notFound');
  const breakdown = priceConsumption(tariff, input.consumption);
  return {
    ...breakdown,
    tariff: {
      id: tariff.id,
      name: tariff.name,
      customerClass: tariff.customerClass,
      zoneId: tariff.zoneId,
      effectiveFrom: tariff.effectiveFrom,
      effectiveTo: tariff.effectiveTo,
    },
  };
}
