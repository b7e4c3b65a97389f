// Public surface of the audit-log module (writing goes through plugins/audit.ts writeAudit).
export { auditLog } from './audit-log.tables.ts';
export { getLogSheetEntry, listLogSheet } from './list-log-sheet.ts';
