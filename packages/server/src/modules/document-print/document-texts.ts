// The words every printed trade document shares, in English and Somali (the caller's language picks one).
// A document's own words (its title, its facts' labels) come from its module.
import type { Lang } from '@ubo/contracts';

const en = {
  description: 'Description',
  item: 'Item',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  discount: 'Discount',
  tax: 'Tax',
  amount: 'Amount',
  subtotal: 'Subtotal',
  total: 'Total',
  paid: 'Paid',
  balance: 'Balance due',
  notes: 'Notes',
  page: 'Page {n} of {m}',
  cancelled: 'CANCELLED',
  preparedBy: 'Prepared by',
  approvedBy: 'Approved by',
  receivedBy: 'Received by',
  printedOn: 'Printed {date}',
  taxNumber: 'Tax no. {value}',
};

export type DocumentTexts = typeof en;

const so: DocumentTexts = {
  description: 'Faahfaahin',
  item: 'Alaab',
  quantity: 'Tirada',
  unitPrice: 'Qiimaha halkii',
  discount: 'Dhimis',
  tax: 'Canshuur',
  amount: 'Lacagta',
  subtotal: 'Wadarta hoose',
  total: 'Wadarta',
  paid: 'La bixiyay',
  balance: 'Haraaga la rabo',
  notes: 'Xusuusin',
  page: 'Bogga {n} ee {m}',
  cancelled: 'LA JOOJIYAY',
  preparedBy: 'Waxaa diyaariyay',
  approvedBy: 'Waxaa ansixiyay',
  receivedBy: 'Waxaa helay',
  printedOn: 'La daabacay {date}',
  taxNumber: 'Lambarka canshuurta {value}',
};

export const documentTexts: Record<Lang, DocumentTexts> = { en, so };

/** Puts the values into a text's {placeholders}. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
