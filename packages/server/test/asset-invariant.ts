// The asset invariant, for any test that adds, buys, depreciates, disposes of or reverses assets: the
// accounts asset categories post cost and accumulated depreciation to have ledger balances equal to the
// register, each asset's depreciated figure equals its posted runs' lines, no asset is below salvage
// (a table check refuses it too) and the ledger itself is sound. Read as the owner, across organisations.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/rows.ts';
import { inSystem } from '../src/db/tenant.ts';
import { verifyLedger } from '../src/ledger/index.ts';
import { verifyAssets } from '../src/modules/assets/index.ts';

export async function expectAssetsMatchBooks(db: Db): Promise<void> {
  const assets = await inSystem(db, (tx) => verifyAssets(tx));
  expect(assets).toEqual({ ok: true, accounts: [], assets: [] });
  const belowSalvage = await inSystem(db, (tx) =>
    queryRows<{ id: number }>(tx, sql`select id from assets where cost - opening_accumulated - depreciated < salvage_value`),
  );
  expect(belowSalvage).toEqual([]);
  const ledger = await inSystem(db, (tx) => verifyLedger(tx));
  expect(ledger.isSound, JSON.stringify(ledger)).toBe(true);
}
