// The schema of the general journal's entry form (react-hook-form's zodResolver): the fields as the form
// holds them (the account picker may be empty, amounts are text), each error a message key of the
// contracts, in English and Somali, the same the server would give. A line left wholly blank is skipped
// (the body leaves it out); the debit and credit, and the party type and party, are checked together.
import { partyTypeValues, z } from '@ubo/contracts';
import { AMOUNT_PATTERN, amountOf, isBlankLine, type JournalLineValues, MAX_PARTY_ID, PARTY_ID_PATTERN } from './finance.logic.ts';

/** The message key of a line's debit or credit, or null: a valid amount, never both sides, never both zero. */
export function lineAmountProblem(line: JournalLineValues, side: 'debit' | 'credit'): string | null {
  const value = line[side];
  if (!amountOf(value)) return AMOUNT_PATTERN.test(value.replace('-', '')) ? 'ledger.negative' : 'v.money';
  const debit = amountOf(line.debit);
  const credit = amountOf(line.credit);
  if (side === 'credit' && debit && credit && debit.gt(0) && credit.gt(0)) return 'ledger.bothSides';
  if (side === 'debit' && debit && credit && debit.isZero() && credit.isZero()) return 'ledger.zeroLine';
  return null;
}

/** The message key of a line's party type or party, or null: both or neither, and a party number the ledger takes. */
export function linePartyProblem(line: JournalLineValues, field: 'partyType' | 'partyId'): string | null {
  const partyId = line.partyId.trim();
  if (field === 'partyType') return !line.partyType && partyId !== '' ? 'ledger.partyIncomplete' : null;
  if (partyId === '') return line.partyType ? 'ledger.partyIncomplete' : null;
  return PARTY_ID_PATTERN.test(partyId) && Number(partyId) <= MAX_PARTY_ID ? null : 'finance.journal.badPartyId';
}

const journalLine = z.object({
  accountId: z.number().nullable(),
  debit: z.string(),
  credit: z.string(),
  partyType: z.union([z.literal(''), z.enum(partyTypeValues)]),
  partyId: z.string(),
  memo: z.string().max(500, 'v.maxLength|500'),
});

export const journalForm = z.object({
  date: z
    .string()
    .min(1, 'v.required')
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'v.date'),
  reference: z.string().max(100, 'v.maxLength|100'),
  memo: z.string().max(1000, 'v.maxLength|1000'),
  lines: z.array(journalLine).superRefine(
    (lines, ctx) => {
      lines.forEach((line, row) => {
        const issue = (field: keyof JournalLineValues, message: string | null) => {
          if (message) ctx.addIssue({ code: 'custom', path: [row, field], message });
        };
        for (const field of ['partyType', 'partyId'] as const) issue(field, linePartyProblem(line, field));
        if (isBlankLine(line)) return;
        issue('accountId', line.accountId === null ? 'finance.journal.accountRequired' : null);
        for (const side of ['debit', 'credit'] as const) issue(side, lineAmountProblem(line, side));
      });
    },
    // Checked even when a line's memo is too long: the form shows every error it can at once.
    { when: () => true },
  ),
});
