// Bill runs as background jobs, bill printing: every message the server sends, in English and Somali.
export const billRunMessages = {
} as const satisfies Record<string, { en: string; so: string }>;
