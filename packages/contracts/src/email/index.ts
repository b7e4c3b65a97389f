// E-mail: schemas, templates with placeholders, the endpoints.
export * from './email.ts';
export * from './endpoints.ts';
