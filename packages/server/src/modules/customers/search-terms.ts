// Search boxes: the words of a query, matched as prefixes through btree ranges. Under row-level security
// PostgreSQL uses an index only for leakproof operators: text comparison (>=, <, ~>=~, ~<~) is, LIKE and
// the array and trigram operators are not. So "starts with p" is written as the range [p, next(p)).
// The word rules mirror billing_words() and billing_phone_words() in 0020_billing_master.sql.
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

const MAX_WORD = 40;

/**
 * The words of a query, lower case. A query written like a phone number (digits, spaces, +, -, parentheses)
 * is one word of its digits, so "+252 61 512 3456" finds 252615123456; one written like a code (letters
 * and digits, no spaces: C-000042, MTR-0042) is one word without its separators, as codes are stored.
 */
export function searchWords(q: string): string[] {
  const text = q.trim().toLowerCase();
  if (text === '') return [];
  if (/^[\d\s+\-()]+$/.test(text)) {
    const digits = text.replace(/\D/g, '').replace(/^00252/, '252');
    return digits === '' ? [] : [digits.slice(0, MAX_WORD)];
  }
  if (!/\s/.test(text) && /\p{L}/u.test(text) && /\p{N}/u.test(text)) {
    const compact = text.replace(/[^\p{L}\p{N}]/gu, '');
    return [[...compact].slice(0, MAX_WORD).join('')];
  }
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
  return [...new Set(words.map((w) => [...w].slice(0, MAX_WORD).join('')))];
}

/** The least string above every string that starts with `prefix` (byte order), or null when there is none. */
export function prefixUpperBound(prefix: string): string | null {
  const points = [...prefix].map((c) => c.codePointAt(0) as number);
  while (points.length > 0) {
    let last = (points.pop() as number) + 1;
    if (last >= 0xd800 && last <= 0xdfff) last = 0xe000;
    if (last <= 0x10ffff) return String.fromCodePoint(...points, last);
  }
  return null;
}

/** `expr` starts with `prefix`, as a range a text_pattern_ops index serves. */
export function startsWithPattern(expr: SQLWrapper, prefix: string): SQL {
  const upper = prefixUpperBound(prefix);
  return upper === null ? sql`${expr} ~>=~ ${prefix}` : sql`(${expr} ~>=~ ${prefix} and ${expr} ~<~ ${upper})`;
}

/**
 * The ids of the customers whose search words start with every word of the query (one btree range per
 * word, intersected; a customer may appear more than once when there is one word), or null when the
 * query has no words.
 */
export function matchingCustomerIds(clientId: number, q: string): SQL | null {
  const words = searchWords(q);
  return words.length === 0 ? null : customersWithWordsStarting(clientId, words);
}

/** The ids of the customers with a word starting with each of `words` (one btree range per word, intersected). */
function customersWithWordsStarting(clientId: number, words: string[]): SQL {
  return sql.join(
    words.map((w) => sql`select w.customer_id from customer_search_words w where w.client_id = ${clientId} and ${wordRange(w)}`),
    sql` intersect `,
  );
}

/** `w.word` starts with `word`, as a btree range. */
function wordRange(word: string): SQL {
  const upper = prefixUpperBound(word);
  return upper === null ? sql`w.word >= ${word}` : sql`(w.word >= ${word} and w.word < ${upper})`;
}

/**
 * The number of customers matching `q` and one page of their ids in the customer list's name order
 * (lower(name), id), in one statement (columns total, ids); null without words. The first word's range is
 * read once from the covering index customer_search_words_sorted (word, customer, sort key), so a common
 * first name matching thousands of customers is counted and ordered without reading them; the other words
 * narrow it as in matchingCustomerIds.
 */
export function matchingCustomerPageByName(clientId: number, q: string, page: { limit: number; offset: number; descending: boolean }): SQL | null {
  const [first, ...others] = searchWords(q);
  if (first === undefined) return null;
  const narrowed = others.length === 0 ? sql`` : sql` and w.customer_id in (${customersWithWordsStarting(clientId, others)})`;
  const direction = page.descending ? sql`desc` : sql`asc`;
  return sql`
    with matches as materialized (
      select w.customer_id, min(w.sort_name) as sort_name from customer_search_words w
      where w.client_id = ${clientId} and ${wordRange(first)}${narrowed}
      group by w.customer_id
    )
    select (select count(*)::int from matches) as total,
           array(select customer_id from matches order by sort_name ${direction}, customer_id ${direction} limit ${page.limit} offset ${page.offset}) as ids`;
}

/**
 * `customerId` is one of `ids` (from matchingCustomerIds). The ids are gathered first so that the
 * customers are then read by primary key: written as `in (subquery)` the planner hashes the matches and
 * scans every customer of the organisation, which at 100,000 customers made each search 3-5 times slower.
 */
export function isMatchingCustomer(customerId: SQLWrapper, ids: SQL): SQL {
  return sql`${customerId} = any(array(${ids}))`;
}

/** The customers whose search words start with every word of `q`, as one condition, or null without words. */
export function customerMatches(customerId: SQLWrapper, clientId: number, q: string): SQL | null {
  const ids = matchingCustomerIds(clientId, q);
  return ids && isMatchingCustomer(customerId, ids);
}
