// The words of a search box turned into the terms the customers.search_terms GIN index holds: the
// organisation id, a colon and a word prefix ("12:abd"). A query written like a phone number (digits,
// spaces, +, -, parentheses) is one term, so "+252 61 512 3456" finds 252615123456.
// Mirrors billing_word_prefixes() and billing_phone_words() in 0020_billing_master.sql.
const MAX_PREFIX = 24;

export function searchTerms(clientId: number, q: string): string[] {
  const text = q.trim().toLowerCase();
  if (text === '') return [];
  if (/^[\d\s+\-()]+$/.test(text)) {
    const digits = text.replace(/\D/g, '').replace(/^00252/, '252');
    return digits === '' ? [] : [`${clientId}:${digits.slice(0, MAX_PREFIX)}`];
  }
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
  return [...new Set(words.map((w) => `${clientId}:${w.slice(0, MAX_PREFIX)}`))];
}
