// Public surface of the SMS module: the routes (which also define the dispatcher, a job of the app's
// worker) and, for other modules that queue messages, the dispatcher's job kind to kick after a commit.
export { smsRoutes } from './sms.routes.ts';
export { SMS_DISPATCH } from './dispatcher.ts';
export { queueMessages, type OutgoingSms } from './queue-messages.ts';
export { smsMessages, smsBatches, smsTemplates, smsSettingsTable, smsCustomerLanguages } from './sms.tables.ts';
export { checkedAddresses, GatewayAddressError } from './gateway-address.ts';
