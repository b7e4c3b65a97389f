import { it } from 'vitest';
import { sql } from 'drizzle-orm';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { queryRows } from '../../db/rows.ts';
import { newOrganisation, startTestApp } from '../../../test/harness.ts';
import { bearer } from '../../../test/harness.ts';

it('search plan', async () => {
  const ctx = await startTestApp();
  const a = await newOrganisation(ctx, { name: 'A' });
  const b = await newOrganisation(ctx, { name: 'B' });
  for (const variant of ['words only', 'full', 'nofk']) {
    if (variant === 'nofk') await inSystem(ctx.database.db, (tx) => tx.execute(sql`alter table customer_search_words drop constraint customer_search_words_client_id_fkey, drop constraint customer_search_words_client_id_customer_id_fkey`));
    const t = Date.now();
    if (variant === 'words only') {
      await inSystem(ctx.database.db, (tx) => tx.execute(sql`select count(*) from (select billing_words('Fadumo Warsame ' || md5(g::text) || ' ' || billing_phone_words('0615' || g)) from generate_series(1, 5000) g) x`));
    } else {
      const r = await inSystem(ctx.database.db, (tx) => tx.execute(sql`explain analyze insert into customers (client_id, customer_no, name, phone, customer_class)
        select ${a.clientId}, 'X-' || g || ${variant}, 'Name ' || g, '0615' || g, 'residential' from generate_series(1, 2000) g`));
      console.log((r as unknown as { rows: Array<Record<string, string>> }).rows.map((x) => 'EXPL ' + Object.values(x)[0]).join('\n'));
    }
    console.log('variant', variant, Date.now() - t);
  }
  const t0 = Date.now();
  for (const org of [a, b]) {
    await inSystem(ctx.database.db, (tx) => tx.execute(sql`
      insert into customers (client_id, customer_no, name, phone, customer_class)
      select ${org.clientId}, 'C-' || lpad(g::text, 6, '0'),
        (array['Fadumo','Ahmed','Hodan','Abdi','Sahra','Yusuf','Amina','Farah','Khadar','Ilhan'])[1 + g % 10] || ' ' ||
        (array['Warsame','Hirsi','Jama','Nur','Osman','Ali','Egal','Duale','Farah','Omar'])[1 + (g / 10) % 10] || ' ' || md5(g::text),
        '061' || lpad((g * 7919 % 10000000)::text, 7, '0'), 'residential'
      from generate_series(1, 10000) g`));
  }
  console.log('insert 100k ms', Date.now() - t0);
  await ctx.database.db.execute(sql`analyze customers`); await ctx.database.db.execute(sql`analyze customer_search_words`);
  for (const pass of ['before vacuum', 'after vacuum']) {
  if (pass === 'after vacuum') await ctx.database.db.execute(sql`vacuum analyze customers`); await ctx.database.db.execute(sql`vacuum analyze customer_search_words`);
  console.log('pass', pass);
  for (const q of ['fad', 'fadumo hirsi', '0615', 'C-004', 'zzz', 'c-0049999', 'fadumo hirsi 0613']) {
    const s = Date.now();
    const res = await ctx.app.inject({ method: 'GET', url: `/api/elc/customers?q=${encodeURIComponent(q)}&_limit=20`, headers: bearer(a.token) });
    console.log('q', q, res.statusCode, res.json().total, 'ms', Date.now() - s);
  }
  }
  const words = ['fadumo', 'hirsi'];
  const cond = sql.join(words.map((w) => sql`id in (select w.customer_id from customer_search_words w where w.client_id = ${a.clientId} and w.word >= ${w} and w.word < ${w + 'z'})`), sql` and `);
  for (const q of [sql`select count(*) from customers where client_id = ${a.clientId} and ${cond}`, sql`select id from customers where client_id = ${a.clientId} and ${cond} order by lower(name), id limit 20`]) {
    const plan = await inTenant(ctx.database.db, a.clientId, (tx) => queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain analyze ${q}`));
    console.log(plan.map((p) => 'PLAN ' + p['QUERY PLAN']).join('\n'));
  }
  await ctx.close();
}, 600_000);
