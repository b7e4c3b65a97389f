// The ledger impact of the asset documents. Pure: no database, no request.
// - register (brought in from an older system): cost debited to the category's asset account, the
//   depreciation already taken credited to accumulated depreciation, the net book value to opening equity;
// - purchase: each asset's cost debited to its category's asset account; the vendor's payable (credit,
//   naming the vendor) or the money account it was paid from credited;
// - depreciation: the month's charge debited to expense and credited to accumulated depreciation;
// - disposal: the asset's accumulated depreciation debited and its cost credited, the proceeds debited to
//   the account they came into, and the difference (proceeds less net book value) to gain or loss.
import { Decimal, type PostingLine } from '../../ledger/index.ts';

const nonZero = (lines: PostingLine[]) => lines.filter((l) => !new Decimal(String(l.debit ?? 0)).isZero() || !new Decimal(String(l.credit ?? 0)).isZero());

export function registerPosting(p: {
  costAccountId: number;
  accumulatedAccountId: number;
  equityId: number;
  cost: string;
  openingAccumulated: string;
}): PostingLine[] {
  const net = new Decimal(p.cost).minus(p.openingAccumulated);
  return nonZero([
    { accountId: p.costAccountId, debit: p.cost },
    { accountId: p.accumulatedAccountId, credit: p.openingAccumulated },
    { accountId: p.equityId, credit: net.toFixed(2) },
  ]);
}

export function purchasePosting(p: {
  assets: Array<{ costAccountId: number; cost: string; memo: string }>;
  credit: { accountId: number; vendorId?: number | null };
  total: string;
}): PostingLine[] {
  return [
    ...p.assets.map((a) => ({ accountId: a.costAccountId, debit: a.cost, memo: a.memo })),
    p.credit.vendorId
      ? { accountId: p.credit.accountId, credit: p.total, partyType: 'vendor' as const, partyId: p.credit.vendorId }
      : { accountId: p.credit.accountId, credit: p.total },
  ];
}

export function depreciationPosting(p: { expenseAccountId: number; accumulatedAccountId: number; amount: string }): PostingLine[] {
  return [
    { accountId: p.expenseAccountId, debit: p.amount },
    { accountId: p.accumulatedAccountId, credit: p.amount },
  ];
}

export function disposalPosting(p: {
  costAccountId: number;
  accumulatedAccountId: number;
  disposalAccountId: number;
  moneyAccountId: number | null;
  cost: string;
  accumulated: string;
  proceeds: string;
}): { lines: PostingLine[]; gainLoss: string } {
  const nbv = new Decimal(p.cost).minus(p.accumulated);
  const gain = new Decimal(p.proceeds).minus(nbv);
  const lines: PostingLine[] = [
    { accountId: p.accumulatedAccountId, debit: p.accumulated },
    { accountId: p.costAccountId, credit: p.cost },
  ];
  if (p.moneyAccountId) lines.push({ accountId: p.moneyAccountId, debit: p.proceeds });
  if (gain.gt(0)) lines.push({ accountId: p.disposalAccountId, credit: gain.toFixed(2) });
  else if (gain.lt(0)) lines.push({ accountId: p.disposalAccountId, debit: gain.abs().toFixed(2) });
  return { lines: nonZero(lines), gainLoss: gain.toFixed(2) };
}
