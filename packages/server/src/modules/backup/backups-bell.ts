// The backups' part of the navbar bell: administrators see that the latest automatic backup of the
// embedded database failed (installation_backups), until one succeeds again. Never silent.
import { sql } from 'drizzle-orm';
import { translate } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import type { BellActor, BellProvider } from '../../lib/bell.ts';

async function latestFailure(tx: Parameters<BellProvider['count']>[0], actor: BellActor) {
  if (!actor.isAdmin) return null;
  const [row] = await queryRows<{ id: number; ok: boolean; error: string | null; at: string | Date }>(
    tx,
    sql`select id, ok, error, coalesce(finished_at, started_at) as at from installation_backups where reason = 'automatic' order by id desc limit 1`,
  );
  return row && row.ok === false ? row : null;
}

export const backupsBell: BellProvider = {
  key: 'backups',
  async count(tx, actor) {
    return (await latestFailure(tx, actor)) ? 1 : 0;
  },
  async items(tx, actor, limit) {
    const row = await latestFailure(tx, actor);
    if (!row || limit < 1) return [];
    const at = new Date(row.at).toISOString();
    return [
      {
        key: 'backups',
        id: String(row.id),
        text: translate('bell.backupFailed', actor.lang, { at: at.slice(0, 16).replace('T', ' '), error: row.error ?? '' }),
        path: '/settings/company-profile',
        at,
      },
    ];
  },
};
