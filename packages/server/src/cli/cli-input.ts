// Input handling shared by the operator commands: the error type that ends a command with exit code 2,
// zod validation turned into one readable line that names the option, and the option value types.
import { type Lang, z } from '@ubo/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { say } from './messages.ts';

/** Options as parsed from the command line: a string, or a list for a repeatable option. */
export type CliArgs = Record<string, string | string[] | undefined>;

/** Bad input or a refused request: printed as one line, exit code 2, nothing changed. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

export function validate<T extends z.ZodType>(schema: T, input: unknown, lang: Lang, optionOf: (field: string) => string = (f) => f): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? optionOf(String(issue.path[0])) : '';
    const values = issue.code === 'invalid_value' ? ` (${issue.values.map(String).join(' | ')})` : '';
    const text = `${say(issue.message, lang)}${values}`;
    return field ? `--${field}: ${text}` : text;
  });
  throw new CliError([...new Set(lines)].join('; '));
}

/** A string option (a repeated single-value option keeps its last value; the parser refuses repeats). */
export function one(args: CliArgs, name: string): string | undefined {
  const v = args[name];
  return Array.isArray(v) ? v[v.length - 1] : v;
}

/** The named single-value options as one object: the input a command validates. */
export function options(args: CliArgs, ...names: string[]): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, one(args, name)]));
}

export function many(args: CliArgs, name: string): string[] {
  const v = args[name];
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

function isCalendarDate(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

export const calendarDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'v.date')
  .refine(isCalendarDate, { message: 'v.date' });
export const orgCode = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/, 'v.number')
  .transform(Number)
  .pipe(z.number().int().min(1));
export const rowId = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/, 'v.number')
  .transform(Number)
  .pipe(z.number().int().min(1).max(2147483647));

/** The database's date, the one the server compares subscriptions with. */
export async function today(db: Db): Promise<string> {
  const [row] = await queryRows<{ today: string }>(db, sql`select to_char(current_date, 'YYYY-MM-DD') as today`);
  return row.today;
}

/** Left-aligned text columns for the list commands. */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
