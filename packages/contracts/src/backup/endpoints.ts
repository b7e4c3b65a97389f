// An organisation's data export (issue 20): an administrator (privilege export-organisation-data) starts
// it from the company profile screen; a background job builds a ZIP of every table's rows as CSV with a
// README (and the stored files when asked, and separately the documents drawn as PDFs: bills per period,
// sales and purchase documents, payslips per payroll run); the finished exports are listed and downloaded.
import { endpoint } from '../common/endpoint.ts';
import { z } from '../common/validation.ts';

export const organisationExportBody = z.object({ includeFiles: z.boolean().default(false), includeDocuments: z.boolean().default(false) });
export type OrganisationExportBody = z.input<typeof organisationExportBody>;

export const organisationExportJob = z.object({
  jobId: z.number().int(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  includeFiles: z.boolean(),
  includeDocuments: z.boolean(),
  processed: z.number().int(),
  total: z.number().int(),
  /** Why it failed, in the caller's language. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When done: the file and what is in it. */
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
  tables: z.number().int().nullable(),
  rows: z.number().int().nullable(),
});
export type OrganisationExportJob = z.infer<typeof organisationExportJob>;

export const organisationExportList = z.object({ data: z.array(organisationExportJob) });
export const organisationExportAccepted = z.object({ jobId: z.number().int() });
export const organisationExportParams = z.object({ id: z.coerce.number().int().min(1).max(2147483647) });

export const organisationExportEndpoints = {
  start: endpoint({
    method: 'POST',
    path: '/api/settings/organisation-export',
    body: organisationExportBody,
    response: organisationExportAccepted,
    status: 202,
  }),
  list: endpoint({ method: 'GET', path: '/api/settings/organisation-export', response: organisationExportList }),
  download: endpoint({
    method: 'GET',
    path: '/api/settings/organisation-export/:id/download',
    params: organisationExportParams,
    produces: ['application/zip'],
  }),
};
