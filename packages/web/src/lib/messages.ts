// Turns a message key into text in the user's language: server and zod keys ('v.required',
// 'v.minLength|8', 'password.mismatch') through contracts' translate(), the web's own keys through
// i18next; any other text (already translated by the server) passes through unchanged.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messages, translate, type Lang } from '@ubo/contracts';
import i18n from '../app/i18n/index.ts';
import { currentLang } from './lang.ts';

export { currentLang, useLang } from './lang.ts';

export function messageText(message: string | undefined, lang: Lang = currentLang()): string {
  if (!message) return '';
  const key = message.split('|')[0];
  if (key in messages) return translate(message, lang);
  if (i18n.exists(message)) return i18n.t(message);
  return message;
}

/** The hook form of messageText, re-rendering with the language. */
export function useMessage(): (message: string | undefined) => string {
  const { i18n: instance } = useTranslation();
  const lang: Lang = instance.language === 'so' ? 'so' : 'en';
  return useCallback((message: string | undefined) => messageText(message, lang), [lang]);
}
