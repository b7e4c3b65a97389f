// Fixed assets endpoints (/api/assets): categories and settings, the register (add, list, view, schedule,
// history), buying assets, depreciation (preview, post as a job, the job, runs, reverse the latest),
// disposal, transfer, and the reports (register as at a date, additions and disposals; JSON, or the file
// with format, and <path>/export).
import { endpoint } from '../common/endpoint.ts';
import { z } from '../common/validation.ts';
import { reportFileTypes } from '../billing-reports/endpoints.ts';
import { exportFields, reportFormat } from '../finance-reports/common.ts';
import { idParams } from '../settings/fields.ts';
import {
  asset,
  assetCategory,
  assetCategoryBody,
  assetCategoryList,
  assetCategoryStatusBody,
  assetChoices,
  assetHistory,
  assetListQuery,
  assetPage,
  assetPurchase,
  assetPurchaseBody,
  assetRegisterBody,
  assetSchedule,
  assetSettings,
  depreciationJob,
  depreciationPostBody,
  depreciationPreview,
  depreciationQuery,
  depreciationRun,
  depreciationRunList,
  assetDisposalBody,
  assetEditBody,
  jobAccepted,
  movementsQuery,
  movementsReport,
  registerReport,
  registerReportQuery,
  assetTransferBody,
} from './assets.ts';

const withFields = <S extends z.core.$ZodShape, F extends z.core.$ZodShape>(query: z.ZodObject<S>, fields: F) =>
  (query as z.ZodObject).safeExtend(fields) as unknown as z.ZodObject<S & F>;
const report = <const P extends string, S extends z.core.$ZodShape, R extends z.ZodType>(path: P, query: z.ZodObject<S>, response: R) =>
  endpoint({ method: 'GET', path, query: withFields(query, { format: reportFormat.optional() }), response });
const reportExport = <const P extends string, S extends z.core.$ZodShape>(path: P, query: z.ZodObject<S>) =>
  endpoint({ method: 'GET', path: `${path}/export`, query: withFields(query, exportFields), produces: reportFileTypes });

const pdf = ['application/pdf'] as const;

export const assetsEndpoints = {
  choices: endpoint({ method: 'GET', path: '/api/assets/choices', response: assetChoices }),
  categories: endpoint({ method: 'GET', path: '/api/assets/categories', response: assetCategoryList }),
  createCategory: endpoint({ method: 'POST', path: '/api/assets/categories', body: assetCategoryBody, response: assetCategory, status: 201 }),
  updateCategory: endpoint({ method: 'PUT', path: '/api/assets/categories/:id', params: idParams, body: assetCategoryBody, response: assetCategory }),
  setCategoryStatus: endpoint({
    method: 'PATCH',
    path: '/api/assets/categories/:id/status',
    params: idParams,
    body: assetCategoryStatusBody,
    response: assetCategory,
  }),
  settings: endpoint({ method: 'GET', path: '/api/assets/settings', response: assetSettings }),
  saveSettings: endpoint({ method: 'PUT', path: '/api/assets/settings', body: assetSettings, response: assetSettings }),
  list: endpoint({ method: 'GET', path: '/api/assets', query: assetListQuery, response: assetPage }),
  get: endpoint({ method: 'GET', path: '/api/assets/:id', params: idParams, response: asset }),
  register: endpoint({ method: 'POST', path: '/api/assets', body: assetRegisterBody, response: asset, status: 201 }),
  edit: endpoint({ method: 'PATCH', path: '/api/assets/:id', params: idParams, body: assetEditBody, response: asset }),
  schedule: endpoint({ method: 'GET', path: '/api/assets/:id/schedule', params: idParams, response: assetSchedule }),
  history: endpoint({ method: 'GET', path: '/api/assets/:id/history', params: idParams, response: assetHistory }),
  dispose: endpoint({ method: 'POST', path: '/api/assets/:id/dispose', params: idParams, body: assetDisposalBody, response: asset }),
  transfer: endpoint({ method: 'POST', path: '/api/assets/:id/transfer', params: idParams, body: assetTransferBody, response: asset }),
  buy: endpoint({ method: 'POST', path: '/api/assets/purchases', body: assetPurchaseBody, response: assetPurchase, status: 201 }),
  purchase: endpoint({ method: 'GET', path: '/api/assets/purchases/:id', params: idParams, response: assetPurchase }),
  preview: endpoint({ method: 'GET', path: '/api/assets/depreciation/preview', query: depreciationQuery, response: depreciationPreview }),
  post: endpoint({ method: 'POST', path: '/api/assets/depreciation/jobs', body: depreciationPostBody, response: jobAccepted, status: 202 }),
  job: endpoint({ method: 'GET', path: '/api/assets/depreciation/jobs/:id', params: idParams, response: depreciationJob }),
  runs: endpoint({ method: 'GET', path: '/api/assets/depreciation/runs', response: depreciationRunList }),
  reverseRun: endpoint({ method: 'POST', path: '/api/assets/depreciation/runs/:id/reverse', params: idParams, response: depreciationRun }),
  registerReport: report('/api/assets/reports/register', registerReportQuery, registerReport),
  registerExport: reportExport('/api/assets/reports/register', registerReportQuery),
  movements: report('/api/assets/reports/movements', movementsQuery, movementsReport),
  movementsExport: reportExport('/api/assets/reports/movements', movementsQuery),
  registerPdf: endpoint({ method: 'GET', path: '/api/assets/reports/register.pdf', query: registerReportQuery, produces: pdf }),
  movementsPdf: endpoint({ method: 'GET', path: '/api/assets/reports/movements.pdf', query: movementsQuery, produces: pdf }),
  scheduleExport: endpoint({
    method: 'GET',
    path: '/api/assets/:id/schedule/export',
    params: idParams,
    query: z.object(exportFields),
    produces: reportFileTypes,
  }),
  schedulePdf: endpoint({ method: 'GET', path: '/api/assets/:id/schedule.pdf', params: idParams, produces: pdf }),
};
