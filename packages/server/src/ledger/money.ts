// Exact money for the ledger: decimal.js with room for any numeric(18,2) sum, two decimals on output.
// Amounts travel as strings ('1250.50'); JavaScript numbers never carry money here.
import DecimalJs from 'decimal.js';
import { isDebitNatured, type AccountType } from '@ubo/contracts';

export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_EVEN });
export type Decimal = InstanceType<typeof Decimal>;

/** A numeric value from the database or a validated input ('0' for null/empty). */
export function dec(value: string | number | Decimal | null | undefined): Decimal {
  if (value === null || value === undefined || value === '') return new Decimal(0);
  return new Decimal(value);
}

/** Two-decimal string, never '-0.00'. */
export function money(value: string | number | Decimal | null | undefined): string {
  // Rounded first: -0.004 rounds to zero and must print as 0.00 too.
  const d = dec(value).toDecimalPlaces(2);
  return (d.isZero() ? new Decimal(0) : d).toFixed(2);
}

/** Balance in the account's natural sign: debit minus credit for assets and expenses, else the opposite. */
export function naturalBalance(type: AccountType, debit: string | Decimal, credit: string | Decimal): Decimal {
  const net = dec(debit).minus(dec(credit));
  return isDebitNatured(type) ? net : net.negated();
}
