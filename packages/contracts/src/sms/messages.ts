// SMS templates, sending, gateway settings and the SMS report: every message the server sends, in English and Somali.
export const smsMessages = {
} as const satisfies Record<string, { en: string; so: string }>;
