// Amounts in words for cheques and payment vouchers, in English and Somali, computed from the exact
// decimal (never a JavaScript number): "One thousand two hundred fifty dollars and fifty cents" /
// "Kun iyo laba boqol iyo konton doollar iyo konton senti". Used by the server when a cheque is
// written (both texts are stored with it) and by the web to preview the words while typing.
import Decimal from 'decimal.js';
import type { Lang } from '../common/messages.ts';

const WordsDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

interface CurrencyNames {
  en: { one: string; many: string; cent: string; cents: string };
  so: { unit: string; cent: string };
}

/** Currency names on cheques; another currency is written with its code. */
const CURRENCIES: Record<string, CurrencyNames> = {
  USD: { en: { one: 'dollar', many: 'dollars', cent: 'cent', cents: 'cents' }, so: { unit: 'doollar', cent: 'senti' } },
  SOS: { en: { one: 'shilling', many: 'shillings', cent: 'cent', cents: 'cents' }, so: { unit: 'shilin', cent: 'senti' } },
  SLSH: { en: { one: 'shilling', many: 'shillings', cent: 'cent', cents: 'cents' }, so: { unit: 'shilin', cent: 'senti' } },
};

function currencyNames(code: string): CurrencyNames {
  const known = CURRENCIES[code.toUpperCase()];
  if (known) return known;
  const c = code.toUpperCase();
  return { en: { one: c, many: c, cent: 'cent', cents: 'cents' }, so: { unit: c, cent: 'senti' } };
}

// English ------------------------------------------------------------------------------------------
const EN_UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const EN_SCALES = ['', 'thousand', 'million', 'billion', 'trillion', 'quadrillion', 'quintillion'];

function enBelowThousand(n: number): string {
  const parts: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) parts.push(`${EN_UNITS[hundreds]} hundred`);
  if (rest > 0) {
    if (rest < 20) parts.push(EN_UNITS[rest]);
    else parts.push(rest % 10 === 0 ? EN_TENS[rest / 10] : `${EN_TENS[Math.floor(rest / 10)]}-${EN_UNITS[rest % 10]}`);
  }
  return parts.join(' ');
}

/** Whole number (as a digit string) in English words, American style: "one thousand two hundred fifty". */
export function englishNumber(digits: string): string {
  const groups = toGroups(digits);
  if (groups.every((g) => g === 0)) return 'zero';
  const parts: string[] = [];
  groups.forEach((g, i) => {
    if (g === 0) return;
    const scale = EN_SCALES[groups.length - 1 - i];
    parts.push(scale ? `${enBelowThousand(g)} ${scale}` : enBelowThousand(g));
  });
  return parts.join(' ');
}

// Somali -------------------------------------------------------------------------------------------
// Counting forms: kow, laba, saddex ... toban. Units come before tens and are joined with "iyo"
// (25 = shan iyo labaatan); a multiplier comes before boqol, kun and malyuun (200 = laba boqol) and
// is left out for one (100 = boqol, 1000 = kun); larger parts come first, all joined with "iyo"
// (1250 = kun iyo laba boqol iyo konton).
const SO_UNITS = ['eber', 'kow', 'laba', 'saddex', 'afar', 'shan', 'lix', 'toddoba', 'siddeed', 'sagaal'];
const SO_TENS = ['', 'toban', 'labaatan', 'soddon', 'afartan', 'konton', 'lixdan', 'toddobaatan', 'siddeetan', 'sagaashan'];

function soBelowHundred(n: number): string[] {
  const units = n % 10;
  const tens = Math.floor(n / 10);
  if (tens === 0) return [SO_UNITS[units]];
  if (units === 0) return [SO_TENS[tens]];
  return [SO_UNITS[units], SO_TENS[tens]];
}

function soBelowThousand(n: number): string[] {
  const parts: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 1) parts.push('boqol');
  else if (hundreds > 1) parts.push(`${SO_UNITS[hundreds]} boqol`);
  if (rest > 0) parts.push(...soBelowHundred(rest));
  return parts;
}

/** "kun", "laba kun", "shan iyo labaatan kun": a count of a scale word, the count left out for one. */
function soScaled(countParts: string[], count: number, scale: string): string {
  if (count === 1) return scale;
  return `${countParts.join(' iyo ')} ${scale}`;
}

function soParts(digits: string): string[] {
  const value = BigInt(digits);
  if (value === 0n) return [];
  // Beyond millions the count of billions (bilyan) is itself a Somali number: 5 000 000 000 000 is
  // "shan kun bilyan", so every amount a cheque can carry has words.
  const billion = 1_000_000_000n;
  if (value >= billion) {
    const billions = value / billion;
    const rest = value % billion;
    const head = billions === 1n ? 'bilyan' : `${soParts(billions.toString()).join(' iyo ')} bilyan`;
    return [head, ...soParts(rest.toString())];
  }
  const n = Number(value);
  const parts: string[] = [];
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const rest = n % 1000;
  if (millions > 0) parts.push(soScaled(soBelowThousand(millions), millions, 'malyuun'));
  if (thousands > 0) parts.push(soScaled(soBelowThousand(thousands), thousands, 'kun'));
  if (rest > 0) parts.push(...soBelowThousand(rest));
  return parts;
}

/** Whole number (as a digit string) in Somali counting words: "kun iyo laba boqol iyo konton". */
export function somaliNumber(digits: string): string {
  const parts = soParts(digits);
  return parts.length === 0 ? 'eber' : parts.join(' iyo ');
}

// Shared -------------------------------------------------------------------------------------------
/** Groups of three digits, most significant first. */
function toGroups(digits: string): number[] {
  const clean = digits.replace(/^0+(?=\d)/, '');
  const groups: number[] = [];
  for (let end = clean.length; end > 0; end -= 3) groups.unshift(Number(clean.slice(Math.max(0, end - 3), end)));
  return groups;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The amount in words in the language asked for. Cents are rounded half up to two places; a negative
 * amount is refused (cheques carry positive amounts). The whole part of one is "hal" in Somali, the
 * form used before a noun ("hal doollar"); counting forms (kow) are used inside larger numbers.
 */
export function amountInWords(amount: string | number | Decimal, lang: Lang, currency = 'USD'): string {
  const value = new WordsDecimal(amount as Decimal.Value).toDecimalPlaces(2);
  if (!value.isFinite() || value.isNegative()) throw new RangeError('amountInWords: the amount must be zero or positive');
  const [whole, fraction = '00'] = value.toFixed(2).split('.');
  const cents = Number(fraction);
  const names = currencyNames(currency);
  if (lang === 'so') {
    const unitWords = whole === '1' ? 'hal' : somaliNumber(whole);
    const text = `${unitWords} ${names.so.unit}`;
    if (cents === 0) return capitalise(text);
    const centWords = cents === 1 ? 'hal' : somaliNumber(String(cents));
    return capitalise(`${text} iyo ${centWords} ${names.so.cent}`);
  }
  const unitName = whole === '1' ? names.en.one : names.en.many;
  const text = `${englishNumber(whole)} ${unitName}`;
  if (cents === 0) return capitalise(text);
  return capitalise(`${text} and ${englishNumber(String(cents))} ${cents === 1 ? names.en.cent : names.en.cents}`);
}
