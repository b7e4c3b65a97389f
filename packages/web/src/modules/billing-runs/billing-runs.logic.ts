// The bill-run, bills and report screens' pure rules: the words of a tariff line ("explain this bill"),
// the preview's exceptions grouped by reason, a job's progress, and the periods the screens start on.
import Decimal from 'decimal.js';
import type { BillException, BillExceptionReason, BillRunJob, BillRunJobStatus, BreakdownLine } from '@ubo/contracts';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** One tariff line in words: 'Block 2: 10 – 20 units', 'Tax (5%)'. */
export function lineLabel(line: BreakdownLine, t: Translate): string {
  switch (line.kind) {
    case 'service_charge':
      return t('billingRuns.line.serviceCharge');
    case 'block':
      return line.to === null
        ? t('billingRuns.line.blockOpen', { n: line.block, from: line.from })
        : t('billingRuns.line.block', { n: line.block, from: line.from, to: line.to });
    case 'above_last_block':
      return t('billingRuns.line.aboveLast', { from: line.from });
    case 'minimum_top_up':
      return t('billingRuns.line.minimumTopUp');
    case 'tax':
      return t('billingRuns.line.tax', { rate: line.rate });
  }
}

/** The lines that make the subtotal (tax is shown below it). */
export const chargeLines = (lines: readonly BreakdownLine[]) => lines.filter((l) => l.kind !== 'tax');

/** Exceptions by reason, in the order a billing officer deals with them. */
export const REASON_ORDER: readonly BillExceptionReason[] = [
  'no_reading',
  'flagged_unconfirmed',
  'no_tariff',
  'negative_consumption',
  'disconnected',
  'already_billed',
];

export function exceptionGroups(exceptions: readonly BillException[]): Array<{ reason: BillExceptionReason; items: BillException[] }> {
  return REASON_ORDER.map((reason) => ({ reason, items: exceptions.filter((e) => e.reason === reason) })).filter((g) => g.items.length > 0);
}

export const isJobActive = (status: BillRunJobStatus) => status === 'queued' || status === 'running';

/** Percent done (0-100, whole), or null while the total is not known yet (the bar then runs indeterminate). */
export function jobPercent(job: Pick<BillRunJob, 'status' | 'processed' | 'total'>): number | null {
  if (job.status === 'done') return 100;
  if (job.total <= 0) return null;
  return Math.min(100, Math.floor((job.processed * 100) / job.total));
}

/** The sum of decimal strings as a decimal string with 2 places. */
export function sumAmounts(values: readonly string[]): string {
  return values.reduce((s, v) => s.plus(new Decimal(v)), new Decimal(0)).toFixed(2);
}

/** Ms between two polls of a running job. */
export const JOB_POLL_MS = 1000;
