// Drizzle mirror of the item register and the stock tables (SQL of record: db/migrations/0047_items_stock.sql).
import { bigint, bigserial, boolean, date, integer, numeric, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

export const items = pgTable('items', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  categoryId: integer('category_id'),
  unitId: integer('unit_id'),
  salePrice: numeric('sale_price', { precision: 14, scale: 2 }).notNull().default('0'),
  purchasePrice: numeric('purchase_price', { precision: 14, scale: 2 }).notNull().default('0'),
  taxPercent: numeric('tax_percent', { precision: 7, scale: 4 }).notNull().default('0'),
  incomeAccountId: integer('income_account_id').notNull(),
  expenseAccountId: integer('expense_account_id').notNull(),
  inventoryAccountId: integer('inventory_account_id'),
  reorderLevel: numeric('reorder_level', { precision: 14, scale: 3 }).notNull().default('0'),
  barcode: text('barcode'),
  description: text('description'),
  status: text('status').notNull().default('Active'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const stockBalances = pgTable('stock_balances', {
  clientId: integer('client_id').notNull(),
  itemId: integer('item_id').notNull(),
  branchId: integer('branch_id').notNull(),
  quantity: numeric('quantity', { precision: 16, scale: 3 }).notNull().default('0'),
  value: numeric('value', { precision: 18, scale: 2 }).notNull().default('0'),
  lastUnitCost: numeric('last_unit_cost', { precision: 20, scale: 6 }).notNull().default('0'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const stockMoves = pgTable('stock_moves', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  itemId: integer('item_id').notNull(),
  branchId: integer('branch_id').notNull(),
  movedOn: date('moved_on', { mode: 'string' }).notNull(),
  kind: text('kind').notNull(),
  quantity: numeric('quantity', { precision: 16, scale: 3 }).notNull(),
  value: numeric('value', { precision: 18, scale: 2 }).notNull(),
  unitCost: numeric('unit_cost', { precision: 20, scale: 6 }).notNull(),
  quantityAfter: numeric('quantity_after', { precision: 16, scale: 3 }).notNull(),
  valueAfter: numeric('value_after', { precision: 18, scale: 2 }).notNull(),
  inventoryAccountId: integer('inventory_account_id').notNull(),
  sourceType: text('source_type').notNull(),
  sourceId: bigint('source_id', { mode: 'number' }).notNull(),
  sourceNo: text('source_no'),
  returnsMoveId: bigint('returns_move_id', { mode: 'number' }),
  journalEntryId: bigint('journal_entry_id', { mode: 'number' }),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const stockAdjustments = pgTable('stock_adjustments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  adjustmentNo: bigint('adjustment_no', { mode: 'number' }).notNull(),
  kind: text('kind').notNull(),
  branchId: integer('branch_id').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  reason: text('reason'),
  total: numeric('total', { precision: 18, scale: 2 }).notNull(),
  status: text('status').notNull().default('Posted'),
  journalEntryId: bigint('journal_entry_id', { mode: 'number' }),
  reversalEntryId: bigint('reversal_entry_id', { mode: 'number' }),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  cancelledBy: integer('cancelled_by'),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  cancelReason: text('cancel_reason'),
});

export const stockAdjustmentLines = pgTable('stock_adjustment_lines', {
  clientId: integer('client_id').notNull(),
  adjustmentId: bigint('adjustment_id', { mode: 'number' }).notNull(),
  position: smallint('position').notNull(),
  itemId: integer('item_id').notNull(),
  quantity: numeric('quantity', { precision: 16, scale: 3 }).notNull(),
  value: numeric('value', { precision: 18, scale: 2 }).notNull(),
  memo: text('memo'),
});

export const stockTransfers = pgTable('stock_transfers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  transferNo: bigint('transfer_no', { mode: 'number' }).notNull(),
  fromBranchId: integer('from_branch_id').notNull(),
  toBranchId: integer('to_branch_id').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  memo: text('memo'),
  total: numeric('total', { precision: 18, scale: 2 }).notNull(),
  status: text('status').notNull().default('Posted'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  cancelledBy: integer('cancelled_by'),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  cancelReason: text('cancel_reason'),
});

export const stockTransferLines = pgTable('stock_transfer_lines', {
  clientId: integer('client_id').notNull(),
  transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
  position: smallint('position').notNull(),
  itemId: integer('item_id').notNull(),
  quantity: numeric('quantity', { precision: 16, scale: 3 }).notNull(),
  value: numeric('value', { precision: 18, scale: 2 }).notNull(),
});

export const stockSettings = pgTable('stock_settings', {
  clientId: integer('client_id').primaryKey(),
  allowNegativeStock: boolean('allow_negative_stock').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
