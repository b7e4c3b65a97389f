// HR reference lists (/hr-settings): departments and their sub-sections, job titles, duties, duty stations,
// institutions, faculties, bank types, allowance, bonus and deduction types, leave types. Each is a name
// unique per organisation, a description and a status; a few carry one or two fields more.
import { id, int, trimmed, z } from '../common/validation.ts';
import { nullableText, referenceListQuery, referenceStatus } from '../settings/fields.ts';

/** A yes/no field: JSON true/false, or 'true'/'false' from a form's select. */
export const yesNo = z.union([z.boolean(), z.enum(['true', 'false'], 'v.required')]).transform((v) => v === true || v === 'true');

const base = { name: trimmed(120), description: nullableText(1000) };
const item = {
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: referenceStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const hrListBody = z.object(base);
export const hrListItem = z.object(item);
export type HrListItem = z.infer<typeof hrListItem>;

export const subSectionBody = z.object({ ...base, departmentId: id });
export const subSectionItem = z.object({ ...item, departmentId: z.number().int() });
export type SubSectionItem = z.infer<typeof subSectionItem>;

/** Allowance and bonus types: whether what is paid under the type is taxed. */
export const taxableTypeBody = z.object({ ...base, isTaxable: yesNo.default(true) });
export const taxableTypeItem = z.object({ ...item, isTaxable: z.boolean() });
export type TaxableTypeItem = z.infer<typeof taxableTypeItem>;

/** Leave types: days accrued a year and whether the leave is paid (unpaid leave reduces pay pro rata). */
export const leaveTypeBody = z.object({ ...base, daysPerYear: int(0, 366), isPaid: yesNo.default(true) });
export const leaveTypeItem = z.object({ ...item, daysPerYear: z.string(), isPaid: z.boolean() });
export type LeaveTypeItem = z.infer<typeof leaveTypeItem>;

export const hrListSortable = ['id', 'name', 'status', 'createdAt', 'updatedAt'] as const;
export const hrListQuery = referenceListQuery(hrListSortable);
