// Exact decimals for billing: readings, consumption, rates and amounts are decimal strings on the wire
// and decimal.js values in code. Bills round half up (0.005 -> 0.01), the rounding customers expect on
// a printed bill; the ledger keeps its own rounding for sums of already-rounded amounts.
import Decimal from 'decimal.js';

export const BillingDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type BillingDecimal = InstanceType<typeof BillingDecimal>;

/** A decimal from a validated string or a database numeric; null and '' are zero. */
export function bdec(value: string | number | BillingDecimal | null | undefined): BillingDecimal {
  if (value === null || value === undefined || value === '') return new BillingDecimal(0);
  return new BillingDecimal(value);
}

/** Two-decimal money text, never '-0.00'. */
export function billMoney(value: string | BillingDecimal): string {
  const d = bdec(value).toDecimalPlaces(2);
  return (d.isZero() ? new BillingDecimal(0) : d).toFixed(2);
}

/** Units, rates and percentages without trailing zeros ('12.500' -> '12.5', '7.000' -> '7'). */
export function plainDecimal(value: string | BillingDecimal): string {
  const d = bdec(value);
  return (d.isZero() ? new BillingDecimal(0) : d).toFixed();
}
