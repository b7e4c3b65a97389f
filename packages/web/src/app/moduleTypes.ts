// What a web module exports from modules/<module>/index.ts. Its routes render inside the layout,
// guarded: no token -> sign-in; a privilege the user lacks -> #/error/403.
import { type ComponentType, createElement, type LazyExoticComponent, lazy, type ReactElement } from 'react';
import type { PrivilegeCheck } from './session.tsx';

export interface ModuleRoute {
  /** Path without the leading slash, as in the menu: 'settings/list-users', 'customers/:id'. */
  path: string;
  /** The page, normally lazyPage(() => import('./CitiesList.tsx')). */
  element: ReactElement;
  /** Privilege (or all of a list) needed to open the page; omit for any signed-in user. */
  privilege?: PrivilegeCheck;
  /** i18n key of the navbar title; without it the title of the menu entry with this path is used. */
  title?: string;
}

/** A panel a module adds to the dashboard, shown to users who hold its privilege. */
export interface DashboardWidget {
  /** Stable key (React key and test id: `dashboard-widget-<key>`). */
  key: string;
  privilege?: PrivilegeCheck;
  /** Lower comes first. */
  order: number;
  element: ReactElement;
}

/**
 * A tab a module adds to the customer page (billing's), so billing need not import that module: the
 * panel is its own chunk, given the customer's id.
 */
export interface CustomerTab {
  key: string;
  /** i18n key of the tab's label. */
  label: string;
  privilege?: PrivilegeCheck;
  Panel: LazyExoticComponent<ComponentType<{ customerId: number }>>;
}

export interface WebModule {
  routes: ModuleRoute[];
  dashboardWidgets?: DashboardWidget[];
  customerTabs?: CustomerTab[];
}

/** A page loaded on first visit (its own chunk). The module file must `export default` the page. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ReactElement {
  return createElement(lazy(load));
}
