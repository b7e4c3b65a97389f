// Draws one business document (quotation, invoice, receipt, purchase order, vendor bill, payment voucher,
// return, count sheet) into an A4 PDF: the organisation's header with its logo, the document's title,
// number and facts, the party it is addressed to, a table of rows that runs over as many pages as it
// needs (its header repeated on each), the totals, notes and signature lines, and "Page n of m". The
// caller chooses the columns, so one renderer serves every module; trade documents take
// `tradeColumns` / `tradeRows` / `tradeTotals`. pdfkit's standard Helvetica: no font files to ship.
import PDFDocument from 'pdfkit';
import { type BillPrintCompany, bdec, billMoney, type DocumentFigures, type Lang, type TradeLine } from '@ubo/contracts';
import { type DocumentTexts, documentTexts, fill } from './document-texts.ts';
import { groupedAmount, printedMoney, printedUnits } from './pdf-format.ts';

export interface PrintColumn {
  key: string;
  label: string;
  /** Share of the table's width (the shares are scaled to fill it). */
  width: number;
  /** How the cell's value is printed: text as it is, a grouped quantity, or an amount with two decimals. */
  kind?: 'text' | 'quantity' | 'money';
}

export interface PrintTotal {
  label: string;
  /** A decimal string, printed with the organisation's currency. */
  value: string;
  bold?: boolean;
}

export interface PrintableDocument {
  lang: Lang;
  company: BillPrintCompany;
  logo: Buffer | null;
  /** "Sales invoice", in the caller's language. */
  title: string;
  number: string;
  cancelled?: boolean;
  /** Shown under the number on the right: date, due date, reference, branch... (values already printed). */
  facts: Array<{ label: string; value: string }>;
  /** Who the document is addressed to (customer, vendor, branch), with its contact lines. */
  party?: { label: string; name: string; lines?: Array<string | null | undefined> };
  columns: PrintColumn[];
  rows: Array<Record<string, string | null | undefined>>;
  totals?: PrintTotal[];
  notes?: string | null;
  /** Labels of the signature lines at the foot (e.g. Prepared by, Received by). */
  signatures?: string[];
  /** The signers' signature images (PNG or JPEG), by the index of their line; drawn above it. */
  signatureImages?: Array<Buffer | null>;
}

const PAGE = { width: 595.28, height: 841.89 };
const LEFT = 40;
const RIGHT = PAGE.width - 40;
const WIDTH = RIGHT - LEFT;
const BOTTOM = PAGE.height - 60;
const INK = '#111111';
const MUTED = '#555555';
const RULE = '#9e9e9e';
const SHADE = '#eeeeee';
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
/** A description wraps to at most this many lines; the rest is cut with an ellipsis. */
const MAX_ROW_LINES = 3;

interface Context {
  doc: PDFKit.PDFDocument;
  t: DocumentTexts;
  input: PrintableDocument;
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

function header(ctx: Context): number {
  const { doc, input } = ctx;
  const company = input.company;
  let textX = LEFT;
  if (input.logo) {
    try {
      doc.image(input.logo, LEFT, 38, { fit: [80, 52] });
      textX = LEFT + 92;
    } catch {
      // An image pdfkit cannot read is left off; the document is complete without it.
    }
  }
  const leftWidth = 290 - (textX - LEFT);
  cell(ctx, company.name, textX, 40, leftWidth, { size: 14, bold: true });
  const contact = [company.address, [company.phone, company.email].filter(Boolean).join(' · '), company.website].filter((s): s is string => Boolean(s));
  for (const [i, line] of contact.entries()) cell(ctx, line, textX, 58 + i * 11, leftWidth, { size: 8.5, color: MUTED });

  cell(ctx, input.title, RIGHT - 220, 40, 220, { size: 15, bold: true, align: 'right' });
  cell(ctx, input.number, RIGHT - 220, 59, 220, { size: 10.5, bold: true, align: 'right' });
  let y = 74;
  for (const fact of input.facts) {
    cell(ctx, `${fact.label}: ${fact.value}`, RIGHT - 220, y, 220, { size: 8.5, align: 'right' });
    y += 11;
  }
  const ruleY = Math.max(104, y + 6);
  doc.moveTo(LEFT, ruleY).lineTo(RIGHT, ruleY).lineWidth(1.4).strokeColor(INK).stroke();
  return ruleY + 12;
}

function party(ctx: Context, top: number): number {
  const p = ctx.input.party;
  if (!p) return top;
  cell(ctx, p.label.toUpperCase(), LEFT, top, 260, { size: 6.5, color: MUTED });
  cell(ctx, p.name, LEFT, top + 9, 260, { size: 11, bold: true });
  let y = top + 24;
  for (const line of p.lines ?? []) {
    if (!line) continue;
    cell(ctx, line, LEFT, y, 260, { size: 8.5 });
    y += 11;
  }
  return y + 10;
}

interface Layout {
  x: number;
  width: number;
  column: PrintColumn;
}

function layout(columns: PrintColumn[]): Layout[] {
  const shares = columns.reduce((s, c) => s + c.width, 0);
  let x = LEFT;
  return columns.map((column) => {
    const width = (column.width / shares) * WIDTH;
    const placed = { x, width, column };
    x += width;
    return placed;
  });
}

function printedCell(column: PrintColumn, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (column.kind === 'money') return groupedAmount(value);
  if (column.kind === 'quantity') return printedUnits(value);
  return value;
}

function tableHeader(ctx: Context, cols: Layout[], top: number): number {
  ctx.doc.rect(LEFT, top, WIDTH, 16).fillColor(SHADE).fill();
  for (const c of cols) {
    const right = c.column.kind === 'money' || c.column.kind === 'quantity';
    cell(ctx, c.column.label, c.x + 4, top + 4, c.width - 8, { size: 8, bold: true, align: right ? 'right' : 'left' });
  }
  return top + 20;
}

/** The height a row needs: its wrapping text column decides (at most MAX_ROW_LINES lines). */
function rowHeight(ctx: Context, cols: Layout[], row: PrintableDocument['rows'][number]): number {
  ctx.doc.font(REGULAR).fontSize(8.5);
  let lines = 1;
  for (const c of cols) {
    if (c.column.kind && c.column.kind !== 'text') continue;
    const text = printedCell(c.column, row[c.column.key]);
    if (!text) continue;
    const h = ctx.doc.heightOfString(text, { width: c.width - 8 });
    lines = Math.max(lines, Math.min(MAX_ROW_LINES, Math.round(h / ctx.doc.currentLineHeight())));
  }
  return lines * 11 + 5;
}

function table(ctx: Context, top: number): number {
  const { doc, input } = ctx;
  const cols = layout(input.columns);
  let y = tableHeader(ctx, cols, top);
  for (const row of input.rows) {
    const height = rowHeight(ctx, cols, row);
    if (y + height > BOTTOM) {
      doc.addPage();
      y = tableHeader(ctx, cols, 40);
    }
    for (const c of cols) {
      const text = printedCell(c.column, row[c.column.key]);
      if (!text) continue;
      if (c.column.kind === 'money' || c.column.kind === 'quantity') {
        cell(ctx, text, c.x + 4, y, c.width - 8, { size: 8.5, align: 'right' });
      } else {
        doc
          .font(REGULAR)
          .fontSize(8.5)
          .fillColor(INK)
          .text(text, c.x + 4, y, { width: c.width - 8, height: height - 4, ellipsis: true });
      }
    }
    y += height;
    doc
      .moveTo(LEFT, y - 3)
      .lineTo(RIGHT, y - 3)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
  }
  return y + 6;
}

function totals(ctx: Context, top: number): number {
  const list = ctx.input.totals ?? [];
  if (list.length === 0) return top;
  let y = top;
  if (y + list.length * 15 > BOTTOM) {
    ctx.doc.addPage();
    y = 40;
  }
  const currency = ctx.input.company.currency;
  for (const total of list) {
    if (total.bold)
      ctx.doc
        .moveTo(RIGHT - 230, y - 2)
        .lineTo(RIGHT, y - 2)
        .lineWidth(0.8)
        .strokeColor(INK)
        .stroke();
    cell(ctx, total.label, RIGHT - 230, y + 1, 120, { size: total.bold ? 10 : 9, bold: total.bold });
    cell(ctx, printedMoney(total.value, currency), RIGHT - 110, y + 1, 110, { size: total.bold ? 10 : 9, bold: total.bold, align: 'right' });
    y += total.bold ? 17 : 14;
  }
  return y + 8;
}

function notesAndSignatures(ctx: Context, top: number) {
  const { doc, input, t } = ctx;
  let y = top;
  if (input.notes) {
    const height = Math.min(90, doc.font(REGULAR).fontSize(8.5).heightOfString(input.notes, { width: WIDTH }));
    if (y + height + 14 > BOTTOM) {
      doc.addPage();
      y = 40;
    }
    cell(ctx, t.notes.toUpperCase(), LEFT, y, WIDTH, { size: 6.5, color: MUTED });
    doc
      .font(REGULAR)
      .fontSize(8.5)
      .fillColor(INK)
      .text(input.notes, LEFT, y + 10, { width: WIDTH, height: 90, ellipsis: true });
    y += height + 22;
  }
  const signatures = input.signatures ?? [];
  if (signatures.length === 0) return;
  if (y + 50 > BOTTOM) {
    doc.addPage();
    y = 40;
  }
  const width = (WIDTH - (signatures.length - 1) * 24) / signatures.length;
  for (const [i, label] of signatures.entries()) {
    const x = LEFT + i * (width + 24);
    const image = input.signatureImages?.[i];
    if (image) {
      try {
        doc.image(image, x + 4, y, { fit: [width - 8, 30], align: 'center', valign: 'bottom' });
      } catch {
        // An image pdfkit cannot read leaves the line blank to sign by hand.
      }
    }
    doc
      .moveTo(x, y + 34)
      .lineTo(x + width, y + 34)
      .lineWidth(0.6)
      .strokeColor(INK)
      .stroke();
    cell(ctx, label, x, y + 38, width, { size: 8, color: MUTED });
  }
}

function cancelledMark(ctx: Context) {
  const { doc, t } = ctx;
  doc.save();
  doc.rotate(-28, { origin: [PAGE.width / 2, PAGE.height / 2] });
  doc.opacity(0.22).font(BOLD).fontSize(84).fillColor('#d32f2f');
  doc.text(t.cancelled, 0, PAGE.height / 2 - 42, { width: PAGE.width, align: 'center', lineBreak: false });
  doc.restore();
}

/** The page footer on each page of one document (pages `first`..end): organisation, number and "Page n of m". */
function footers(ctx: Context, first: number) {
  const { doc, input, t } = ctx;
  const range = doc.bufferedPageRange();
  const count = range.start + range.count - first;
  for (let i = first; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    if (input.cancelled) cancelledMark(ctx);
    const text = `${input.company.name} · ${input.title} ${input.number} · ${fill(t.page, { n: i - first + 1, m: count })}`;
    cell(ctx, text, LEFT, PAGE.height - 32, WIDTH, { size: 7.5, color: MUTED, align: 'center' });
  }
}

// pdfkit parses a standard font's metrics (widths, ~2,700 kerning pairs for Helvetica) for every document it
// creates: about a third of drawing a one-page payslip. The parsed metrics never change, so each new document
// gets light per-document font objects (their own id and PDF reference) that share one parsed copy.
type FontTable = Record<string, object>;
let parsedFonts: FontTable | null = null;

function sharedFonts(doc: PDFKit.PDFDocument) {
  const inner = doc as unknown as { _fontFamilies?: FontTable; _fontCount?: number };
  if (typeof inner._fontFamilies !== 'object' || typeof inner._fontCount !== 'number') return;
  if (!parsedFonts) {
    const probe = new PDFDocument({ font: REGULAR } as PDFKit.PDFDocumentOptions);
    probe.font(BOLD);
    const families = (probe as unknown as { _fontFamilies?: FontTable })._fontFamilies;
    if (!families?.[REGULAR] || !families[BOLD]) return;
    parsedFonts = { [REGULAR]: families[REGULAR], [BOLD]: families[BOLD] };
  }
  for (const name of [REGULAR, BOLD]) {
    const font = Object.create(parsedFonts[name]);
    inner._fontCount += 1;
    Object.assign(font, { document: doc, id: `F${inner._fontCount}`, dictionary: null, embedded: false });
    inner._fontFamilies[name] = font;
  }
}

function newDocument(title: string, author: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 36, bottom: 16, left: LEFT, right: PAGE.width - RIGHT },
    bufferPages: true,
    // No default font: the shared ones are put in place first.
    font: null,
    info: { Title: title, Author: author, Creator: author },
  } as unknown as PDFKit.PDFDocumentOptions);
  sharedFonts(doc);
  doc.font(REGULAR);
  return doc;
}

function draw(doc: PDFKit.PDFDocument, input: PrintableDocument, first: number) {
  const ctx: Context = { doc, t: documentTexts[input.lang], input };
  let y = header(ctx);
  y = party(ctx, y);
  y = table(ctx, y);
  y = totals(ctx, y);
  notesAndSignatures(ctx, y);
  footers(ctx, first);
}

/** The document as a PDF stream the caller sends at once (see `sendPdf`). */
export function renderDocumentPdf(input: PrintableDocument): PDFKit.PDFDocument {
  const doc = newDocument(`${input.title} ${input.number}`, input.company.name);
  try {
    draw(doc, input, 0);
    doc.end();
  } catch (err) {
    doc.destroy(err instanceof Error ? err : new Error(String(err)));
  }
  return doc;
}

/**
 * Several documents in one PDF (every payslip of a run): each starts on a new page and is drawn exactly as
 * `renderDocumentPdf` draws it alone, its pages numbered on their own ("Page 1 of 1" each).
 */
export function renderDocumentsPdf(inputs: PrintableDocument[], title: string): PDFKit.PDFDocument {
  const doc = newDocument(title, inputs[0]?.company.name ?? '');
  try {
    for (const [i, input] of inputs.entries()) {
      if (i > 0) doc.addPage();
      const range = doc.bufferedPageRange();
      draw(doc, input, range.start + range.count - 1);
      // A finished document's pages are written out and let go: a run of 20,000 payslips holds one at a time.
      doc.flushPages();
    }
    doc.end();
  } catch (err) {
    doc.destroy(err instanceof Error ? err : new Error(String(err)));
  }
  return doc;
}

/** The columns of a trade document's lines: description, quantity, unit price, discount, tax, amount. */
export function tradeColumns(lang: Lang, opts: { discount?: boolean; tax?: boolean } = {}): PrintColumn[] {
  const t = documentTexts[lang];
  return [
    { key: 'description', label: t.description, width: 40 },
    { key: 'quantity', label: t.quantity, width: 10, kind: 'quantity' },
    { key: 'unitPrice', label: t.unitPrice, width: 14, kind: 'money' },
    ...(opts.discount === false ? [] : [{ key: 'discount', label: t.discount, width: 11, kind: 'money' } as const]),
    ...(opts.tax === false ? [] : [{ key: 'tax', label: t.tax, width: 11, kind: 'money' } as const]),
    { key: 'total', label: t.amount, width: 14, kind: 'money' },
  ];
}

/** A trade line as a row of `tradeColumns`: the item's code and name, then its description. */
export function tradeRows(lines: readonly TradeLine[]): PrintableDocument['rows'] {
  return lines.map((line) => ({
    description: [line.itemCode && line.itemName ? `${line.itemCode} ${line.itemName}` : null, line.description].filter(Boolean).join(' — '),
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    discount: line.discount,
    tax: line.tax,
    total: line.total,
  }));
}

/** Subtotal, discount and tax when there are any, and the total; then what was paid and is still due. */
export function tradeTotals(lang: Lang, figures: Pick<DocumentFigures, 'subtotal' | 'discount' | 'tax' | 'total'>, paid?: string): PrintTotal[] {
  const t = documentTexts[lang];
  const zero = (v: string) => /^-?0(\.0+)?$/.test(v);
  const list: PrintTotal[] = [{ label: t.subtotal, value: figures.subtotal }];
  if (!zero(figures.discount)) list.push({ label: t.discount, value: `-${figures.discount}` });
  if (!zero(figures.tax)) list.push({ label: t.tax, value: figures.tax });
  list.push({ label: t.total, value: figures.total, bold: true });
  if (paid !== undefined) {
    list.push({ label: t.paid, value: paid });
    const due = billMoney(bdec(figures.total).minus(bdec(paid)));
    list.push({ label: t.balance, value: due, bold: true });
  }
  return list;
}
