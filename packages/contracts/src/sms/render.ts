// SMS text: templates with {placeholders} filled per recipient, and how many SMS parts a text costs
// (GSM 03.38 7-bit alphabet: 160 characters, 153 per part when split; anything else is UCS-2: 70, 67).
// Used by the server when it queues messages and by the screens' character and part counters.

/** Every placeholder a template may use. Unknown {words} are refused when a template is saved. */
export const smsPlaceholders = ['name', 'customerNo', 'period', 'consumption', 'amount', 'balance', 'dueDate', 'shortCode', 'company', 'currency'] as const;
export type SmsPlaceholder = (typeof smsPlaceholders)[number];
export type SmsValues = Partial<Record<SmsPlaceholder, string>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** The {words} of a text that are not placeholders, in order of first appearance. */
export function unknownPlaceholders(body: string): string[] {
  const known = new Set<string>(smsPlaceholders);
  const out: string[] = [];
  for (const m of body.matchAll(PLACEHOLDER)) if (!known.has(m[1]) && !out.includes(m[1])) out.push(m[1]);
  return out;
}

const EMPTY = '\uE000';

/**
 * Fills every known placeholder (a missing value becomes empty text) and tidies what an empty one leaves
 * behind: 'Dear {name}, ...' without a name reads 'Dear, ...', and no doubled spaces.
 */
export function renderSmsTemplate(body: string, values: SmsValues): string {
  const known = new Set<string>(smsPlaceholders);
  return body
    .replace(PLACEHOLDER, (whole, name: string) => (known.has(name) ? values[name as SmsPlaceholder] || EMPTY : whole))
    .replace(/[ \t]*\uE000(?=[ \t]*[,.;:!?])/g, '')
    .replaceAll(EMPTY, '')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

// GSM 03.38 basic set (one unit each) and its extension table (two units: escape + character).
const GSM_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

export interface SmsSegments {
  encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the phone counts them (GSM extension characters count two). */
  characters: number;
  parts: number;
  /** Characters one part holds at this length (160/153 or 70/67). */
  perPart: number;
}

export function smsSegments(text: string): SmsSegments {
  let units = 0;
  let isGsm = true;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) units += 1;
    else if (GSM_EXTENDED.includes(ch)) units += 2;
    else {
      isGsm = false;
      break;
    }
  }
  if (isGsm) {
    const perPart = units <= 160 ? 160 : 153;
    return { encoding: 'GSM-7', characters: units, parts: units === 0 ? 0 : Math.ceil(units / perPart), perPart };
  }
  // UCS-2 counts UTF-16 code units (an emoji takes two).
  const length = text.length;
  const perPart = length <= 70 ? 70 : 67;
  return { encoding: 'UCS-2', characters: length, parts: Math.ceil(length / perPart), perPart };
}
