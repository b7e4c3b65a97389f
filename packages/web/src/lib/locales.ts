// The Intl locale of numbers in each language (format.ts, money.ts).
import type { Lang } from '@ubo/contracts';

export const numberLocales: Record<Lang, string> = { en: 'en-US', so: 'so-SO' };
