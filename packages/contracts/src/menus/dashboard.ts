// GET /api/dashboard: the welcome summary on the first screen of the menu (privilege `dashboard`).
// Every figure is read from the organisation's own rows at request time.
import { z } from '../common/validation.ts';

export const dashboardActivity = z.object({
  id: z.number().int(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  at: z.string(),
});

export const dashboardSummary = z.object({
  organisation: z.object({ name: z.string(), code: z.number().int() }),
  user: z.object({
    fullname: z.string(),
    username: z.string(),
    /** When the caller last signed in (ISO timestamp). */
    lastSignInAt: z.string().nullable(),
    /** The sign-in before the last one, if any: "welcome back, you were last here on ...". */
    previousSignInAt: z.string().nullable(),
  }),
  counts: z.object({ activeUsers: z.number().int(), roles: z.number().int(), branches: z.number().int() }),
  subscription: z.object({
    expiresOn: z.string().nullable(),
    /** Whole days from today to the expiry date (0 on the last day); null without an expiry date. */
    daysLeft: z.number().int().nullable(),
  }),
  recentActivity: z.array(dashboardActivity),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;
