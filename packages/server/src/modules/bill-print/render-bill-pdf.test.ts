// The PDF drawing on its own: many bills are drawn a few at a time and all reach the document, in
// order; an abort (the browser went away) stops the drawing and still closes a valid document.
import { describe, expect, it } from 'vitest';
import type { BillPrintCompany } from '@ubo/contracts';
import type { PrintableBill } from './load-printable-bills.ts';
import { pdfPageCount, pdfText } from '../document-print/pdf-inspect-test-kit.ts';
import { renderBillsPdf } from './render-bill-pdf.ts';

const company: BillPrintCompany = {
  name: 'Berbera Water',
  address: null,
  phone: '0613000000',
  email: null,
  website: null,
  currency: 'USD',
  contactPhone: null,
  shortCode: null,
  billingCode: null,
  logoFileId: null,
};

const bill = (i: number): PrintableBill => ({
  id: i,
  number: `B-${String(i).padStart(6, '0')}`,
  period: '2025-03',
  service: 'water',
  status: 'Open',
  customerNo: `C-${i}`,
  customerName: `Customer ${i}`,
  customerPhone: '0615000000',
  customerAddress: null,
  houseNo: `H-${i}`,
  houseAddress: null,
  zoneName: 'Port',
  meterNumber: `M-${i}`,
  previousReading: '100',
  currentReading: '112',
  consumption: '12',
  subtotal: '6.00',
  tax: '0.00',
  amount: '6.00',
  previousBalance: '1234567.5',
  amountDue: '1234573.50',
  billDate: '2025-03-31',
  dueDate: '2025-04-15',
  lines: [{ kind: 'block', block: 1, from: '0', to: null, units: '12', rate: '0.5', amount: '6.00' }],
  readings: [],
});

async function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  await new Promise((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  return Buffer.concat(chunks);
}

describe('drawing bills into a PDF', () => {
  it('draws every bill on its own page, in order, across turns of the event loop', async () => {
    const bills = Array.from({ length: 25 }, (_, i) => bill(i + 1));
    const pdf = await collect(renderBillsPdf({ bills, company, logo: null, lang: 'en', title: 'Water bills' }));
    expect(pdfPageCount(pdf)).toBe(25);
    const text = pdfText(pdf);
    expect(text.indexOf('Customer 9\n')).toBeLessThan(text.indexOf('Customer 10\n'));
    expect(text).toContain('Customer 25');
    expect(text).toContain('Water bill');
    expect(text).toContain('USD 1,234,573.50');
    expect(text).toContain('Pay at our office with your customer number C-25.');
  });

  it('stops drawing when aborted and still ends a valid document', async () => {
    const controller = new AbortController();
    const bills = Array.from({ length: 40 }, (_, i) => bill(i + 1));
    const doc = renderBillsPdf({ bills, company, logo: null, lang: 'so', title: 'Biilasha', signal: controller.signal });
    controller.abort();
    const pdf = await collect(doc);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(10);
    expect(pdfText(pdf)).toContain('Biilka biyaha');
  });
});
