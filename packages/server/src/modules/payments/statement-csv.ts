// A mobile-money or bank statement as CSV (comma or semicolon, header line first, columns in any order):
// reference, customer (a phone or a customer number), amount, date. Header names are matched loosely
// (case, spaces and underscores ignored; "transaction id", "phone", "msisdn", "customer no", ...).
// Amounts may carry thousands separators or a currency sign; dates may be YYYY-MM-DD (with a time) or
// DD/MM/YYYY. Answers the rows as texts with their line numbers; checking is the match's work.
import type { BatchMatchRow } from '@ubo/contracts';
import { fieldError } from '../../plugins/errors.ts';
// The metering module's RFC 4180 reader is pure and dependency-free; its index does not export it yet.
import { parseCsv } from '../metering/index.ts';

const columnAliases: Record<string, keyof BatchMatchRow> = {
  reference: 'reference',
  ref: 'reference',
  transactionid: 'reference',
  transactionno: 'reference',
  transaction: 'reference',
  txnid: 'reference',
  tid: 'reference',
  receipt: 'reference',
  customer: 'customer',
  customerno: 'customer',
  customernumber: 'customer',
  phone: 'customer',
  phonenumber: 'customer',
  mobile: 'customer',
  msisdn: 'customer',
  sender: 'customer',
  payer: 'customer',
  amount: 'amount',
  amt: 'amount',
  value: 'amount',
  date: 'date',
  transactiondate: 'date',
  paymentdate: 'date',
  datetime: 'date',
  time: 'date',
};
const requiredColumns = ['reference', 'customer', 'amount', 'date'] as const;

/** '1,250.50', '$ 1250.5', '1250.50 USD' -> '1250.50' (anything else is left for the check to refuse). */
export function statementAmount(text: string): string {
  const t = text
    .trim()
    .replace(/^(usd|sos|\$)\s*/i, '')
    .replace(/\s*(usd|sos|\$)$/i, '');
  return /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t) ? t.replace(/,/g, '') : t;
}

/** '2026-03-05 14:22:10' -> '2026-03-05'; '05/03/2026' -> '2026-03-05'. */
export function statementDate(text: string): string {
  const t = text.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})([ T].*)?$/.exec(t);
  if (iso) return iso[1];
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})([ T].*)?$/.exec(t);
  if (dmy) return `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}`;
  return t;
}

export interface StatementRow extends Required<BatchMatchRow> {
  line: number | null;
}

export function readStatement(text: string, maxRows: number): StatementRow[] {
  const rows = parseCsv(text);
  if (rows === null) throw fieldError('file', 'csv.malformed');
  if (rows.length < 2) throw fieldError('file', 'csv.empty');
  const header = rows[0].cells.map(
    (h) =>
      columnAliases[
        h
          .trim()
          .toLowerCase()
          .replace(/[\s_.-]/g, '')
      ],
  );
  for (const column of requiredColumns) {
    if (!header.includes(column)) throw fieldError('file', `csv.missingColumn|${column}`);
  }
  if (rows.length - 1 > maxRows) throw fieldError('file', `csv.tooManyRows|${maxRows}`);
  return rows.slice(1).map(({ line, cells }) => {
    const raw: Required<BatchMatchRow> = { reference: '', customer: '', amount: '', date: '' };
    header.forEach((column, i) => {
      // The first column of a kind wins (a statement may have both "date" and "time").
      if (column && raw[column] === '') raw[column] = (cells[i] ?? '').trim();
    });
    return { ...raw, amount: statementAmount(raw.amount), date: statementDate(raw.date), line };
  });
}
