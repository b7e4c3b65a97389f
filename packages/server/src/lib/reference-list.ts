// Reference lists (cities, categories, units, branches): the same list, read, create, update, status and
// delete, each change audited in its own transaction. A list is described once (table, contracts,
// sortable and searchable columns, guards, its endpoint group of the contracts) and referenceListRoutes()
// serves that group (contracts settings/endpoints.ts referenceListEndpoints). It lives in
// lib/ rather than in a module so that the modules owning lists (settings, organisations) need not import
// each other.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { translate, type ReferenceListEndpoints, type ReferenceStatus, type z } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { tenantTx } from '../plugins/auth.ts';
import { serve } from '../plugins/endpoint.ts';
import { writeAudit } from '../plugins/audit.ts';
import { fieldError, notFound } from '../plugins/errors.ts';
import type { Actor } from './actor.ts';
import { PreparedSelect } from './prepared.ts';
import { containsPattern, inUseOnForeignKey, pgCode } from './sql.ts';

export type ReferenceTable = PgTable & {
  id: PgColumn;
  clientId: PgColumn;
  name: PgColumn;
  status: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

export interface ReferenceListQuery {
  _page: number;
  _limit: number;
  q?: string;
  status?: ReferenceStatus;
  _sort?: string;
  _order?: 'asc' | 'desc';
}

export interface ReferenceList<T extends ReferenceTable, B extends z.ZodType, I extends z.ZodType> {
  /** Audit entity name, e.g. 'city'. */
  entity: string;
  /** Its endpoints (contracts referenceListEndpoints): the collection path is endpoints.list.path, e.g. '/api/cities'. */
  endpoints: ReferenceListEndpoints;
  privilege: string;
  tag: string;
  table: T;
  body: B;
  item: I;
  query: z.ZodType<ReferenceListQuery>;
  /** Every value _sort may take, mapped to the expression it orders by. */
  sortColumns: Record<string, SQLWrapper>;
  searchColumns: PgColumn[];
  /** The columns a create or update writes (not client_id, status or timestamps). */
  toValues(input: z.output<B>): Record<string, unknown>;
  toItem(row: T['$inferSelect']): z.output<I>;
  /** Refuses (throws) to delete the row, beyond the foreign keys that already protect it. */
  beforeDelete?(opts: { tx: Db; row: T['$inferSelect'] }): Promise<void>;
  /** Refuses (throws, on a field) a create or update, beyond the unique name: a reference to another list. */
  beforeSave?(opts: { tx: Db; input: z.output<B> }): Promise<void>;
  /** Refuses (throws) a status change. */
  beforeStatus?(opts: { tx: Db; row: T['$inferSelect']; status: ReferenceStatus }): Promise<void>;
}

type Row<T extends ReferenceTable> = T['$inferSelect'];
// Drizzle cannot follow a generic table through select()/returning(); the rows are the table's rows.
const asRows = <T extends ReferenceTable>(rows: unknown) => rows as Row<T>[];

/** The page and count statements of one list for one filter shape and order, built once (lib/prepared.ts). */
function listStatements<T extends ReferenceTable>(
  list: ReferenceList<T, z.ZodType, z.ZodType>,
  shape: { status: boolean; q: boolean; sort: string; desc: boolean },
) {
  const key = `${shape.status ? 's' : ''}${shape.q ? 'q' : ''}_${shape.sort}_${shape.desc ? 'd' : 'a'}`;
  let byShape = statements.get(list);
  if (!byShape) {
    byShape = new Map();
    statements.set(list, byShape);
  }
  let found = byShape.get(key);
  if (!found) {
    const t = list.table;
    const filters: SQL[] = [];
    if (shape.status) filters.push(eq(t.status, sql.placeholder('status')));
    if (shape.q) {
      const search = or(...list.searchColumns.map((c) => ilike(c, sql.placeholder('pattern'))));
      if (search) filters.push(search);
    }
    const where = filters.length > 0 ? and(...filters) : undefined;
    const direction = shape.desc ? desc : asc;
    // A short hash keeps the name within PostgreSQL's 63 characters whatever the entity and column.
    const name = `ubo_ref_${createHash('sha1').update(`${list.endpoints.list.path}|${key}`).digest('hex').slice(0, 16)}`;
    found = {
      page: new PreparedSelect<Row<T>>(`${name}_p`, (db) =>
        db
          .select()
          .from(t as PgTable)
          .where(where)
          .orderBy(direction(list.sortColumns[shape.sort]), direction(t.id))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      ),
      count: new PreparedSelect<{ total: number }>(`${name}_c`, (db) =>
        db
          .select({ total: count() })
          .from(t as PgTable)
          .where(where),
      ),
    };
    byShape.set(key, found);
  }
  return found as { page: PreparedSelect<Row<T>>; count: PreparedSelect<{ total: number }> };
}

// biome-ignore lint/suspicious/noExplicitAny: one cache for lists of every table; listStatements types what it returns.
const statements = new WeakMap<object, Map<string, { page: PreparedSelect<any>; count: PreparedSelect<{ total: number }> }>>();

export async function listReferences<T extends ReferenceTable, B extends z.ZodType, I extends z.ZodType>(opts: {
  tx: Db;
  list: ReferenceList<T, B, I>;
  query: ReferenceListQuery;
}) {
  const { tx, list, query } = opts;
  const sort = query._sort !== undefined && Object.hasOwn(list.sortColumns, query._sort) ? query._sort : 'name';
  const { page, count: total } = listStatements(list as unknown as ReferenceList<T, z.ZodType, z.ZodType>, {
    status: query.status !== undefined,
    q: Boolean(query.q),
    sort,
    desc: query._order === 'desc',
  });
  const values = {
    status: query.status,
    pattern: query.q ? containsPattern(query.q) : undefined,
    limit: query._limit,
    offset: (query._page - 1) * query._limit,
  };
  const rows = asRows<T>(await page.execute(tx, values));
  const [counted] = await total.execute(tx, values);
  return { data: rows.map((r) => list.toItem(r)), total: counted.total, page: query._page, limit: query._limit };
}

async function findRow<T extends ReferenceTable>(tx: Db, table: T, id: number, lock = false): Promise<Row<T>> {
  const q = tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  const [row] = asRows<T>(lock ? await q.for('update') : await q);
  if (!row) throw notFound();
  return row;
}

async function assertNameFree<T extends ReferenceTable>(tx: Db, table: T, name: string, exceptId?: number): Promise<void> {
  const same = sql`lower(${table.name}) = lower(${name})`;
  const [taken] = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(exceptId === undefined ? same : and(same, ne(table.id, exceptId)))
    .limit(1);
  if (taken) throw fieldError('name', 'common.duplicate');
}

/** A concurrent insert of the same name passes the check; the unique index then answers on the field too. */
function duplicateNameOnUnique(err: unknown): never {
  if (pgCode(err) === '23505') throw fieldError('name', 'common.duplicate');
  throw err;
}

export async function getReference<T extends ReferenceTable, B extends z.ZodType, I extends z.ZodType>(opts: {
  tx: Db;
  list: ReferenceList<T, B, I>;
  id: number;
}) {
  return opts.list.toItem(await findRow(opts.tx, opts.list.table, opts.id));
}

export async function createReference<T extends ReferenceTable, B extends z.ZodType, I extends z.ZodType>(opts: {
  tx: Db;
  actor: Actor;
  list: ReferenceList<T, B, I>;
  input: z.output<B>;
}) {
  const { tx, actor, list, input } = opts;
  const values = list.toValues(input);
  await assertNameFree(tx, list.table, String(values.name));
  await list.beforeSave?.({ tx, input });
  const [row] = asRows<T>(
    await tx
      .insert(list.table)
      .values({ ...values, clientId: actor.clientId } as T['$inferInsert'])
      .returning()
      .catch(duplicateNameOnUnique),
  );
  const after = list.toItem(row);
  await writeAudit(tx, actor, { action: 'create', entity: list.entity, entityId: row.id as number, after });
  return after;
}

export async function updateReference<T extends ReferenceTable, B extends z.ZodType, I extends z.ZodType>(opts: {
  tx: Db;
  actor: Actor;
  list: ReferenceList<T, B, I>;
  id: number;
  input: z.output<B>;
}) {
  const { tx, actor, list, id, input } = opts;
  const t = list.table;
  const existing = await findRow(tx, t, id, true);
  const values = list.toValues(input);
  await assertNameFree(tx, t, String(values.name), id);
  await list.beforeSave?.({ tx, input });
  const [row] = asRows<T>(
    await tx
      .update(t)
      .set({ ...values, updatedAt: new Date() } as Partial<T['$inferInsert']>)
      .where(eq(t.id, id))
      .returning()
      .catch(duplicateNameOnUnique),
  );
  const after = list.toItem(row);
  await writeAudit(tx, actor, { action: 'update', entity: list.entity, entityId: id, before: list.toItem(existing), after });
  return after;
}

export async function setReferenceStatus<T extends ReferenceTable, B extends z.ZodType, I extends z.ZodType>(opts: {
  tx: Db;
  actor: Actor;
  list: ReferenceList<T, B, I>;
  id: number;
  status: ReferenceStatus;
}) {
  const { tx, actor, list, id, status } = opts;
  const t = list.table;
  const existing = await findRow(tx, t, id, true);
  if (existing.status === status) return list.toItem(existing);
  await list.beforeStatus?.({ tx, row: existing, status });
  const [row] = asRows<T>(
    await tx
      .update(t)
      .set({ status, updatedAt: new Date() } as Partial<T['$inferInsert']>)
      .where(eq(t.id, id))
      .returning(),
  );
  await writeAudit(tx, actor, {
    action: 'status',
    entity: list.entity,
    entityId: id,
    before: { status: existing.status },
    after: { status },
  });
  return list.toItem(row);
}

export async function deleteReference<T extends ReferenceTable, B extends z.ZodType, I extends z.ZodType>(opts: {
  tx: Db;
  actor: Actor;
  list: ReferenceList<T, B, I>;
  id: number;
}): Promise<void> {
  const { tx, actor, list, id } = opts;
  const t = list.table;
  const existing = await findRow(tx, t, id, true);
  await list.beforeDelete?.({ tx, row: existing });
  await tx.delete(t).where(eq(t.id, id)).catch(inUseOnForeignKey);
  await writeAudit(tx, actor, { action: 'delete', entity: list.entity, entityId: id, before: list.toItem(existing) });
}

/** Serves the list's endpoints: GET list, GET one, POST, PUT, PATCH status and DELETE. */
export function referenceListRoutes<T extends ReferenceTable, B extends z.ZodType, I extends z.ZodType>(
  app: FastifyInstance,
  list: ReferenceList<T, B, I>,
): void {
  const api = list.endpoints;
  const config = { access: { privilege: list.privilege }, tags: [list.tag] };
  // The group's schemas are generic here: the query and body are the list's own (its query and body schemas).
  const inputOf = (body: unknown) => body as z.output<B>;

  serve(app, api.list, config, async (req) => tenantTx(req, (tx) => listReferences({ tx, list, query: req.query as ReferenceListQuery })));

  serve(app, api.get, config, async (req) => tenantTx(req, (tx) => getReference({ tx, list, id: req.params.id })));

  serve(app, api.create, config, async (req) => tenantTx(req, (tx, actor) => createReference({ tx, actor, list, input: inputOf(req.body) })));

  serve(app, api.update, config, async (req) =>
    tenantTx(req, (tx, actor) => updateReference({ tx, actor, list, id: req.params.id, input: inputOf(req.body) })),
  );

  serve(app, api.setStatus, config, async (req) =>
    tenantTx(req, (tx, actor) => setReferenceStatus({ tx, actor, list, id: req.params.id, status: req.body.status })),
  );

  serve(app, api.remove, config, async (req) => {
    await tenantTx(req, (tx, actor) => deleteReference({ tx, actor, list, id: req.params.id }));
    return { ok: true as const, message: translate('common.deleted', req.lang) };
  });
}
