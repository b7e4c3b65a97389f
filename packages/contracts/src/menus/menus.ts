// GET /api/menus: the sidebar of contracts/menu.ts as the caller may see it (ready entries whose
// privilege the caller holds; sub-menus left without children removed). The menu is two levels deep.
import { z } from '../common/validation.ts';

const menuFields = {
  path: z.string(),
  en: z.string(),
  so: z.string(),
  icon: z.string(),
  type: z.enum(['link', 'sub']),
  collapse: z.string().optional(),
  privilege: z.string().optional(),
  ready: z.boolean().optional(),
};

export const menuLink = z.object(menuFields);
export const menuEntry = z.object({ ...menuFields, children: z.array(menuLink).optional() });
export type MenuEntry = z.infer<typeof menuEntry>;

export const menusResponse = z.array(menuEntry);
export type MenusResponse = z.infer<typeof menusResponse>;
