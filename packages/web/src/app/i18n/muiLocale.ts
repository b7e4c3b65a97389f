// MUI's built-in texts in the user's language: the pager of every table (rows per page, "1–25 of
// 1,250", the first/previous/next/last buttons' names and tooltips) and the pickers' "No options",
// "Clear", "Open". MUI ships no Somali locale, so they come from our own texts; App.tsx merges these
// defaults into the theme, and no screen has to pass them one by one.
import type { ThemeOptions } from '@mui/material/styles';
import type { Lang } from '@ubo/contracts';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../lib/format.ts';

type PagerButton = 'first' | 'last' | 'next' | 'previous';

/** "1–25 of 1,250" (or "of more than 25" when the total is unknown), numbers in the user's language. */
export function displayedRows(t: TFunction, lang: Lang, { from, to, count }: { from: number; to: number; count: number }): string {
  const total = count === -1 ? t('table.moreThan', { to: formatNumber(to, lang) }) : formatNumber(count, lang);
  return t('table.displayedRows', { from: formatNumber(from, lang), to: formatNumber(to, lang), total });
}

export function muiLocale(t: TFunction, lang: Lang): ThemeOptions {
  const pagerButton: Record<PagerButton, string> = {
    first: t('table.firstPage'),
    previous: t('table.previousPage'),
    next: t('table.nextPage'),
    last: t('table.lastPage'),
  };
  return {
    components: {
      MuiTablePagination: {
        defaultProps: {
          labelRowsPerPage: t('table.itemsPerPage'),
          labelDisplayedRows: (rows) => displayedRows(t, lang, rows),
          getItemAriaLabel: (type) => pagerButton[type],
        },
      },
      MuiAutocomplete: {
        defaultProps: {
          noOptionsText: t('picker.noOptions'),
          loadingText: t('picker.loading'),
          clearText: t('picker.clear'),
          openText: t('picker.open'),
          closeText: t('picker.close'),
        },
      },
      MuiAlert: { defaultProps: { closeText: t('picker.close') } },
    },
  };
}
