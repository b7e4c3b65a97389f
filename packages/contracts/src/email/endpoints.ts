// The e-mail endpoints (privilege send-email; the SMTP settings and the test e-mail also need an
// administrator, checked by the server; e-mailing a document also needs that document's own privilege).
// Sending answers honour Idempotency-Key. The server serves them (modules/email/email.routes.ts).
import { endpoint } from '../common/endpoint.ts';
import { okResponse } from '../common/validation.ts';
import {
  emailDocumentBody,
  emailDocumentQuery,
  emailDocumentRecipient,
  emailMessageParams,
  emailQueued,
  emailRecipientList,
  emailRecipientQuery,
  emailReport,
  emailReportQuery,
  emailSettings,
  emailSettingsBody,
  emailTemplate,
  emailTemplateBody,
  emailTemplateList,
  emailTemplateParams,
  emailTestBody,
  emailTestResult,
  sendEmailBody,
  sendEmailOptions,
} from './email.ts';

export const emailEndpoints = {
  /** E-mail chosen customers, a zone's active customers or a list of addresses (Idempotency-Key). */
  send: endpoint({ method: 'POST', path: '/api/send-email', body: sendEmailBody, response: emailQueued }),
  sendOptions: endpoint({ method: 'GET', path: '/api/email/send-email/options', response: sendEmailOptions }),
  recipients: endpoint({ method: 'GET', path: '/api/email/recipients', query: emailRecipientQuery, response: emailRecipientList }),
  /** A document as a PDF attachment (Idempotency-Key). */
  sendDocument: endpoint({ method: 'POST', path: '/api/email/documents', body: emailDocumentBody, response: emailQueued }),
  documentRecipient: endpoint({ method: 'GET', path: '/api/email/documents/recipient', query: emailDocumentQuery, response: emailDocumentRecipient }),
  report: endpoint({ method: 'GET', path: '/api/email-report', query: emailReportQuery, response: emailReport }),
  retry: endpoint({ method: 'POST', path: '/api/email/messages/:id/retry', params: emailMessageParams, response: okResponse }),
  templates: endpoint({ method: 'GET', path: '/api/email/templates', response: emailTemplateList }),
  updateTemplate: endpoint({ method: 'PUT', path: '/api/email/templates/:id', params: emailTemplateParams, body: emailTemplateBody, response: emailTemplate }),
  settings: endpoint({ method: 'GET', path: '/api/email/settings', response: emailSettings }),
  updateSettings: endpoint({ method: 'PUT', path: '/api/email/settings', body: emailSettingsBody, response: emailSettings }),
  test: endpoint({ method: 'POST', path: '/api/email/settings/test', body: emailTestBody, response: emailTestResult }),
};
