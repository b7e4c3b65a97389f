// The one document renderer on its own: a long document runs over pages with "Page n of m" on each,
// the figures read as printed (grouped, two decimals, the currency on totals), the words follow the
// language, and a cancelled document says so.
import { describe, expect, it } from 'vitest';
import { type BillPrintCompany, documentFigures, type TradeLine } from '@ubo/contracts';
import { pdfPageCount, pdfText } from './pdf-inspect-test-kit.ts';
import { renderDocumentPdf, tradeColumns, tradeRows, tradeTotals } from './render-document-pdf.ts';

const company: BillPrintCompany = {
  name: 'Berbera Water',
  address: 'Main road 1',
  phone: '0613000000',
  email: null,
  website: null,
  currency: 'USD',
  contactPhone: null,
  shortCode: null,
  billingCode: null,
  logoFileId: null,
};

async function bytes(doc: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

function lines(n: number): TradeLine[] {
  return Array.from({ length: n }, (_, i) => {
    const input = { quantity: '1200.5', unitPrice: '3.10', discountPercent: '10', taxPercent: '5' };
    const f = documentFigures([input]).lines[0];
    return {
      position: i + 1,
      itemId: i + 1,
      itemCode: `M-${i + 1}`,
      itemName: `Meter ${i + 1}`,
      accountId: null,
      description: null,
      ...input,
      ...f,
    };
  });
}

describe('renderDocumentPdf', () => {
  it('runs a long document over pages with its figures and page numbers', async () => {
    const rows = lines(70);
    const figures = documentFigures(rows);
    const pdf = await bytes(
      renderDocumentPdf({
        lang: 'en',
        company,
        logo: null,
        title: 'Sales invoice',
        number: 'INV-000042',
        facts: [{ label: 'Date', value: '3 March 2026' }],
        party: { label: 'Bill to', name: 'Amina Hassan', lines: ['0615000000', null] },
        columns: tradeColumns('en'),
        rows: tradeRows(rows),
        totals: tradeTotals('en', figures, '100.00'),
        notes: 'Delivered to the depot.',
        signatures: ['Prepared by', 'Received by'],
      }),
    );
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    const text = pdfText(pdf);
    expect(text).toContain('Sales invoice');
    expect(text).toContain('INV-000042');
    expect(text).toContain('Amina Hassan');
    expect(text).toContain('M-70 Meter 70');
    // 1200.5 x 3.10 = 3,721.55; 10% off = 372.16 (3,349.39 left); 5% tax on it = 167.47; line 3,516.86.
    expect(text).toContain('372.16');
    expect(text).toContain('167.47');
    expect(text).toContain('3,516.86');
    expect(figures.total).toBe('246180.20');
    expect(text).toContain('USD 246,180.20');
    expect(text).toContain('USD 246,080.20'); // balance due after 100.00 paid
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).not.toContain('CANCELLED');
  });

  it('speaks Somali and marks a cancelled document', async () => {
    const rows = lines(2);
    const pdf = await bytes(
      renderDocumentPdf({
        lang: 'so',
        company,
        logo: null,
        title: 'Qaansheegta iibka',
        number: 'INV-000043',
        cancelled: true,
        facts: [],
        columns: tradeColumns('so'),
        rows: tradeRows(rows),
        totals: tradeTotals('so', documentFigures(rows)),
      }),
    );
    const text = pdfText(pdf);
    expect(pdfPageCount(pdf)).toBe(1);
    expect(text).toContain('Qiimaha halkii');
    expect(text).toContain('Wadarta');
    expect(text).toContain('Bogga 1 ee 1');
    expect(text).toContain('LA JOOJIYAY');
  });
});
