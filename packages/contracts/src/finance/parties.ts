// GET /api/finance/reports/personalaccount/parties (privilege account-transaction): the picker of the
// personal account report. Customers come from the customer register (searched by name, number or id);
// vendors and employees, which have no register yet, are the ids the ledger's lines carry.
import { z } from '../common/validation.ts';
import { partyType } from './journal.ts';

export const ledgerPartiesQuery = z.object({
  partyType,
  q: z.string().trim().max(100).optional(),
  _limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type LedgerPartiesQuery = z.infer<typeof ledgerPartiesQuery>;

export const ledgerParty = z.object({
  type: partyType,
  id: z.number().int(),
  /** The register's name (customers); null where there is no register. */
  name: z.string().nullable(),
  /** The register's number (customer number); null where there is none. */
  number: z.string().nullable(),
});
export type LedgerParty = z.infer<typeof ledgerParty>;

export const ledgerParties = z.object({ data: z.array(ledgerParty) });
export type LedgerParties = z.infer<typeof ledgerParties>;
