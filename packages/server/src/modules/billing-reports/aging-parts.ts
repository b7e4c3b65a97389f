// What the three ways of reading the ageing share: the rows they answer, the bucket of a bill and the
// money columns as text (numeric through JSON would become a float).
import { type SQL, sql } from 'drizzle-orm';
import type { AgingQuery } from '@ubo/contracts';
import type { ReceivableScope } from './receivable-at.ts';

export const AGING_FIGURES = ['current', 'd1_30', 'd31_60', 'd61_90', 'over90', 'unallocated', 'total'] as const;
export type AgingFigures = Record<(typeof AGING_FIGURES)[number], string>;

export interface AgingPageRow extends AgingFigures {
  customer_id: number;
  customer_no: string;
  name: string;
  zone_id: number | null;
  zone_name: string | null;
}

export type AgingTotalsRow = AgingFigures & { customers: number | string };
export type AgingZoneRow = AgingFigures & { zone_id: number | null; name: string | null; customers: number | string };

/** Everything a way of reading needs. */
export interface AgingRead {
  s: ReceivableScope;
  date: string;
  zoneId: number | null;
  query: AgingQuery;
  sort: NonNullable<AgingQuery['_sort']>;
  direction: SQL;
  offset: number;
}

/** 0 current (not yet due), 1: 1-30, 2: 31-60, 3: 61-90, 4: over 90 days past due on `date`. */
export const bucketOf = (date: string, dueDate: SQL) =>
  sql`case when ${dueDate} >= ${date}::date then 0 else least(4, (${date}::date - ${dueDate} - 1) / 30 + 1) end`;

/** The money columns of a row as text. */
export const figureColumns = (prefix: string) => sql.raw(AGING_FIGURES.map((f) => `${prefix}${f}::text as ${f}`).join(', '));

/** Bucket sums of rows (open, k) as text, with the customers' count and the balance total given. */
export const bucketSums = sql.raw(
  ['current', 'd1_30', 'd31_60', 'd61_90', 'over90'].map((f, k) => `coalesce(sum(open) filter (where k = ${k}), 0) as ${f}`).join(', '),
);
