// Row-level security is the last line of tenant isolation: these tests run raw SQL as the
// application role and prove that forgetting a filter, or naming another organisation, leaks nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrganisation, startTestApp, type TestContext } from '../../test/harness.ts';
import type { Db } from './client.ts';
import { queryRows } from './rows.ts';
import { APP_ROLE, assertTenantIsolation, inSystem, inTenant } from './tenant.ts';

let ctx: TestContext;
let a: Awaited<ReturnType<typeof newOrganisation>>;
let b: Awaited<ReturnType<typeof newOrganisation>>;

const count = async (tx: Db, table: 'cities' | 'users') =>
  (await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n;

/** A transaction as the application role with no organisation set, as a handler that forgot inTenant would run. */
function withoutTenant<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('role', ${APP_ROLE}, true)`);
    return fn(tx as unknown as Db);
  }) as Promise<T>;
}

beforeAll(async () => {
  ctx = await startTestApp();
  a = await newOrganisation(ctx, { name: 'Org A' });
  b = await newOrganisation(ctx, { name: 'Org B' });
  await inSystem(ctx.database.db, (tx) =>
    tx.execute(sql`insert into cities (client_id, name) values (${a.clientId}, 'Mogadishu'), (${b.clientId}, 'Hargeisa')`),
  );
});
afterAll(() => ctx.close());

describe('row-level security', () => {
  it('runs tenant work as a role that is not superuser, cannot bypass RLS and owns nothing', async () => {
    const [role] = await inTenant(ctx.database.db, a.clientId, (tx) => queryRows<{ current_user: string }>(tx, sql`select current_user`));
    expect(role.current_user).toBe(APP_ROLE);
    await expect(assertTenantIsolation(ctx.database.db)).resolves.toBeUndefined();
  });

  it('without tenant context a query sees nothing and writes nothing', async () => {
    const before = await inSystem(ctx.database.db, (tx) => count(tx, 'cities'));
    expect(before).toBe(2);
    expect(await withoutTenant(ctx.database.db, (tx) => count(tx, 'cities'))).toBe(0);
    expect(await withoutTenant(ctx.database.db, (tx) => count(tx, 'users'))).toBe(0);
    const updated = await withoutTenant(ctx.database.db, (tx) => queryRows(tx, sql`update cities set name = 'Changed' returning id`));
    expect(updated).toHaveLength(0);
    await expect(
      withoutTenant(ctx.database.db, (tx) => tx.execute(sql`insert into cities (client_id, name) values (${a.clientId}, 'Sneaky')`)),
    ).rejects.toThrow();
    const names = await inSystem(ctx.database.db, (tx) => queryRows<{ name: string }>(tx, sql`select name from cities order by name`));
    expect(names.map((r) => r.name)).toEqual(['Hargeisa', 'Mogadishu']);
  });

  it("with one organisation's context, another organisation's rows are invisible and untouchable", async () => {
    const seen = await inTenant(ctx.database.db, a.clientId, (tx) => queryRows<{ name: string }>(tx, sql`select name from cities`));
    expect(seen.map((r) => r.name)).toEqual(['Mogadishu']);
    const hit = await inTenant(ctx.database.db, a.clientId, (tx) =>
      queryRows(tx, sql`update cities set name = 'Taken' where client_id = ${b.clientId} returning id`),
    );
    expect(hit).toHaveLength(0);
    const deleted = await inTenant(ctx.database.db, a.clientId, (tx) => queryRows(tx, sql`delete from cities where client_id = ${b.clientId} returning id`));
    expect(deleted).toHaveLength(0);
    await expect(
      inTenant(ctx.database.db, a.clientId, (tx) => tx.execute(sql`insert into cities (client_id, name) values (${b.clientId}, 'Planted')`)),
    ).rejects.toThrow();
    const bCities = await inTenant(ctx.database.db, b.clientId, (tx) => queryRows<{ name: string }>(tx, sql`select name from cities`));
    expect(bCities.map((r) => r.name)).toEqual(['Hargeisa']);
  });

  it('refuses to start when a tenant table is not forced under row-level security', async () => {
    await inSystem(ctx.database.db, (tx) => tx.execute(sql`create table leaky_things (id serial primary key, client_id integer not null)`));
    try {
      await expect(assertTenantIsolation(ctx.database.db)).rejects.toThrow(/leaky_things/);
      await inSystem(ctx.database.db, (tx) => tx.execute(sql`alter table leaky_things enable row level security`));
      await expect(assertTenantIsolation(ctx.database.db)).rejects.toThrow(/leaky_things/);
    } finally {
      await inSystem(ctx.database.db, (tx) => tx.execute(sql`drop table leaky_things`));
    }
    await expect(assertTenantIsolation(ctx.database.db)).resolves.toBeUndefined();
  });

  it('app_tenant_tables (migration 0045) puts a new table under the same isolation in one call', async () => {
    const db = ctx.database.db;
    await inSystem(db, (tx) =>
      tx.execute(sql`create table helper_things (id serial primary key, client_id integer not null references clients(id), name text not null)`),
    );
    try {
      await expect(assertTenantIsolation(db)).rejects.toThrow(/helper_things/);
      await inSystem(db, async (tx) => {
        await tx.execute(sql`select app_tenant_tables('helper_things')`);
        await tx.execute(sql`select app_tenant_tables('helper_things')`); // twice is harmless
        await tx.execute(sql.raw(`grant select, insert on helper_things to ${APP_ROLE}`));
        await tx.execute(sql.raw(`grant usage on sequence helper_things_id_seq to ${APP_ROLE}`));
        await tx.execute(sql`insert into helper_things (client_id, name) values (${a.clientId}, 'a thing'), (${b.clientId}, 'b thing')`);
      });
      await expect(assertTenantIsolation(db)).resolves.toBeUndefined();
      const seen = await inTenant(db, a.clientId, (tx) => queryRows<{ name: string }>(tx, sql`select name from helper_things`));
      expect(seen.map((r) => r.name)).toEqual(['a thing']);
      expect(await withoutTenant(db, (tx) => queryRows(tx, sql`select 1 from helper_things`))).toHaveLength(0);
      await expect(
        inTenant(db, a.clientId, (tx) => tx.execute(sql`insert into helper_things (client_id, name) values (${b.clientId}, 'planted')`)),
      ).rejects.toThrow();
      // Schema work only: the application role cannot call it.
      await expect(inTenant(db, a.clientId, (tx) => tx.execute(sql`select app_tenant_tables('helper_things')`))).rejects.toThrow();
    } finally {
      await inSystem(db, (tx) => tx.execute(sql`drop table helper_things`));
    }
  });
});
