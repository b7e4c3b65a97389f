// The shape of a translation file: the same keys as the English one, every leaf a string.
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** What modules/<module>/<module>.i18n.ts exports. */
export interface ModuleTexts {
  en: Record<string, unknown>;
  so: Record<string, unknown>;
}
