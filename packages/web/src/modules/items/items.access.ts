// The privilege each items screen needs (contracts/privileges.ts); the server checks the same.
export const itemsPrivileges = {
  list: 'list-item',
  edit: 'add-item',
  stock: 'stock-adjustment',
  counting: 'inventory-counting',
  itemTransaction: 'item-transaction',
} as const;
