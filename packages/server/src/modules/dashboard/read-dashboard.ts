// The welcome summary of GET /api/dashboard, read from the organisation's rows in the caller's tenant
// transaction: who and where the caller is, how big the organisation is, when the licence ends, and
// what the caller did last.
import { sql } from 'drizzle-orm';
import type { DashboardSummary } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

interface SummaryRow {
  name: string;
  code: number;
  fullname: string;
  username: string;
  last_login_at: string | null;
  previous_sign_in_at: string | null;
  active_users: number;
  roles: number;
  branches: number;
  expires_on: string | null;
  days_left: number | null;
}

interface ActivityRow {
  id: string | number;
  action: string;
  entity: string;
  entity_id: string | null;
  at: string;
}

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

export async function readDashboard(opts: { tx: Db; clientId: number; userId: number }): Promise<DashboardSummary> {
  const { tx, clientId, userId } = opts;
  // Sign-in times come from the sessions (one per sign-in, stamped by the database clock), so the latest
  // and the one before it compare exactly. Timestamps are read as text so both drivers agree.
  const [row] = await queryRows<SummaryRow>(
    tx,
    sql`
    select c.name, c.code, u.fullname, u.username,
      to_json(coalesce(signins.latest, u.last_login_at))#>>'{}' as last_login_at,
      (select to_json(max(s.created_at))#>>'{}' from sessions s where s.user_id = u.id and s.created_at < signins.latest) as previous_sign_in_at,
      (select count(*)::int from users x where x.status = 'Active') as active_users,
      (select count(*)::int from roles) as roles,
      (select count(*)::int from branches b where b.status = 'Active') as branches,
      to_char(c.subscription_expires_on, 'YYYY-MM-DD') as expires_on,
      (c.subscription_expires_on - current_date)::int as days_left
    from clients c join users u on u.client_id = c.id
    cross join lateral (select max(s.created_at) as latest from sessions s where s.user_id = u.id) signins
    where c.id = ${clientId} and u.id = ${userId}`,
  );
  const activity = await queryRows<ActivityRow>(
    tx,
    sql`
    select id, action, entity, entity_id, to_json(at)#>>'{}' as at from audit_log
    where user_id = ${userId} order by at desc, id desc limit 5`,
  );
  return {
    organisation: { name: row.name, code: Number(row.code) },
    user: {
      fullname: row.fullname,
      username: row.username,
      lastSignInAt: iso(row.last_login_at),
      previousSignInAt: iso(row.previous_sign_in_at),
    },
    counts: { activeUsers: Number(row.active_users), roles: Number(row.roles), branches: Number(row.branches) },
    subscription: { expiresOn: row.expires_on, daysLeft: row.days_left === null ? null : Number(row.days_left) },
    recentActivity: activity.map((a) => ({ id: Number(a.id), action: a.action, entity: a.entity, entity_id: a.entity_id, at: iso(a.at) as string })),
  };
}
