// Customer payments, allocations, batch receive, customer-to-customer transfers, opening balances: every message the server sends, in English and Somali.
export const paymentsMessages = {
} as const satisfies Record<string, { en: string; so: string }>;
