import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestContext } from '../../test/harness.ts';
import type { Database } from './client.ts';
import { CHURN_TABLES, runMaintenance, startMaintenance } from './maintenance.ts';
import { queryRows } from './rows.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

describe('database maintenance', () => {
  it('vacuums the tables every posting changes and analyzes the database', async () => {
    await runMaintenance(ctx.database);
    const rows = await queryRows<{ name: string; vacuumed: boolean; analyzed: boolean }>(ctx.database.db, sql`
      select relname as name, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
      from pg_stat_user_tables where relname in ('journal_lines', 'bills', ${sql.join(CHURN_TABLES.map((t) => sql`${t}`), sql`, `)})
      order by relname`);
    const byName = new Map(rows.map((r) => [r.name, r]));
    for (const table of CHURN_TABLES) expect(byName.get(table), table).toMatchObject({ vacuumed: true, analyzed: true });
    expect(byName.get('journal_lines')).toMatchObject({ analyzed: true });
    expect(byName.get('bills')).toMatchObject({ analyzed: true });
  });

  it('runs a round every interval on PGlite only, and not at all with 0 minutes', async () => {
    vi.useFakeTimers();
    try {
      const fake = (kind: 'pglite' | 'postgres') => {
        const statements: unknown[] = [];
        const database = { ...ctx.database, kind, db: { execute: async (q: unknown) => statements.push(q) } } as unknown as Database;
        return { database, statements };
      };
      const lite = fake('pglite');
      const pg = fake('postgres');
      const off = fake('pglite');
      const stops = [
        startMaintenance(lite.database, { minutes: 60, onError: () => {} }),
        startMaintenance(pg.database, { minutes: 60, onError: () => {} }),
        startMaintenance(off.database, { minutes: 0, onError: () => {} }),
      ];
      await vi.advanceTimersByTimeAsync(59 * 60_000);
      expect(lite.statements).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(lite.statements).toHaveLength(CHURN_TABLES.length + 1);
      for (const stop of stops) stop();
      await vi.advanceTimersByTimeAsync(120 * 60_000);
      expect(lite.statements).toHaveLength(CHURN_TABLES.length + 1);
      expect(pg.statements).toHaveLength(0);
      expect(off.statements).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
