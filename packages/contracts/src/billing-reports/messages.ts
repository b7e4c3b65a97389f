// Billing reports and the billing dashboard: every message the server sends, in English and Somali.
export const billingReportsMessages = {
} as const satisfies Record<string, { en: string; so: string }>;
