// Complaints endpoints under /api/complaint (the spec's `complaint` calls: view, complete, topics, topic,
// report), attachments; a complaint is cancelled with a reason rather than deleted, so its reference leaves no gap.
import { endpoint } from '../common/endpoint.ts';
import { z } from '../common/validation.ts';
import { exportFields, reportFormat } from '../finance-reports/common.ts';
import { transactionFileMimes } from '../treasury/attachments.ts';
import {
  complaintAssignBody,
  complaintBody,
  complaintCancelBody,
  complaintChoices,
  complaintCommentBody,
  complaintCompleteBody,
  complaintDetail,
  complaintListQuery,
  complaintPage,
  complaintReport,
  complaintReportQuery,
  complaintTopic,
  complaintTopicBody,
  complaintTopicList,
} from './complaints.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
const fileParams = z.object({ fileId: z.uuid('v.invalid') });
const reportFileTypes = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;

export const complaintsEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/complaint', query: complaintListQuery, response: complaintPage }),
  view: endpoint({ method: 'GET', path: '/api/complaint/view/:id', params: idParams, response: complaintDetail }),
  create: endpoint({ method: 'POST', path: '/api/complaint', body: complaintBody, response: complaintDetail, status: 201 }),
  choices: endpoint({ method: 'GET', path: '/api/complaint/choices', response: complaintChoices }),
  assign: endpoint({ method: 'POST', path: '/api/complaint/:id/assign', params: idParams, body: complaintAssignBody, response: complaintDetail }),
  start: endpoint({ method: 'POST', path: '/api/complaint/:id/start', params: idParams, response: complaintDetail }),
  comment: endpoint({ method: 'POST', path: '/api/complaint/:id/comment', params: idParams, body: complaintCommentBody, response: complaintDetail }),
  complete: endpoint({ method: 'POST', path: '/api/complaint/complete/:id', params: idParams, body: complaintCompleteBody, response: complaintDetail }),
  cancel: endpoint({ method: 'POST', path: '/api/complaint/:id/cancel', params: idParams, body: complaintCancelBody, response: complaintDetail }),
  /** A file attached to the complaint (multipart: one `file`; the journal attachments' types and size). */
  attach: endpoint({
    method: 'POST',
    path: '/api/complaint/:id/attachment',
    params: idParams,
    consumes: ['multipart/form-data'],
    response: complaintDetail,
    status: 201,
  }),
  /** An attached file itself (documents and images open inline; spreadsheets and CSV download). */
  file: endpoint({ method: 'GET', path: '/api/complaint/file/:fileId', params: fileParams, produces: transactionFileMimes }),
  topics: endpoint({ method: 'GET', path: '/api/complaint/topics', response: complaintTopicList }),
  createTopic: endpoint({ method: 'POST', path: '/api/complaint/topic', body: complaintTopicBody, response: complaintTopic, status: 201 }),
  updateTopic: endpoint({ method: 'PUT', path: '/api/complaint/topic/:id', params: idParams, body: complaintTopicBody, response: complaintTopic }),
  report: endpoint({
    method: 'GET',
    path: '/api/complaint/report',
    query: complaintReportQuery.safeExtend({ format: reportFormat.optional() }),
    response: complaintReport,
  }),
  reportExport: endpoint({
    method: 'GET',
    path: '/api/complaint/report/export',
    query: complaintReportQuery.safeExtend(exportFields),
    produces: reportFileTypes,
  }),
};
