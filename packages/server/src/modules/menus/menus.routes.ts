// GET /api/menus: the sidebar the caller may use, cut from THE menu of contracts/menu.ts with the same
// hasPrivilege the server enforces, so the web never offers a screen that would answer 403. The path
// and schema are the contracts' menusEndpoints.
import type { FastifyInstance } from 'fastify';
import { filterMenu, hasPrivilege, menu, menusEndpoints as api } from '@ubo/contracts';
import { caller } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';

export async function menusRoutes(app: FastifyInstance) {
  serve(app, api.list, { access: 'authenticated', tags: ['menus'] }, async (req) => {
    const auth = caller(req);
    return filterMenu(menu, (privilege) => hasPrivilege(auth, privilege));
  });
}
