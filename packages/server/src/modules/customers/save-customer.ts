// POST/PUT/PATCH status /api/elc/customers: the city must be one of the organisation's active cities, a
// new customer gets the next customer number, and a non-zero opening balance is posted to the ledger in
// the same transaction (opening-balance.ts); once posted it cannot change. Every change is audited in
// its transaction.
import { eq } from 'drizzle-orm';
import { bdec, type Customer, type CustomerInput, type CustomerStatus } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { fieldError, notFound } from '../../plugins/errors.ts';
import { cities } from '../settings/index.ts';
import { customers } from './customers.tables.ts';
import { getCustomer } from './list-customers.ts';
import { nextCustomerNumber } from './next-customer-number.ts';
import { postOpeningBalance } from './opening-balance.ts';

async function checkCity(tx: Db, cityId: number | null): Promise<void> {
  if (cityId === null) return;
  const [city] = await tx.select({ status: cities.status }).from(cities).where(eq(cities.id, cityId));
  if (city?.status !== 'Active') throw fieldError('cityId', 'v.notFound');
}

const values = (input: CustomerInput) => ({
  name: input.name,
  phone: input.phone,
  email: input.email,
  address: input.address,
  cityId: input.cityId,
  customerClass: input.customerClass,
  idType: input.idType,
  idNumber: input.idNumber,
});

const auditView = (c: Customer) => {
  const { createdAt: _c, updatedAt: _u, cityName: _n, houseCount: _h, meterNumbers: _m, ...rest } = c;
  return rest;
};

export async function createCustomer(opts: { tx: Db; actor: Actor; input: CustomerInput }): Promise<Customer> {
  const { tx, actor, input } = opts;
  const { clientId, userId } = actor;
  await checkCity(tx, input.cityId);
  const customerNo = await nextCustomerNumber(tx, clientId);
  const [row] = await tx
    .insert(customers)
    .values({ clientId, customerNo, ...values(input), openingBalance: input.openingBalance, createdBy: userId })
    .returning({ id: customers.id });
  await postOpeningBalance({ tx, actor, customerId: row.id });
  const created = await getCustomer({ tx, id: row.id });
  await writeAudit(tx, actor, { action: 'create', entity: 'customer', entityId: row.id, after: auditView(created) });
  return created;
}

export async function updateCustomer(opts: { tx: Db; actor: Actor; id: number; input: CustomerInput }): Promise<Customer> {
  const { tx, actor, id, input } = opts;
  const [locked] = await tx
    .select({ openingBalance: customers.openingBalance, posted: customers.openingBalancePosted })
    .from(customers)
    .where(eq(customers.id, id))
    .for('update');
  if (!locked) throw notFound();
  const balanceChanged = !bdec(locked.openingBalance).eq(bdec(input.openingBalance));
  if (balanceChanged && locked.posted) throw fieldError('openingBalance', 'customer.openingPosted');
  await checkCity(tx, input.cityId);
  const before = await getCustomer({ tx, id });
  await tx
    .update(customers)
    .set({ ...values(input), ...(balanceChanged ? { openingBalance: input.openingBalance } : {}), updatedAt: new Date() })
    .where(eq(customers.id, id));
  if (balanceChanged) await postOpeningBalance({ tx, actor, customerId: id });
  const after = await getCustomer({ tx, id });
  await writeAudit(tx, actor, { action: 'update', entity: 'customer', entityId: id, before: auditView(before), after: auditView(after) });
  return after;
}

export async function setCustomerStatus(opts: { tx: Db; actor: Actor; id: number; status: CustomerStatus }): Promise<Customer> {
  const { tx, actor, id, status } = opts;
  const [row] = await tx.select({ status: customers.status }).from(customers).where(eq(customers.id, id)).for('update');
  if (!row) throw notFound();
  if (row.status !== status) {
    await tx.update(customers).set({ status, updatedAt: new Date() }).where(eq(customers.id, id));
    await writeAudit(tx, actor, { action: 'status', entity: 'customer', entityId: id, before: { status: row.status }, after: { status } });
  }
  return getCustomer({ tx, id });
}
