// GET /api/menus: the sidebar the caller may use, cut from THE menu of contracts/menu.ts with the same
// hasPrivilege the server enforces, so the web never offers a screen that would answer 403.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { filterMenu, hasPrivilege, menu, menusResponse } from '@ubo/contracts';
import { caller } from '../../plugins/auth.ts';

export async function menusRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/menus',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['menus'], response: { 200: menusResponse } },
    },
    async (req) => {
      const auth = caller(req);
      return filterMenu(menu, (privilege) => hasPrivilege(auth, privilege));
    },
  );
}
