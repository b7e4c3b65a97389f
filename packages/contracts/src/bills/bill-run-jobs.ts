// Bill runs as background jobs: POST /api/bills/jobs queues a run (202 { jobId }), GET /api/bills/jobs/:id
// answers its progress and outcome, GET /api/bills/jobs lists recent jobs. A job saves the run in one
// transaction: done with its run, or failed with nothing billed. POST /api/bills/runs/:id/cancel queues a
// job of kind 'cancel' the same way: it reverses the run in one transaction, done or nothing cancelled.
import { page, z } from '../common/validation.ts';
import { billingListQuery } from '../billing/fields.ts';
import { billRunBody, billService } from './bills.ts';

export const billRunJobStatusValues = ['queued', 'running', 'done', 'failed'] as const;
export const billRunJobStatus = z.enum(billRunJobStatusValues);
export type BillRunJobStatus = (typeof billRunJobStatusValues)[number];

/** Same choice as a synchronous run: period, zone (all zones when missing) and service. */
export const billRunJobBody = billRunBody;
export type BillRunJobBody = z.input<typeof billRunJobBody>;

/** What a job does: save a bill run, or cancel the run it names. */
export const billRunJobKindValues = ['run', 'cancel'] as const;
export type BillRunJobKind = (typeof billRunJobKindValues)[number];

export const billRunJobAccepted = z.object({ jobId: z.number().int() });
export type BillRunJobAccepted = z.infer<typeof billRunJobAccepted>;

export const billRunJob = z.object({
  id: z.number().int(),
  kind: z.enum(billRunJobKindValues),
  period: z.string(),
  zoneId: z.number().int().nullable(),
  service: billService,
  status: billRunJobStatus,
  /** Bills written (cancelled) so far and bills to write (to cancel); 0 until known. */
  processed: z.number().int(),
  total: z.number().int(),
  /** The saved run once done; a cancel job's run from the start. */
  runId: z.number().int().nullable(),
  /** Bills written (cancelled) and their total, once done. */
  billCount: z.number().int().nullable(),
  amount: z.string().nullable(),
  /** Why it failed, in the caller's language; null unless failed. */
  error: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type BillRunJob = z.infer<typeof billRunJob>;

export const billRunJobListQuery = billingListQuery(billRunJobStatusValues, ['id'] as const).extend({
  _limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type BillRunJobListQuery = z.input<typeof billRunJobListQuery>;
export const billRunJobPage = page(billRunJob);
