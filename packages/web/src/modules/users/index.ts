// Settings > users and settings > roles: staff accounts (GET/POST/PUT/PATCH/DELETE /api/admin) and
// roles with their privileges (/api/roles, /api/roles/modules). Each page needs the privilege of its
// menu entry; without it the router guard shows the 403 page.
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';

const userList = () => import('./UserList.tsx');
const userEdit = () => import('./UserEdit.tsx');
const roleList = () => import('./RoleList.tsx');
const roleEdit = () => import('./RoleEdit.tsx');
const userClasses = () => import('./UserClassesPage.tsx');

export const routes: ModuleRoute[] = [
  { path: 'settings/list-users', element: lazyPage(userList), privilege: 'list-user' },
  { path: 'settings/list-users/new', element: lazyPage(userEdit), privilege: 'list-user', title: 'users.user.newTitle' },
  { path: 'settings/list-users/:id', element: lazyPage(userEdit), privilege: 'list-user', title: 'users.user.editTitle' },
  { path: 'settings/user-classes', element: lazyPage(userClasses), privilege: 'user-classes' },
  { path: 'settings/list-roles', element: lazyPage(roleList), privilege: 'list-role' },
  { path: 'settings/list-roles/new', element: lazyPage(roleEdit), privilege: 'list-role', title: 'users.roles.newTitle' },
  { path: 'settings/list-roles/:id', element: lazyPage(roleEdit), privilege: 'list-role', title: 'users.roles.editTitle' },
];
