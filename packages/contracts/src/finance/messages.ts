// Finance dashboard, payments screen helpers and later finance additions: every message the server sends, in English and Somali.
export const financeExtraMessages = {} as const satisfies Record<string, { en: string; so: string }>;
