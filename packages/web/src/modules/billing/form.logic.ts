// The billing forms validate with the contracts' own schemas (the same rules the server applies) through
// one resolver: the form's text values become the request body, the schema judges it, and each issue
// lands on the form field it belongs to (first message per field), nested as react-hook-form expects
// (`blocks.1.to` -> errors.blocks[1].to).
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

export interface FormIssue {
  field: string;
  message: string;
}

export type FormCheck<B> = { ok: true; body: B } | { ok: false; issues: FormIssue[] };

interface SafeParser<B> {
  safeParse(value: unknown): { success: true; data: B } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** Parses `body` with a contract schema; issue paths are renamed to form fields by `fieldOf`. */
export function checkWith<B>(schema: SafeParser<B>, body: unknown, fieldOf: (path: string) => string = (p) => p): FormCheck<B> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const issues: FormIssue[] = [];
  for (const issue of parsed.error.issues) addIssue(issues, fieldOf(issue.path.map(String).join('.')), issue.message);
  return { ok: false, issues };
}

/** Adds an issue unless its field already has one (the first message is the one shown). */
export function addIssue(issues: FormIssue[], field: string, message: string): void {
  if (!issues.some((i) => i.field === field)) issues.push({ field, message });
}

/** Issues as react-hook-form's nested errors object. */
export function issuesToErrors<F extends FieldValues>(issues: readonly FormIssue[]): FieldErrors<F> {
  const out: Record<string, unknown> = {};
  for (const { field, message } of issues) {
    const parts = field.split('.');
    let node = out as Record<string, unknown>;
    for (const [i, part] of parts.entries()) {
      if (i === parts.length - 1) {
        if (!node[part]) node[part] = { type: 'validate', message };
        break;
      }
      if (!node[part] || typeof node[part] !== 'object') node[part] = /^\d+$/.test(parts[i + 1]) ? [] : {};
      node = node[part] as Record<string, unknown>;
    }
  }
  return out as FieldErrors<F>;
}

/**
 * A react-hook-form resolver from a check. The form keeps its text values (the shared inputs are typed
 * with them); the submit handler takes the body from `bodyOf` with the same check.
 */
export function contractResolver<F extends FieldValues>(check: (values: F) => FormCheck<unknown>): Resolver<F> {
  return async (values) => {
    const result = check(values);
    return result.ok ? { values, errors: {} } : { values: {}, errors: issuesToErrors<F>(result.issues) };
  };
}

/** The body of values the resolver has accepted (handleSubmit only calls back with those). */
export function bodyOf<F, B>(check: (values: F) => FormCheck<B>, values: F): B {
  const result = check(values);
  if (!result.ok) throw new Error(`form submitted with errors: ${result.issues.map((i) => i.field).join(', ')}`);
  return result.body;
}

/** '' (a select left on its prompt) as missing, so the contract says "required" rather than "not valid". */
export const chosen = <T extends string>(value: T | '' | null | undefined): T | undefined => (value ? value : undefined);
