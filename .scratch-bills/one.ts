import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { queryRows } from '../packages/server/src/db/rows.ts';
import { bareBillRun } from '../bench/billing/bare.ts';
const base = 'postgres://postgres@127.0.0.1:5432/test';
const db = 'ubo_bd_perf';
const c = new pg.Client({ connectionString: base }); await c.connect();
await c.query(`drop database if exists ${db} with (force)`);
await c.query(`create database ${db} template ubo_tpl_billing`);
await c.end();
const database = await openDatabase({ url: `postgres://postgres@127.0.0.1:5432/${db}` });
// one connection: warm it and print its pid, wait for perf to attach
const [{ pid }] = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
console.log('PID', pid);
await new Promise((r) => setTimeout(r, 3000));
const r = await bareBillRun(database.db, { clientId: 1, userId: 1, period: '2025-06' });
console.log('bare', Math.round(r.ms), r.bills);
await database.close();
