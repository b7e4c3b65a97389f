// The title of the current page in the user's language: a route's handle.title (an i18n key), else
// the title of the menu entry whose route is the current path, else the product name. Also sets the
// browser tab's title.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { menu } from '@ubo/contracts';
import { menuLinks } from './useMenu.ts';

export interface RouteHandle {
  /** i18n key of the page title. */
  title?: string;
}

const allLinks = menuLinks(menu);

export function usePageTitle(): string {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const { pathname } = useLocation();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as RouteHandle | undefined;
  let title = handle?.title ? t(handle.title) : '';
  if (!title) {
    const path = pathname.replace(/\/+$/, '').toLowerCase();
    const link = allLinks.find((l) => l.route.toLowerCase() === path);
    if (link) title = i18n.language === 'so' ? link.item.so : link.item.en;
  }
  const result = title || t('app.name');
  useEffect(() => {
    document.title = result === t('app.name') ? result : `${result} · ${t('app.name')}`;
  }, [result, t]);
  return result;
}
