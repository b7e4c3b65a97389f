// i18next set up once, synchronously, in the language kept in localStorage ('lang': 'en' or 'so').
// Changing the language stores it and reloads the page (lib/storage.ts setLang).
// Only the shell's texts are in the first load; the modules' texts (resources.ts) are one chunk that
// loadModuleTexts() fetches once, when the signed-in frame opens; module pages and dashboard panels wait
// for it (ModuleTexts.tsx), so the sign-in page never downloads them.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@ubo/contracts';
import { getLang } from '../../lib/storage.ts';
import { en } from './en.ts';
import { so } from './so.ts';

export const languages: readonly Lang[] = ['en', 'so'];

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, so: { translation: so } },
  lng: getLang(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'so'],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

let moduleTexts: Promise<void> | undefined;

/** Adds every module's texts (once; later calls get the same promise). */
export function loadModuleTexts(): Promise<void> {
  moduleTexts ??= import('./resources.ts').then(({ resources }) => {
    for (const lng of languages) i18n.addResourceBundle(lng, 'translation', resources[lng], true, true);
  });
  return moduleTexts;
}

export default i18n;
