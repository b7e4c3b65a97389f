// Market information (/marketing): prospects and site visits. A prospect is recorded and edited until it
// is converted: convertProspect makes it a customer with a house and meter in one transaction, through the
// customers and metering services (their index.ts), and the prospect keeps the customer and house it became.
import { sql } from 'drizzle-orm';
import type { Prospect, prospectBody, prospectConvertBody, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, fieldError, notFound } from '../../plugins/errors.ts';
import { createCustomer } from '../customers/index.ts';
import { createHouse } from '../metering/index.ts';

type ProspectInput = z.output<typeof prospectBody>;
type ConvertInput = z.output<typeof prospectConvertBody>;

export interface ProspectRow {
  id: number;
  name: string;
  phone: string;
  location: string | null;
  zone_id: number | null;
  zone_name: string | null;
  interest: Prospect['interest'];
  source: Prospect['source'];
  visit_date: string;
  officer_id: number;
  officer_name: string;
  notes: string | null;
  follow_up_date: string | null;
  outcome: Prospect['outcome'];
  customer_id: number | null;
  customer_no: string | null;
  customer_name: string | null;
  house_id: number | null;
  converted_at: string | Date | null;
  created_at: string | Date;
}

export const selectProspects = sql`
  select p.id, p.name, p.phone, p.location, p.zone_id, z.name as zone_name, p.interest, p.source, p.visit_date::text,
         p.officer_id, u.fullname as officer_name, p.notes, p.follow_up_date::text, p.outcome, p.customer_id, c.customer_no,
         c.name as customer_name, p.house_id, p.converted_at, p.created_at
  from prospects p
  join users u on u.id = p.officer_id
  left join zones z on z.id = p.zone_id
  left join customers c on c.id = p.customer_id`;

const num = (v: number | string | null) => (v === null ? null : Number(v));

export function toProspect(r: ProspectRow): Prospect {
  return {
    id: Number(r.id),
    name: r.name,
    phone: r.phone,
    location: r.location,
    zoneId: num(r.zone_id),
    zoneName: r.zone_name,
    interest: r.interest,
    source: r.source,
    visitDate: r.visit_date,
    officerId: Number(r.officer_id),
    officerName: r.officer_name,
    notes: r.notes,
    followUpDate: r.follow_up_date,
    outcome: r.outcome,
    customerId: num(r.customer_id),
    customerNo: r.customer_no,
    customerName: r.customer_name,
    houseId: num(r.house_id),
    convertedAt: r.converted_at === null ? null : new Date(r.converted_at).toISOString(),
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function getProspect(opts: { tx: Db; id: number }): Promise<Prospect> {
  const [row] = await queryRows<ProspectRow>(opts.tx, sql`${selectProspects} where p.id = ${opts.id}`);
  if (!row) throw notFound();
  return toProspect(row);
}

async function checkRefs(tx: Db, input: { zoneId?: number; officerId: number }) {
  const problems = [];
  if (input.zoneId) {
    const [zone] = await queryRows<{ status: string }>(tx, sql`select status from zones where id = ${input.zoneId}`);
    if (zone?.status !== 'Active') problems.push({ field: 'zoneId', message: 'marketing.zone' });
  }
  const [officer] = await queryRows<{ status: string }>(tx, sql`select status from users where id = ${input.officerId}`);
  if (officer?.status !== 'Active') problems.push({ field: 'officerId', message: 'marketing.officer' });
  if (problems.length > 0) throw new AppError(400, 'VALIDATION', 'common.validation', problems);
}

export async function createProspect(opts: { tx: Db; actor: Actor; input: ProspectInput }): Promise<Prospect> {
  const { tx, actor, input } = opts;
  await checkRefs(tx, input);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into prospects (client_id, name, phone, location, zone_id, interest, source, visit_date, officer_id, notes, follow_up_date,
                               outcome, created_by)
        values (${actor.clientId}, ${input.name}, ${input.phone}, ${input.location}, ${input.zoneId ?? null}, ${input.interest}, ${input.source},
                ${input.visitDate}, ${input.officerId}, ${input.notes}, ${input.followUpDate ?? null}, ${input.outcome}, ${actor.userId})
        returning id`,
  );
  const created = await getProspect({ tx, id: Number(row.id) });
  await writeAudit(tx, actor, { action: 'create', entity: 'prospect', entityId: created.id, after: created });
  return created;
}

async function lockOpenProspect(tx: Db, id: number) {
  const [row] = await queryRows<{ outcome: string }>(tx, sql`select outcome from prospects where id = ${id} for update`);
  if (!row) throw notFound();
  if (row.outcome === 'Converted') throw new AppError(409, 'CONVERTED', 'marketing.converted');
}

export async function updateProspect(opts: { tx: Db; actor: Actor; id: number; input: ProspectInput }): Promise<Prospect> {
  const { tx, actor, id, input } = opts;
  await lockOpenProspect(tx, id);
  await checkRefs(tx, input);
  const before = await getProspect({ tx, id });
  await tx.execute(sql`
    update prospects set name = ${input.name}, phone = ${input.phone}, location = ${input.location}, zone_id = ${input.zoneId ?? null},
           interest = ${input.interest}, source = ${input.source}, visit_date = ${input.visitDate}, officer_id = ${input.officerId},
           notes = ${input.notes}, follow_up_date = ${input.followUpDate ?? null}, outcome = ${input.outcome}, updated_at = now()
    where id = ${id}`);
  const after = await getProspect({ tx, id });
  await writeAudit(tx, actor, { action: 'update', entity: 'prospect', entityId: id, before, after });
  return after;
}

/** The prospect becomes a customer (its name and phone) with a house and meter, all in the caller's transaction. */
export async function convertProspect(opts: { tx: Db; actor: Actor; id: number; input: ConvertInput }): Promise<Prospect> {
  const { tx, actor, id, input } = opts;
  await lockOpenProspect(tx, id);
  if (!input.houseNo && !input.address) throw fieldError('houseNo', 'house.numberOrAddress');
  const p = await getProspect({ tx, id });
  const customer = await createCustomer({
    tx,
    actor,
    input: {
      name: p.name,
      phone: p.phone,
      email: null,
      address: input.address ?? p.location,
      cityId: null,
      customerClass: input.customerClass,
      idType: null,
      idNumber: null,
      openingBalance: '0',
    },
  });
  const house = await createHouse({
    tx,
    actor,
    input: {
      customerId: customer.id,
      zoneId: input.zoneId,
      houseNo: input.houseNo,
      address: input.address,
      tariffClass: null,
      meterNumber: input.meterNumber,
      meterDigits: input.meterDigits,
      installationReading: input.installationReading,
      installationDate: input.installationDate,
    },
  });
  await tx.execute(sql`
    update prospects set outcome = 'Converted', customer_id = ${customer.id}, house_id = ${house.id}, converted_by = ${actor.userId},
           converted_at = now(), updated_at = now()
    where id = ${id}`);
  const after = await getProspect({ tx, id });
  await writeAudit(tx, actor, { action: 'convert', entity: 'prospect', entityId: id, after: { customerId: customer.id, houseId: house.id } });
  return after;
}

export async function prospectChoices(opts: { tx: Db }) {
  const zones = await queryRows<{ id: number; name: string }>(opts.tx, sql`select id, name from zones where status = 'Active' order by lower(name), id`);
  const officers = await queryRows<{ id: number; fullname: string }>(
    opts.tx,
    sql`select id, fullname from users where status = 'Active' order by lower(fullname), id`,
  );
  return { zones: zones.map((z) => ({ id: Number(z.id), name: z.name })), officers: officers.map((u) => ({ id: Number(u.id), name: u.fullname })) };
}
