// What paper shows: the signed-in frame (sidebar, navbar, footer, toasts) and anything marked NO_PRINT
// are left off, the page fills the sheet; PRINT_ONLY elements (a report's printed heading) show only
// there. Reports (ReportFrame) and the printed documents (bill, receipt, cheque) each add their rules.
import GlobalStyles from '@mui/material/GlobalStyles';
import type { CSSObject } from '@mui/material/styles';

/** Hidden on screen, shown on paper. */
export const PRINT_ONLY = 'finance-print-only';
/** Shown on screen, left off paper. */
export const NO_PRINT = 'finance-no-print';

/** Rules inside @media print, by selector. */
export type PrintRules = Record<string, CSSObject>;

export interface PrintStylesProps {
  /** The @page rule: size and margins. */
  page: CSSObject;
  /** More rules inside @media print (a key given here replaces the shared rule of that key). */
  rules?: PrintRules;
}

export function PrintStyles({ page, rules }: PrintStylesProps) {
  return (
    <GlobalStyles
      styles={{
        [`.${PRINT_ONLY}`]: { display: 'none' },
        '@media print': {
          '@page': page,
          'html, body': { background: '#fff !important' },
          [`aside, header.MuiAppBar-root, footer, .${NO_PRINT}, .notistack-SnackbarContainer`]: { display: 'none !important' },
          'div:has(> main)': { marginLeft: '0 !important' },
          main: { padding: '0 !important' },
          [`.${PRINT_ONLY}`]: { display: 'block !important' },
          ...rules,
        },
      }}
    />
  );
}
