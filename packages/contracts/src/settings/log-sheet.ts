// The log sheet (settings/list-log-sheet): the organisation's audit trail, newest first, read-only.
import { listQuery, page, z, whenValid } from '../common/validation.ts';
import { calendarDate } from './fields.ts';

export const logSheetSortable = ['at', 'id', 'username', 'action', 'entity'] as const;

export const logSheetQuery = listQuery
  .omit({ status: true })
  .extend({
    _sort: z.enum(logSheetSortable).optional(),
    userId: z.coerce.number().int().positive().max(2147483647).optional(),
    entity: z.string().trim().min(1).max(60).optional(),
    action: z.string().trim().min(1).max(60).optional(),
    /** Inclusive, whole UTC days. */
    startDate: calendarDate.optional(),
    endDate: calendarDate.optional(),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, { ...whenValid('startDate', 'endDate'), path: ['endDate'], message: 'v.dateRange' });
export type LogSheetQuery = z.input<typeof logSheetQuery>;

export const logSheetEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  /** The user's full name today (null for the system operator or a user no longer there). */
  userName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The record by its name or number ("JV-000012", "C-0001 · Faadumo Cali"); null where none can be told. */
  recordName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type LogSheetEntry = z.infer<typeof logSheetEntry>;

export const logSheetPage = page(logSheetEntry);
export const logSheetParams = z.object({ id: z.coerce.number().int().positive() });
