// Public surface of document-print: what every module that prints a document uses. The organisation's
// header and logo (`loadPrintCompany`, `printableLogo`), the one document renderer (`renderDocumentPdf`,
// with `tradeColumns` / `tradeRows` / `tradeTotals` for trade documents' lines), how figures read on
// paper (`printedDate`, `printedMoney`, ...) and how a PDF is sent (`sendPdf`, `responseClosed`).
export { loadPrintCompany, loadPrintFrame, printableLogo, printFrameColumns, printFrameJoin, printFrameOf, type PrintFrameRow } from './print-company.ts';
export {
  renderDocumentPdf,
  renderDocumentsPdf,
  tradeColumns,
  tradeRows,
  tradeTotals,
  type PrintableDocument,
  type PrintColumn,
  type PrintTotal,
} from './render-document-pdf.ts';
export { documentTexts, fill, type DocumentTexts } from './document-texts.ts';
export { groupedAmount, printedDate, printedMoney, printedPeriod, printedUnits } from './pdf-format.ts';
export { responseClosed, sendPdf } from './pdf-reply.routes.ts';
export { pdfBuffer } from './pdf-buffer.ts';
