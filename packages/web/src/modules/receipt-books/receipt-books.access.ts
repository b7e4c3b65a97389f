// The privilege each receipt-books screen needs (contracts/privileges.ts); the server checks the same.
export const booksPrivileges = {
  list: 'list-book',
  add: 'add-book',
  status: 'book-status',
  receive: 'receive-payment',
} as const;
