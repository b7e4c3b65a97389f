// The stock invariant, for any test that moves stock (purchases, sales, returns, adjustments, counts,
// transfers): every inventory account that items use has a ledger balance equal to the value of the
// moves valued on it, every item-and-branch balance row equals the sum of its moves, and the ledger
// itself is sound. Read as the owner (past row-level security), across every organisation.
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { inSystem } from '../src/db/tenant.ts';
import { verifyLedger } from '../src/ledger/index.ts';
import { verifyStock } from '../src/modules/items/index.ts';

export async function expectStockMatchesBooks(db: Db): Promise<void> {
  const stock = await inSystem(db, (tx) => verifyStock(tx));
  expect(stock).toEqual({ ok: true, accounts: [], balances: [] });
  const ledger = await inSystem(db, (tx) => verifyLedger(tx));
  expect(ledger.isSound, JSON.stringify(ledger)).toBe(true);
}
