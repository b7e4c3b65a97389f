import { it } from 'vitest';
import { renderBillsPdf } from './render-bill-pdf.ts';
import type { PrintableBill } from './load-printable-bills.ts';
it('bench', async () => {
  const bill: PrintableBill = { id: 1, number: 'B-000001', period: '2025-03', service: 'electricity', status: 'Open', customerNo: 'C-1', customerName: 'Sahra Nur', customerPhone: '0615', customerAddress: 'Road 1', houseNo: 'H-1', houseAddress: null, zoneName: 'Z', meterNumber: 'M1', previousReading: '100', currentReading: '200', consumption: '100', subtotal: '50.00', tax: '2.50', amount: '52.50', previousBalance: '10.00', amountDue: '62.50', billDate: '2025-03-31', dueDate: '2025-04-15',
    lines: [{ kind: 'service_charge', block: null, from: null, to: null, units: null, rate: null, amount: '3.00' }, { kind: 'block', block: 1, from: '0', to: '50', units: '50', rate: '0.4', amount: '20.00' }, { kind: 'block', block: 2, from: '50', to: null, units: '50', rate: '0.6', amount: '30.00' }, { kind: 'tax', block: null, from: null, to: null, units: null, rate: '5', amount: '2.50' }],
    readings: [{ type: 'regular', readingDate: '2025-03-28', previousDate: '2025-02-28', previousReading: '100', currentReading: '200', consumption: '100' }] };
  const bills = Array.from({ length: 2000 }, (_, i) => ({ ...bill, id: i, customerName: `Customer ${i}` }));
  const t0 = performance.now();
  const doc = renderBillsPdf({ bills, company: { name: 'Co', address: 'a', phone: 'p', email: null, website: null, currency: 'USD', contactPhone: null, shortCode: '*1#', billingCode: null, logoFileId: null }, logo: null, lang: 'en', title: 't' });
  const t1 = performance.now();
  let size = 0;
  await new Promise<void>((r) => { doc.on('data', (c: Buffer) => { size += c.length; }); doc.on('end', () => r()); });
  console.log('render ms', Math.round(t1 - t0), 'total ms', Math.round(performance.now() - t0), 'bytes', size);
});
