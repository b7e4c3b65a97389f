// MUI icons for the `icon` names used in contracts/menu.ts. A name not listed falls back to a
// generic icon, so a new menu entry never breaks the sidebar.
import type SvgIcon from '@mui/material/SvgIcon';
import AccountBalance from '@mui/icons-material/AccountBalance';
import Assessment from '@mui/icons-material/Assessment';
import Assignment from '@mui/icons-material/Assignment';
import Badge from '@mui/icons-material/Badge';
import BarChart from '@mui/icons-material/BarChart';
import Business from '@mui/icons-material/Business';
import Campaign from '@mui/icons-material/Campaign';
import Dashboard from '@mui/icons-material/Dashboard';
import Feedback from '@mui/icons-material/Feedback';
import Folder from '@mui/icons-material/Folder';
import HelpCenter from '@mui/icons-material/HelpCenter';
import Inventory from '@mui/icons-material/Inventory';
import LocalShipping from '@mui/icons-material/LocalShipping';
import MenuBook from '@mui/icons-material/MenuBook';
import People from '@mui/icons-material/People';
import Settings from '@mui/icons-material/Settings';
import Sms from '@mui/icons-material/Sms';
import Email from '@mui/icons-material/Email';
import Summarize from '@mui/icons-material/Summarize';

export type IconComponent = typeof SvgIcon;

export const menuIcons: Record<string, IconComponent> = {
  AccountBalance,
  Assessment,
  Assignment,
  Badge,
  BarChart,
  Business,
  Campaign,
  Dashboard,
  Feedback,
  HelpCenter,
  Inventory,
  LocalShipping,
  MenuBook,
  People,
  Settings,
  Sms,
  Email,
  Summarize,
};

export function menuIcon(name: string | undefined): IconComponent {
  return (name && menuIcons[name]) || Folder;
}

/** Two letters for a child entry in the mini sidebar: "Chart of accounts" -> "CA". */
export function initials(title: string): string {
  const words = title.split(/[\s-]+/).filter((w) => /^\p{L}/u.test(w) && !['of', 'and', 'iyo', 'ee', 'the'].includes(w.toLowerCase()));
  return (words.length > 1 ? words[0][0] + words[1][0] : title.slice(0, 2)).toUpperCase();
}
