// The pure rules of the privilege picker: which groups and privileges a search shows, and what the
// group checkbox does. Kept apart from the component so they are tested without a browser.
import type { Lang, PrivilegeCatalogue } from '@ubo/contracts';

type Labelled = { en: string; so: string };

/** Lower case without accents, so 'Go'an' and 'go’an' style differences do not hide a match. */
export function normalise(s: string): string {
  return s
    .toLocaleLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/**
 * The catalogue narrowed by a search in the chosen language: a group whose name matches keeps all its
 * privileges, otherwise only the privileges whose label (or key) matches; empty groups are left out.
 */
export function filterCatalogue(catalogue: PrivilegeCatalogue, search: string, lang: Lang): PrivilegeCatalogue {
  const text = normalise(search.trim());
  if (!text) return catalogue;
  const matches = (item: Labelled) => normalise(lang === 'so' ? item.so : item.en).includes(text);
  return catalogue
    .map((g) => ({ ...g, privileges: matches(g) ? g.privileges : g.privileges.filter((p) => matches(p) || p.key.includes(text)) }))
    .filter((g) => g.privileges.length > 0);
}

/**
 * The group checkbox acts on the keys that may change: when every one of them is ticked it unticks
 * them, otherwise it ticks the missing ones. Locked keys (from the role, not grantable) stay as they are.
 */
export function toggleGroup(keys: readonly string[], selected: ReadonlySet<string>, isLocked: (key: string) => boolean): string[] {
  const changeable = keys.filter((k) => !isLocked(k));
  const next = new Set(selected);
  if (changeable.every((k) => selected.has(k))) for (const k of changeable) next.delete(k);
  else for (const k of changeable) next.add(k);
  return [...next].sort();
}
