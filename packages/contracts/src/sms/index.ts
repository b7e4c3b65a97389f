// SMS: schemas, Somali phone numbers, templates and SMS part counting.
export * from './phones.ts';
export * from './render.ts';
export * from './sms.ts';
export * from './endpoints.ts';
