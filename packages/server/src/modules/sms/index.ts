// Public surface of the SMS module: the routes (which also run the dispatcher) and, for tests and other
// modules that queue messages, the dispatcher of an app's database.
export { smsRoutes } from './sms.routes.ts';
export { dispatcherFor, SmsDispatcher } from './dispatcher.ts';
export { smsMessages, smsBatches, smsTemplates, smsSettingsTable, smsCustomerLanguages } from './sms.tables.ts';
