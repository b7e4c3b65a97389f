// Receipt books: numbered books of receipts issued to collectors.
export * from './receipt-books.ts';
export * from './messages.ts';
export * from './endpoints.ts';
