// i18next set up once, synchronously, in the language kept in localStorage ('lang': 'en' or 'so').
// Changing the language stores it and reloads the page (lib/storage.ts setLang).
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@ubo/contracts';
import { getLang } from '../../lib/storage.ts';
import { resources } from './resources.ts';

export const languages: readonly Lang[] = ['en', 'so'];

void i18n.use(initReactI18next).init({
  resources: { en: { translation: resources.en }, so: { translation: resources.so } },
  lng: getLang(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'so'],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
