// The navbar bell: asks every contributed provider (lib/bell.ts) how much waits for the signed-in user
// and for the newest items, in one tenant transaction; and records "seen" for kinds that count since then.
import { and, eq, sql } from 'drizzle-orm';
import { type BellSummary, hasPrivilege } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import type { BellProvider } from '../../lib/bell.ts';
import { notFound } from '../../plugins/errors.ts';
import { notificationSeen } from './notifications.tables.ts';

/** Items listed per kind (the count is the full number). */
export const BELL_ITEMS_PER_KIND = 10;

export async function readBell(opts: {
  tx: Db;
  actor: Actor;
  privileges: { isAdmin: boolean; privileges: readonly string[] };
  providers: readonly BellProvider[];
}): Promise<BellSummary> {
  const { tx, actor, privileges, providers } = opts;
  const seen = await tx
    .select()
    .from(notificationSeen)
    .where(and(eq(notificationSeen.clientId, actor.clientId), eq(notificationSeen.userId, actor.userId)));
  const seenOf = new Map(seen.map((s) => [s.kind, s.seenAt]));
  const groups: BellSummary['groups'] = [];
  for (const provider of providers) {
    const bellActor = { ...actor, can: (key: string) => hasPrivilege(privileges, key), seenAt: seenOf.get(provider.key) ?? null };
    const count = await provider.count(tx, bellActor);
    const items = count > 0 ? await provider.items(tx, bellActor, BELL_ITEMS_PER_KIND) : [];
    groups.push({ key: provider.key, count, marksSeen: provider.marksSeen ?? false, items });
  }
  return { count: groups.reduce((sum, g) => sum + g.count, 0), groups };
}

/** Marks a kind seen now; only kinds whose provider counts "since last seen". */
export async function markBellSeen(opts: { tx: Db; actor: Actor; kind: string; providers: readonly BellProvider[] }): Promise<void> {
  const { tx, actor, kind, providers } = opts;
  if (!providers.some((p) => p.key === kind && p.marksSeen)) throw notFound();
  await tx
    .insert(notificationSeen)
    .values({ clientId: actor.clientId, userId: actor.userId, kind })
    .onConflictDoUpdate({ target: [notificationSeen.clientId, notificationSeen.userId, notificationSeen.kind], set: { seenAt: sql`now()` } });
}
