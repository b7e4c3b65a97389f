// The SMS endpoints (privilege send-sms; bill notices bill-sms; the gateway settings and the test message
// also need an administrator, checked by the server). Sending answers honour Idempotency-Key. The server
// serves them (modules/sms/sms.routes.ts); the web calls them with api.call.
import { endpoint } from '../common/endpoint.ts';
import { okResponse, z } from '../common/validation.ts';
import {
  billSmsBody,
  billSmsOptions,
  billSmsPreview,
  sendSmsBody,
  sendSmsOptions,
  smsCustomerLanguage,
  smsCustomerLanguageBody,
  smsCustomerLanguagePage,
  smsCustomerLanguageParams,
  smsCustomerLanguageQuery,
  smsMessageParams,
  smsQueued,
  smsRecipientList,
  smsRecipientQuery,
  smsReport,
  smsReportQuery,
  smsSettings,
  smsSettingsBody,
  smsTemplate,
  smsTemplateBody,
  smsTemplateList,
  smsTestBody,
  smsTestResult,
} from './sms.ts';

const templateParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

export const smsEndpoints = {
  /** A free message to chosen customers, a zone's or all active customers (Idempotency-Key). */
  send: endpoint({ method: 'POST', path: '/api/send-sms', body: sendSmsBody, response: smsQueued }),
  sendOptions: endpoint({ method: 'GET', path: '/api/sms/send-sms/options', response: sendSmsOptions }),
  recipients: endpoint({ method: 'GET', path: '/api/sms/recipients', query: smsRecipientQuery, response: smsRecipientList }),
  /** Bill notices (privilege bill-sms; Idempotency-Key). */
  sendBills: endpoint({ method: 'POST', path: '/api/sms/bill-sms', body: billSmsBody, response: smsQueued }),
  previewBills: endpoint({ method: 'POST', path: '/api/sms/bill-sms/preview', body: billSmsBody, response: billSmsPreview }),
  billOptions: endpoint({ method: 'GET', path: '/api/sms/bill-sms/options', response: billSmsOptions }),
  report: endpoint({ method: 'GET', path: '/api/sms-report', query: smsReportQuery, response: smsReport }),
  retry: endpoint({ method: 'POST', path: '/api/sms/messages/:id/retry', params: smsMessageParams, response: okResponse }),
  templates: endpoint({ method: 'GET', path: '/api/sms/templates', response: smsTemplateList }),
  updateTemplate: endpoint({ method: 'PUT', path: '/api/sms/templates/:id', params: templateParams, body: smsTemplateBody, response: smsTemplate }),
  settings: endpoint({ method: 'GET', path: '/api/sms/settings', response: smsSettings }),
  updateSettings: endpoint({ method: 'PUT', path: '/api/sms/settings', body: smsSettingsBody, response: smsSettings }),
  test: endpoint({ method: 'POST', path: '/api/sms/settings/test', body: smsTestBody, response: smsTestResult }),
  languages: endpoint({ method: 'GET', path: '/api/sms/customer-languages', query: smsCustomerLanguageQuery, response: smsCustomerLanguagePage }),
  setLanguage: endpoint({
    method: 'PUT',
    path: '/api/sms/customer-languages/:customerId',
    params: smsCustomerLanguageParams,
    body: smsCustomerLanguageBody,
    response: smsCustomerLanguage,
  }),
  removeLanguage: endpoint({ method: 'DELETE', path: '/api/sms/customer-languages/:customerId', params: smsCustomerLanguageParams, response: okResponse }),
};
