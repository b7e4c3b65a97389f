// Draws bills into a PDF, one A4 page per bill, with what the web's printable bill shows: the company
// header with its logo, the customer and house, the meter with its previous and current readings and
// the consumption, the tariff lines, the previous balance, the amount due and its due date, and how to
// pay. Built on pdfkit's standard Helvetica (no font files to ship); the document is a stream the
// route sends as it is produced.
import PDFDocument from 'pdfkit';
import type { BillPrintCompany, BreakdownLine, Lang } from '@ubo/contracts';
import { fill, printedDate, printedMoney, printedPeriod, printedUnits } from '../document-print/index.ts';
import type { PrintableBill } from './load-printable-bills.ts';
import { type PdfTexts, pdfTexts } from './pdf-texts.ts';

const PAGE = { width: 595.28, height: 841.89 };
const LEFT = 40;
const RIGHT = PAGE.width - 40;
const WIDTH = RIGHT - LEFT;
const INK = '#111111';
const MUTED = '#555555';
const RULE = '#9e9e9e';
const SHADE = '#eeeeee';
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';

interface Context {
  doc: PDFKit.PDFDocument;
  t: PdfTexts;
  lang: Lang;
  company: BillPrintCompany;
  logo: Buffer | null;
}

/** One line of text that never wraps or spills onto a new page. */
function cell(
  ctx: Context,
  text: string,
  x: number,
  y: number,
  width: number,
  opts: { size?: number; bold?: boolean; color?: string; align?: 'left' | 'right' | 'center' } = {},
) {
  ctx.doc
    .font(opts.bold ? BOLD : REGULAR)
    .fontSize(opts.size ?? 9)
    .fillColor(opts.color ?? INK)
    .text(text, x, y, { width, align: opts.align ?? 'left', lineBreak: false, ellipsis: true, height: (opts.size ?? 9) * 1.3 });
}

/** A small grey caption over a value. */
function labelled(ctx: Context, label: string, value: string, x: number, y: number, width: number, opts: { size?: number; align?: 'left' | 'right' } = {}) {
  cell(ctx, label.toUpperCase(), x, y, width, { size: 6.5, color: MUTED, align: opts.align });
  cell(ctx, value, x, y + 9, width, { size: opts.size ?? 10, bold: true, align: opts.align });
}

function box(ctx: Context, x: number, y: number, w: number, h: number, shaded = false) {
  if (shaded) ctx.doc.rect(x, y, w, h).fillColor(SHADE).fill();
  ctx.doc.rect(x, y, w, h).lineWidth(0.6).strokeColor(RULE).stroke();
}

function header(ctx: Context, bill: PrintableBill): number {
  const { doc, t, company } = ctx;
  let textX = LEFT;
  if (ctx.logo) {
    try {
      doc.image(ctx.logo, LEFT, 38, { fit: [80, 52] });
      textX = LEFT + 92;
    } catch {
      // An image pdfkit cannot read is left off; the bill is still complete without it.
    }
  }
  cell(ctx, company.name, textX, 40, 300 - (textX - LEFT), { size: 15, bold: true });
  const contact = [company.address, [company.phone, company.email].filter(Boolean).join(' · '), company.website].filter((s): s is string => Boolean(s));
  for (const [i, line] of contact.entries()) cell(ctx, line, textX, 60 + i * 11, 300 - (textX - LEFT), { size: 8.5, color: MUTED });

  cell(ctx, t.title[bill.service], RIGHT - 220, 40, 220, { size: 15, bold: true, align: 'right' });
  cell(ctx, `${t.billNo} ${bill.number}`, RIGHT - 220, 60, 220, { size: 9.5, align: 'right' });
  cell(ctx, `${t.period}: ${printedPeriod(bill.period, ctx.lang)}`, RIGHT - 220, 72, 220, { size: 9.5, align: 'right' });
  doc.moveTo(LEFT, 100).lineTo(RIGHT, 100).lineWidth(1.4).strokeColor(INK).stroke();
  return 112;
}

function parties(ctx: Context, bill: PrintableBill, top: number): number {
  const { t } = ctx;
  const half = (WIDTH - 12) / 2;
  box(ctx, LEFT, top, half, 84);
  labelled(ctx, t.customer, bill.customerName, LEFT + 8, top + 7, half - 16, { size: 11.5 });
  cell(ctx, `${t.customerNo} ${bill.customerNo}`, LEFT + 8, top + 33, half - 16);
  cell(ctx, `${t.phone}: ${bill.customerPhone}`, LEFT + 8, top + 46, half - 16);
  if (bill.customerAddress) cell(ctx, bill.customerAddress, LEFT + 8, top + 59, half - 16, { color: MUTED });

  const x = LEFT + half + 12;
  box(ctx, x, top, half, 84);
  labelled(ctx, t.house, [bill.houseNo, bill.houseAddress].filter(Boolean).join(' · ') || '—', x + 8, top + 7, half - 16, { size: 10.5 });
  cell(ctx, `${t.zone}: ${bill.zoneName}`, x + 8, top + 33, half - 16);
  const third = (half - 16) / 2;
  labelled(ctx, t.billDate, printedDate(bill.billDate, ctx.lang), x + 8, top + 50, third, { size: 9.5 });
  labelled(ctx, t.dueDate, printedDate(bill.dueDate, ctx.lang), x + 8 + third, top + 50, third, { size: 9.5 });
  return top + 96;
}

function meter(ctx: Context, bill: PrintableBill, top: number): number {
  const { t } = ctx;
  const first = bill.readings[0];
  const last = bill.readings[bill.readings.length - 1];
  const cells: Array<[string, string, string | null]> = [
    [t.meter, bill.meterNumber ?? '—', null],
    [t.previousReading, printedUnits(bill.previousReading), first ? printedDate(first.previousDate, ctx.lang) : null],
    [t.currentReading, printedUnits(bill.currentReading), last ? printedDate(last.readingDate, ctx.lang) : null],
    [t.consumption, `${printedUnits(bill.consumption)} ${t.unitsWord}`, null],
  ];
  const w = WIDTH / cells.length;
  box(ctx, LEFT, top, WIDTH, 46, true);
  for (const [i, [label, value, note]] of cells.entries()) {
    labelled(ctx, label, value, LEFT + i * w + 8, top + 7, w - 16, { size: 12 });
    if (note) cell(ctx, note, LEFT + i * w + 8, top + 31, w - 16, { size: 7.5, color: MUTED });
  }
  let y = top + 56;
  // A meter replaced in the period: the old meter's final reading and the new meter's are both billed.
  if (bill.readings.length > 1) {
    cell(ctx, t.readings, LEFT, y, WIDTH, { size: 8, bold: true, color: MUTED });
    y += 12;
    for (const r of bill.readings) {
      const type = t.readingType[r.type as keyof PdfTexts['readingType']] ?? r.type;
      cell(
        ctx,
        `${type} · ${printedDate(r.readingDate, ctx.lang)}: ${printedUnits(r.previousReading)} → ${printedUnits(r.currentReading)} = ${printedUnits(r.consumption)} ${t.unitsWord}`,
        LEFT + 8,
        y,
        WIDTH - 16,
        { size: 8 },
      );
      y += 11;
    }
    y += 6;
  }
  return y;
}

/** The words of one tariff line, as the web's "explain this bill" says them. */
export function lineDescription(line: BreakdownLine, t: PdfTexts): string {
  if (line.kind === 'block') {
    return line.to === null
      ? fill(t.line.blockOpen, { n: line.block ?? '', from: line.from ?? '' })
      : fill(t.line.block, { n: line.block ?? '', from: line.from ?? '', to: line.to });
  }
  if (line.kind === 'above_last_block') return fill(t.line.above_last_block, { from: line.from ?? '' });
  if (line.kind === 'tax') return fill(t.line.tax, { rate: line.rate ?? '' });
  return t.line[line.kind];
}

function breakdown(ctx: Context, bill: PrintableBill, top: number): number {
  const { doc, t, company } = ctx;
  const cols = { description: 255, units: 80, rate: 80, amount: WIDTH - 255 - 160 };
  const xs = {
    description: LEFT,
    units: LEFT + cols.description,
    rate: LEFT + cols.description + cols.units,
    amount: LEFT + cols.description + cols.units + cols.rate,
  };
  const row = 17;
  doc.rect(LEFT, top, WIDTH, row).fillColor(SHADE).fill();
  cell(ctx, t.description, xs.description + 6, top + 5, cols.description - 12, { size: 8.5, bold: true });
  cell(ctx, t.units, xs.units, top + 5, cols.units - 6, { size: 8.5, bold: true, align: 'right' });
  cell(ctx, t.rate, xs.rate, top + 5, cols.rate - 6, { size: 8.5, bold: true, align: 'right' });
  cell(ctx, `${t.amount} (${company.currency})`, xs.amount, top + 5, cols.amount - 6, { size: 8.5, bold: true, align: 'right' });
  let y = top + row;
  const lines = bill.lines.filter((l) => l.kind !== 'tax');
  for (const line of lines) {
    cell(ctx, lineDescription(line, t), xs.description + 6, y + 5, cols.description - 12);
    if (line.units !== null) cell(ctx, printedUnits(line.units), xs.units, y + 5, cols.units - 6, { align: 'right' });
    if (line.rate !== null) cell(ctx, line.rate, xs.rate, y + 5, cols.rate - 6, { align: 'right' });
    cell(ctx, printedMoney(line.amount, ''), xs.amount, y + 5, cols.amount - 6, { align: 'right' });
    doc
      .moveTo(LEFT, y + row)
      .lineTo(RIGHT, y + row)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
    y += row;
  }
  const totals: Array<[string, string, boolean]> = [[t.subtotal, bill.subtotal, false]];
  const tax = bill.lines.find((l) => l.kind === 'tax');
  if (tax) totals.push([lineDescription(tax, t), bill.tax, false]);
  totals.push([t.thisBill, bill.amount, true]);
  for (const [label, value, bold] of totals) {
    cell(ctx, label, xs.units, y + 5, cols.units + cols.rate - 6, { align: 'right', bold });
    cell(ctx, printedMoney(value, ''), xs.amount, y + 5, cols.amount - 6, { align: 'right', bold });
    y += row;
  }
  doc.moveTo(xs.units, y).lineTo(RIGHT, y).lineWidth(1).strokeColor(INK).stroke();
  return y + 14;
}

function payment(ctx: Context, bill: PrintableBill, top: number): number {
  const { doc, t, company } = ctx;
  const sumW = 230;
  const sumX = RIGHT - sumW;
  box(ctx, sumX, top, sumW, 104);
  const rows: Array<[string, string]> = [
    [t.thisBill, printedMoney(bill.amount, company.currency)],
    [t.previousBalance, printedMoney(bill.previousBalance, company.currency)],
  ];
  for (const [i, [label, value]] of rows.entries()) {
    cell(ctx, label, sumX + 10, top + 10 + i * 15, 110);
    cell(ctx, value, sumX + 110, top + 10 + i * 15, sumW - 120, { align: 'right' });
  }
  doc
    .rect(sumX, top + 44, sumW, 34)
    .fillColor(SHADE)
    .fill();
  cell(ctx, t.amountDue, sumX + 10, top + 55, 100, { size: 11, bold: true });
  cell(ctx, printedMoney(bill.amountDue, company.currency), sumX + 100, top + 53, sumW - 110, { size: 14, bold: true, align: 'right' });
  cell(ctx, fill(t.payBy, { date: printedDate(bill.dueDate, ctx.lang) }), sumX + 10, top + 86, sumW - 20, { size: 9, bold: true, align: 'right' });

  const payW = WIDTH - sumW - 14;
  const contactPhone = company.contactPhone ?? company.phone;
  box(ctx, LEFT, top, payW, 104);
  cell(ctx, t.howToPay, LEFT + 10, top + 10, payW - 20, { size: 10.5, bold: true });
  const steps = [
    company.shortCode
      ? fill(t.payShortCode, { shortCode: company.shortCode, customerNo: bill.customerNo })
      : fill(t.payOffice, { customerNo: bill.customerNo }),
    company.billingCode ? fill(t.billingCode, { code: company.billingCode }) : null,
    contactPhone ? fill(t.contact, { phone: contactPhone }) : null,
  ].filter((s): s is string => s !== null);
  let y = top + 28;
  for (const step of steps) {
    doc
      .font(REGULAR)
      .fontSize(8.5)
      .fillColor(INK)
      .text(step, LEFT + 10, y, { width: payW - 20, height: 40, ellipsis: true });
    y = Math.min(doc.y + 3, top + 96);
  }
  return top + 116;
}

function cancelledMark(ctx: Context) {
  const { doc, t } = ctx;
  doc.save();
  doc.rotate(-28, { origin: [PAGE.width / 2, PAGE.height / 2] });
  doc.opacity(0.22).font(BOLD).fontSize(84).fillColor('#d32f2f');
  doc.text(t.cancelled, 0, PAGE.height / 2 - 42, { width: PAGE.width, align: 'center', lineBreak: false });
  doc.restore();
}

function drawBill(ctx: Context, bill: PrintableBill) {
  let y = header(ctx, bill);
  y = parties(ctx, bill, y);
  y = meter(ctx, bill, y);
  y = breakdown(ctx, bill, y);
  payment(ctx, bill, y);
  const footer = fill(ctx.t.footer, { company: ctx.company.name, number: bill.number, period: printedPeriod(bill.period, ctx.lang) });
  cell(ctx, footer, LEFT, PAGE.height - 32, WIDTH, { size: 7.5, color: MUTED, align: 'center' });
  if (bill.status === 'Cancelled') cancelledMark(ctx);
}

/** Bills drawn between two turns of the event loop: a zone of thousands never holds the server up. */
const BILLS_PER_TURN = 10;

/**
 * The PDF of `bills` in order, one page each, as a stream the caller sends at once: pages are drawn a
 * few at a time, yielding to other requests in between, and drawing stops when `signal` aborts (the
 * browser went away). A drawing failure destroys the stream with the error.
 */
export function renderBillsPdf(opts: {
  bills: PrintableBill[];
  company: BillPrintCompany;
  logo: Buffer | null;
  lang: Lang;
  title: string;
  signal?: AbortSignal;
}): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 36, bottom: 16, left: LEFT, right: PAGE.width - RIGHT },
    autoFirstPage: false,
    info: { Title: opts.title, Author: opts.company.name, Creator: opts.company.name },
  });
  const ctx: Context = { doc, t: pdfTexts[opts.lang], lang: opts.lang, company: opts.company, logo: opts.logo };
  const draw = async () => {
    for (const [i, bill] of opts.bills.entries()) {
      if (i > 0 && i % BILLS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      if (opts.signal?.aborted) return;
      doc.addPage();
      drawBill(ctx, bill);
    }
  };
  draw().then(
    () => doc.end(),
    (err: unknown) => doc.destroy(err instanceof Error ? err : new Error(String(err))),
  );
  return doc;
}
