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
  it('vacuums and analyzes every table, so insert-only tables become all-visible for index-only scans', async () => {
    // A freshly inserted row leaves its page not all-visible until a vacuum, as with the insert-only tables
    // (search words, journal lines, bills) whose covering indexes are then no cheaper than the table.
    await ctx.database.db.execute(sql`insert into clients (code, name) values (99123, 'Maintenance check')`);
    await runMaintenance(ctx.database);
    const rows = await queryRows<{ name: string; vacuumed: boolean; analyzed: boolean }>(
      ctx.database.db,
      sql`
      select relname as name, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
      from pg_stat_user_tables where schemaname = 'public' order by relname`,
    );
    expect(rows.length).toBeGreaterThan(CHURN_TABLES.length + 20);
    for (const row of rows) expect(row, row.name).toMatchObject({ vacuumed: true, analyzed: true });
    const [clients] = await queryRows<{ pages: number; visible: number }>(
      ctx.database.db,
      sql`
      select relpages as pages, relallvisible as visible from pg_class where relname = 'clients' and relnamespace = 'public'::regnamespace`,
    );
    expect(clients.pages).toBeGreaterThan(0);
    expect(clients.visible).toBe(clients.pages);
  });

  it('runs a round every interval on PGlite only, and not at all with 0 minutes', async () => {
    vi.useFakeTimers();
    try {
      const fake = (kind: 'pglite' | 'postgres') => {
        const statements: unknown[] = [];
        // Every statement answers two tables: one named like a churn table, one not.
        const execute = async (q: unknown) => {
          statements.push(q);
          return { rows: [{ name: CHURN_TABLES[0] }, { name: 'bills' }] };
        };
        const database = { ...ctx.database, kind, db: { execute } } as unknown as Database;
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
      // The table list, then one vacuum per churn table and one for bills.
      expect(lite.statements).toHaveLength(1 + CHURN_TABLES.length + 1);
      for (const stop of stops) stop();
      await vi.advanceTimersByTimeAsync(120 * 60_000);
      expect(lite.statements).toHaveLength(1 + CHURN_TABLES.length + 1);
      expect(pg.statements).toHaveLength(0);
      expect(off.statements).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
