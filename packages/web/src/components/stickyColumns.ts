// Sticky first and last columns for wide report tables (twelve months and a total): on a 1366 px laptop
// the months scroll inside the table while the row's name and its total stay in view, and the page
// itself never scrolls sideways. Each sticky cell needs a background of its own to cover what scrolls
// under it, and a hovered row's tint laid over that background.
import type { Theme } from '@mui/material/styles';

const hoverTint = {
  '.MuiTableRow-hover:hover > &': {
    backgroundImage: (theme: Theme) => `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
  },
} as const;

/** The row's name: stays at the left edge. */
export const stickyStartSx = {
  position: 'sticky',
  left: 0,
  zIndex: 2,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset -1px 0 0 ${theme.palette.divider}`,
  ...hoverTint,
} as const;

/** The row's total (or actions): stays at the right edge. */
export const stickyEndSx = {
  position: 'sticky',
  right: 0,
  zIndex: 2,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}`,
  ...hoverTint,
} as const;
