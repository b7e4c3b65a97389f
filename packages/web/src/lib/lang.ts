// The user's language as the app knows it (i18next's, set from localStorage at start). Apart from
// messages.ts so that the first load (App, the dashboard) does not carry the contracts' message catalogue.
import { useTranslation } from 'react-i18next';
import type { Lang } from '@ubo/contracts';
import i18n from '../app/i18n/index.ts';

export function currentLang(): Lang {
  return i18n.language === 'so' ? 'so' : 'en';
}

export function useLang(): Lang {
  const { i18n: instance } = useTranslation();
  return instance.language === 'so' ? 'so' : 'en';
}
