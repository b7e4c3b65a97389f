// The words printed on a bill PDF, in English and Somali (the caller's language picks one). The web's
// print page says the same in billing-runs.i18n.ts; {name} placeholders are filled by fill().
import { type Lang, MONTH_NAMES } from '@ubo/contracts';

const en = {
  title: { electricity: 'Electricity bill', water: 'Water bill' },
  billNo: 'Bill no.',
  period: 'Period',
  billDate: 'Bill date',
  dueDate: 'Due date',
  customer: 'Customer',
  customerNo: 'Customer no.',
  phone: 'Phone',
  house: 'House',
  zone: 'Zone',
  meter: 'Meter',
  previousReading: 'Previous reading',
  currentReading: 'Current reading',
  consumption: 'Consumption',
  unitsWord: 'units',
  readings: 'Readings of the period',
  readingType: { regular: 'Regular', estimated: 'Estimated', correction: 'Correction', final: 'Final (replaced meter)' },
  description: 'Description',
  units: 'Units',
  rate: 'Rate',
  amount: 'Amount',
  line: {
    service_charge: 'Service charge',
    block: 'Block {n}: {from} – {to} units',
    blockOpen: 'Block {n}: above {from} units',
    above_last_block: 'Above {from} units (last block rate)',
    minimum_top_up: 'Top-up to the minimum charge',
    tax: 'Tax ({rate}%)',
  },
  subtotal: 'Subtotal',
  tax: 'Tax',
  thisBill: 'This bill',
  previousBalance: 'Previous balance',
  amountDue: 'Amount due',
  payBy: 'Please pay by {date}',
  howToPay: 'How to pay',
  payShortCode: 'Dial {shortCode} on your phone and pay with your customer number {customerNo} as the reference.',
  payOffice: 'Pay at our office with your customer number {customerNo}.',
  billingCode: 'Billing code: {code}',
  contact: 'Questions about this bill: {phone}',
  cancelled: 'CANCELLED',
  footer: '{company} · bill {number} · {period}',
  month: [...MONTH_NAMES.en] as string[],
};

type PdfTexts = typeof en;

const so: PdfTexts = {
  title: { electricity: 'Biilka korontada', water: 'Biilka biyaha' },
  billNo: 'Lambarka biilka',
  period: 'Muddada',
  billDate: 'Taariikhda biilka',
  dueDate: 'Taariikhda ugu dambaysa ee bixinta',
  customer: 'Macmiilka',
  customerNo: 'Lambarka macmiilka',
  phone: 'Taleefanka',
  house: 'Guriga',
  zone: 'Aagga',
  meter: 'Mitirka',
  previousReading: 'Akhriskii hore',
  currentReading: 'Akhriska hadda',
  consumption: 'Isticmaalka',
  unitsWord: 'unug',
  readings: 'Akhrisyada muddada',
  readingType: { regular: 'Caadi', estimated: 'Qiyaas', correction: 'Sixid', final: 'Kii ugu dambeeyay (mitir la beddelay)' },
  description: 'Faahfaahin',
  units: 'Unugyo',
  rate: 'Qiimaha',
  amount: 'Lacagta',
  line: {
    service_charge: 'Khidmadda adeegga',
    block: 'Heerka {n}: {from} – {to} unug',
    blockOpen: 'Heerka {n}: ka badan {from} unug',
    above_last_block: 'Ka badan {from} unug (qiimaha heerka ugu dambeeya)',
    minimum_top_up: 'Kabka ilaa lacagta ugu yar',
    tax: 'Canshuur ({rate}%)',
  },
  subtotal: 'Wadarta hoose',
  tax: 'Canshuur',
  thisBill: 'Biilkan',
  previousBalance: 'Haraagii hore',
  amountDue: 'Lacagta laga rabo',
  payBy: 'Fadlan bixi ka hor {date}',
  howToPay: 'Sida loo bixiyo',
  payShortCode: 'Taleefankaaga ka garaac {shortCode} oo tixraac ahaan u isticmaal lambarka macmiilkaaga {customerNo}.',
  payOffice: 'Ku bixi xafiiskayaga adigoo sheegaya lambarka macmiilkaaga {customerNo}.',
  billingCode: 'Koodhka biilasha: {code}',
  contact: 'Su’aalaha biilkan: {phone}',
  cancelled: 'LA JOOJIYAY',
  footer: '{company} · biil {number} · {period}',
  month: [...MONTH_NAMES.so],
};

export const pdfTexts: Record<Lang, PdfTexts> = { en, so };
export type { PdfTexts };

/** Puts the values into a text's {placeholders}. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
