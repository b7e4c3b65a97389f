// Marketing endpoints under /api/marketing (the spec's `marketing` calls: findOne, report).
import { endpoint } from '../common/endpoint.ts';
import { z } from '../common/validation.ts';
import { exportFields, reportFormat } from '../finance-reports/common.ts';
import {
  marketingReport,
  marketingReportQuery,
  prospect,
  prospectBody,
  prospectChoices,
  prospectConvertBody,
  prospectListQuery,
  prospectPage,
} from './marketing.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
const reportFileTypes = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;

export const marketingEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/marketing', query: prospectListQuery, response: prospectPage }),
  findOne: endpoint({ method: 'GET', path: '/api/marketing/find-one/:id', params: idParams, response: prospect }),
  choices: endpoint({ method: 'GET', path: '/api/marketing/choices', response: prospectChoices }),
  create: endpoint({ method: 'POST', path: '/api/marketing', body: prospectBody, response: prospect, status: 201 }),
  update: endpoint({ method: 'PUT', path: '/api/marketing/:id', params: idParams, body: prospectBody, response: prospect }),
  convert: endpoint({ method: 'POST', path: '/api/marketing/:id/convert', params: idParams, body: prospectConvertBody, response: prospect }),
  report: endpoint({
    method: 'GET',
    path: '/api/marketing/report',
    query: marketingReportQuery.safeExtend({ format: reportFormat.optional() }),
    response: marketingReport,
  }),
  reportExport: endpoint({
    method: 'GET',
    path: '/api/marketing/report/export',
    query: marketingReportQuery.safeExtend(exportFields),
    produces: reportFileTypes,
  }),
};
