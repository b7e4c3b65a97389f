// Public surface of the menus module.
export { menusRoutes } from './menus.routes.ts';
