// Somali phone numbers as SMS gateways want them: E.164 (+252 and the national number). Customers'
// phones are kept as typed (0615..., 615..., +252 61 5..., 00252...); every message is addressed to the
// normalised form, and a number that cannot be one is refused (free SMS) or skipped (customers, bills).

/** Country calling code of Somalia. */
export const SOMALI_PREFIX = '+252';

/**
 * The E.164 form (+252 followed by 7 to 9 national digits, not starting with 0) of a number written
 * in any usual notation (spaces, dashes, dots and parentheses ignored), or null when it is not one.
 */
export function normaliseSomaliPhone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const text = raw.trim().replace(/[\s\-.()]/g, '');
  let national: string;
  if (/^\+252\d+$/.test(text)) national = text.slice(4);
  else if (/^00252\d+$/.test(text)) national = text.slice(5);
  else if (/^252\d{7,9}$/.test(text) && text.length >= 10) national = text.slice(3);
  else if (/^0\d+$/.test(text)) national = text.slice(1);
  else if (/^\d+$/.test(text)) national = text;
  else return null;
  return /^[1-9]\d{6,8}$/.test(national) ? `${SOMALI_PREFIX}${national}` : null;
}

/** Splits a pasted list (new lines, commas or semicolons) into its non-empty entries. */
export function splitPhoneList(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
