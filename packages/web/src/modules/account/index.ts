// The signed-in user's own account: the profile page of the user panel (/users/profile).
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';

export const routes: ModuleRoute[] = [{ path: 'users/profile', element: lazyPage(() => import('./ProfilePage.tsx')), title: 'account.profile.title' }];
