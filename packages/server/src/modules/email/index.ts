// Public surface of the e-mail module: the routes (which also define the dispatcher, a job of the app's
// worker), and for other modules that e-mail something (payslips, ...): queueEmailWithAttachments /
// queueEmails, called inside the caller's transaction, then app.jobs.kick(EMAIL_DISPATCH) after its commit.
export { emailRoutes } from './email.routes.ts';
export { EMAIL_DISPATCH } from './dispatcher.ts';
export { queueEmails, queueEmailWithAttachments, type EmailAttachment, type QueuedEmail } from './queue-email.ts';
export { assertConfigured as assertEmailConfigured } from './send-email.ts';
export { emailMessages, emailAttachments, emailTemplates, emailSettingsTable } from './email.tables.ts';
