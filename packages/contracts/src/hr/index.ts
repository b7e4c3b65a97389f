// HR: reference lists, employees, leave and the HRM settings.
export * from './lists.ts';
export * from './employees.ts';
export * from './leave.ts';
export * from './settings.ts';
export * from './payroll.ts';
export * from './reports.ts';
export * from './messages.ts';
export * from './endpoints.ts';
