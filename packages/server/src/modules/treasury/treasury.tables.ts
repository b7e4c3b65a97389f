// Drizzle mirror of migrations 0011-0013 (transfers, cheques and their lines, period closings, journal
// entry files). The SQL is the record: constraint triggers, grants and row-level security live there.
import { bigint, date, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const transfers = pgTable('transfers', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  transferNo: bigint('transfer_no', { mode: 'number' }).notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  fromAccountId: integer('from_account_id').notNull(),
  toAccountId: integer('to_account_id').notNull(),
  amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  reference: text('reference'),
  memo: text('memo'),
  entryId: bigint('entry_id', { mode: 'number' }).notNull(),
  branchId: integer('branch_id'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cheques = pgTable('cheques', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  bankAccountId: integer('bank_account_id').notNull(),
  chequeNo: bigint('cheque_no', { mode: 'number' }).notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  payeeType: text('payee_type').notNull(),
  payeeId: integer('payee_id'),
  payeeName: text('payee_name').notNull(),
  amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  currency: text('currency').notNull(),
  amountWordsEn: text('amount_words_en').notNull(),
  amountWordsSo: text('amount_words_so').notNull(),
  memo: text('memo'),
  entryId: bigint('entry_id', { mode: 'number' }).notNull(),
  branchId: integer('branch_id'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const chequeLines = pgTable(
  'cheque_lines',
  {
    clientId: integer('client_id').notNull(),
    chequeId: integer('cheque_id').notNull(),
    lineNo: smallint('line_no').notNull(),
    accountId: integer('account_id').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    memo: text('memo'),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.chequeId, t.lineNo] })],
);

export const periodClosings = pgTable('period_closings', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  periodStart: date('period_start', { mode: 'string' }),
  periodEnd: date('period_end', { mode: 'string' }).notNull(),
  retainedEarningsAccountId: integer('retained_earnings_account_id').notNull(),
  entryId: bigint('entry_id', { mode: 'number' }),
  incomeTotal: numeric('income_total').notNull(),
  expenseTotal: numeric('expense_total').notNull(),
  netIncome: numeric('net_income').notNull(),
  memo: text('memo'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  reopenedAt: timestamp('reopened_at', { withTimezone: true }),
  reopenedBy: integer('reopened_by'),
  reopenReason: text('reopen_reason'),
});

export const journalEntryFiles = pgTable('journal_entry_files', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  entryId: bigint('entry_id', { mode: 'number' }).notNull(),
  fileId: uuid('file_id').notNull(),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
