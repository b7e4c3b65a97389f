// Public surface of the receipt-books module: its routes, the tables, and what a payment asks of a book in
// its own transaction (use the collector's manual receipt number, void it on cancel, read it back).
export { receiptBooksRoutes } from './receipt-books.routes.ts';
export { receiptBooks, receiptBookNumbers } from './receipt-books.tables.ts';
export { checkManualReceipts, useManualReceipt, voidReceiptOfPayment, manualReceiptOf, refNumber } from './manual-receipts.ts';
export { issueReceiptBook } from './issue-receipt-book.ts';
export { setReceiptBookStatus, voidReceiptNumber } from './change-receipt-book.ts';
