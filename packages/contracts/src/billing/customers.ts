// Customers (elc/customers): who a house's bills are addressed to. The customer number (C-000001) is
// given by the server, gapless per organisation. The opening balance is kept here until the ledger
// posts it (openingBalancePosted); after that it can no longer be edited.
import { money, page, phone, trimmed, z, whenValid } from '../common/validation.ts';
import { nullableEmail, nullableText } from '../settings/fields.ts';
import { billingListQuery, choice, customerClass, optionalId } from './fields.ts';

export const customerStatusValues = ['Active', 'Inactive'] as const;
export const customerStatus = choice(customerStatusValues);
export type CustomerStatus = (typeof customerStatusValues)[number];

export const idDocumentTypeValues = ['national_id', 'passport', 'driving_licence', 'business_licence', 'other'] as const;
export const idDocumentType = choice(idDocumentTypeValues);
export type IdDocumentType = (typeof idDocumentTypeValues)[number];

export const customerBody = z
  .object({
    name: trimmed(200),
    phone: phone,
    email: nullableEmail,
    address: nullableText(500),
    cityId: z.coerce
      .number()
      .int()
      .positive()
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null))
      .transform((v) => v ?? null),
    customerClass,
    idType: idDocumentType
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null))
      .transform((v) => v ?? null),
    idNumber: nullableText(60),
    /** Owed (positive) or in credit (negative) when the customer is taken on. */
    openingBalance: money.default('0'),
  })
  .superRefine(
    (c, ctx) => {
      if (c.idType && !c.idNumber) ctx.addIssue({ code: 'custom', path: ['idNumber'], message: 'v.required' });
      if (c.idNumber && !c.idType) ctx.addIssue({ code: 'custom', path: ['idType'], message: 'v.required' });
    },
    whenValid('idType', 'idNumber'),
  );
export type CustomerBody = z.input<typeof customerBody>;
export type CustomerInput = z.output<typeof customerBody>;

export const customerStatusBody = z.object({ status: customerStatus });

export const customer = z.object({
  id: z.number().int(),
  customerNo: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  cityId: z.number().int().nullable(),
  cityName: z.string().nullable(),
  customerClass,
  idType: idDocumentType.nullable(),
  idNumber: z.string().nullable(),
  status: customerStatus,
  openingBalance: z.string(),
  openingBalancePosted: z.boolean(),
  houseCount: z.number().int(),
  /** Current meter numbers of the customer's houses. */
  meterNumbers: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof customer>;

export const customerSortable = ['id', 'customerNo', 'name', 'status', 'customerClass', 'createdAt'] as const;
export const customerListQuery = billingListQuery(customerStatusValues, customerSortable).extend({
  customerClass: customerClass
    .optional()
    .or(z.literal('').transform(() => undefined))
    .or(z.literal('0').transform(() => undefined)),
  zoneId: optionalId,
  cityId: optionalId,
});
export type CustomerListQuery = z.input<typeof customerListQuery>;
/** A row of the customers list: the customer and what they owe (negative: in credit), from the ledger. */
export const customerListItem = customer.extend({ balance: z.string() });
export type CustomerListItem = z.infer<typeof customerListItem>;
export const customerPage = page(customerListItem);
