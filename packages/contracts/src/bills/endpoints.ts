// Bill runs and bills (/api/bills): the preview and save of a run, runs as background jobs, bills and
// runs, cancelling a run, and the ungenerated bill report.
import { endpoint } from '../common/endpoint.ts';
import { z } from '../common/validation.ts';
import { billRunJob, billRunJobAccepted, billRunJobBody, billRunJobListQuery, billRunJobPage } from './bill-run-jobs.ts';
import {
  billDetail,
  billListQuery,
  billPage,
  billPreview,
  billRunBody,
  billRunDetail,
  billRunListQuery,
  billRunPage,
  billRunSaved,
  saveBillRunBody,
  ungeneratedBillQuery,
  ungeneratedBillReport,
} from './bills.ts';

/** Bill, run and job ids are bigint serials. */
export const billIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const billsEndpoints = {
  /** What a run would bill; writes nothing (the server writes the answer without re-validating it). */
  preview: endpoint({ method: 'POST', path: '/api/bills/generateCustomersBill', body: billRunBody, response: billPreview }),
  /** Saves a run at once (Idempotency-Key). */
  save: endpoint({ method: 'POST', path: '/api/bills/saveCustomersBill', body: saveBillRunBody, response: billRunSaved, status: 201 }),
  /** Queues a run as a background job (Idempotency-Key): 202 with the job. */
  startJob: endpoint({ method: 'POST', path: '/api/bills/jobs', body: billRunJobBody, response: billRunJobAccepted, status: 202 }),
  jobs: endpoint({ method: 'GET', path: '/api/bills/jobs', query: billRunJobListQuery, response: billRunJobPage }),
  job: endpoint({ method: 'GET', path: '/api/bills/jobs/:id', params: billIdParams, response: billRunJob }),
  ungenerated: endpoint({ method: 'GET', path: '/api/bills/ungenerated', query: ungeneratedBillQuery, response: ungeneratedBillReport }),
  runs: endpoint({ method: 'GET', path: '/api/bills/runs', query: billRunListQuery, response: billRunPage }),
  run: endpoint({ method: 'GET', path: '/api/bills/runs/:id', params: billIdParams, response: billRunDetail }),
  /** Queues the cancellation of a run as a background job: 202 with the job. */
  cancelRun: endpoint({ method: 'POST', path: '/api/bills/runs/:id/cancel', params: billIdParams, response: billRunJobAccepted, status: 202 }),
  list: endpoint({ method: 'GET', path: '/api/bills', query: billListQuery, response: billPage }),
  get: endpoint({ method: 'GET', path: '/api/bills/:id', params: billIdParams, response: billDetail }),
};
