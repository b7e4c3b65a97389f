// Operator commands about the books: verify-ledger recomputes every daily balance from the journal
// lines and re-checks every entry and the gapless numbering (all organisations, or one with --code),
// printing the result and ending with exit code 0 when sound, 1 when there are differences;
// seed-chart gives an organisation created before the ledger existed the default chart of accounts
// and its ledger settings (codes it already has are left alone). Texts (English and Somali) in messages.ts.
import { type Lang, z } from '@ubo/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { inSystem } from '../db/tenant.ts';
import { type LedgerReport, seedDefaultChart, verifyLedger } from '../ledger/index.ts';
import { verifyStock } from '../modules/items/index.ts';
import { salesBalanceDifferences } from '../modules/sales/index.ts';
import { clients } from '../modules/organisations/index.ts';
import { type CliArgs, CliError, one, orgCode, validate } from './cli-input.ts';
import { say } from './messages.ts';
import { writeOperatorAudit } from './operator-audit.ts';

async function findOrganisation(db: Db, code: number, lang: Lang) {
  const [client] = await inSystem(db, (tx) =>
    tx.select({ id: clients.id, code: clients.code, name: clients.name }).from(clients).where(eq(clients.code, code)),
  );
  if (!client) throw new CliError(say('cli.orgNotFound', lang, { code }));
  return client;
}

/** The report as lines (organisations shown by their sign-in code). */
export function reportLines(report: LedgerReport, scope: string, codes: Map<number, number>, lang: Lang): string[] {
  const org = (clientId: number) => String(codes.get(clientId) ?? `#${clientId}`);
  const lines = [say('ledger.scope', lang, { scope, entries: report.entries, lines: report.lines })];
  if (report.isSound) return [...lines, say('ledger.sound', lang)];
  lines.push(
    say('ledger.differences', lang, {
      balances: report.balanceDifferences.length,
      months: report.monthlyDifferences.length,
      customers: report.customerBalanceDifferences.length,
      entries: report.unbalancedEntries.length,
      gaps: report.numberingGaps.length,
    }),
  );
  const difference = (key: 'ledger.balance' | 'ledger.month', d: LedgerReport['balanceDifferences'][number]) =>
    say(key, lang, {
      org: org(d.clientId),
      account: d.accountId,
      date: d.date,
      sd: d.storedDebit,
      sc: d.storedCredit,
      sl: d.storedLines,
      ed: d.expectedDebit,
      ec: d.expectedCredit,
      el: d.expectedLines,
    });
  for (const d of report.balanceDifferences) lines.push(difference('ledger.balance', d));
  for (const d of report.monthlyDifferences) lines.push(difference('ledger.month', d));
  for (const d of report.customerBalanceDifferences) {
    lines.push(
      say('ledger.customer', lang, {
        org: org(d.clientId),
        account: d.accountId,
        customer: d.customerId,
        source: d.sourceType,
        sd: d.storedDebit,
        sc: d.storedCredit,
        sl: d.storedLines,
        ed: d.expectedDebit,
        ec: d.expectedCredit,
        el: d.expectedLines,
      }),
    );
  }
  for (const e of report.unbalancedEntries) {
    lines.push(say('ledger.entry', lang, { org: org(e.clientId), entry: e.entryId, lines: e.lines, debit: e.debit, credit: e.credit, total: e.total }));
  }
  for (const g of report.numberingGaps) {
    lines.push(say('ledger.gap', lang, { org: org(g.clientId), series: g.series, count: g.count, max: g.maxNo, next: g.counterNext ?? say('cli.none', lang) }));
  }
  return lines;
}

const verifySchema = z.object({ code: orgCode.optional() });

export async function verifyLedgerCommand(db: Db, args: CliArgs, lang: Lang = 'en'): Promise<{ exitCode: number; stdout: string[] }> {
  const input = validate(verifySchema, { code: one(args, 'code') }, lang);
  const org = input.code === undefined ? undefined : await findOrganisation(db, input.code, lang);
  // As the installation (owner): every organisation's rows, or only the one asked for.
  const report = await inSystem(db, (tx) => verifyLedger(tx, { clientId: org?.id }));
  const codeRows = await inSystem(db, (tx) => queryRows<{ id: number; code: number }>(tx, sql`select id, code from clients`));
  const codes = new Map(codeRows.map((r) => [Number(r.id), Number(r.code)]));
  const scope = org ? say('ledger.scopeOne', lang, { code: org.code, name: org.name }) : say('cli.scopeAll', lang);
  // The stock beside the books: inventory accounts against the value of the stock moves.
  const stock = await inSystem(db, (tx) => verifyStock(tx, { clientId: org?.id }));
  const orgOf = (clientId: number) => String(codes.get(clientId) ?? `#${clientId}`);
  const stockLines = stock.ok
    ? [say('stock.sound', lang)]
    : [
        ...stock.accounts.map((a) => say('stock.account', lang, { org: orgOf(a.clientId), code: a.code, ledger: a.ledger, stock: a.stock })),
        ...stock.balances.map((b) => say('stock.balance', lang, { org: orgOf(b.clientId), item: b.itemId, branch: b.branchId, ...b })),
      ];
  // The sales balance rows beside the stock: the posted sales documents' lines, summed per day and key.
  const sales = await inSystem(db, (tx) => salesBalanceDifferences(tx, { clientId: org?.id }));
  const salesLines =
    sales.length === 0
      ? [say('sales.sound', lang)]
      : sales.map((d) =>
          say('sales.balance', lang, {
            org: orgOf(d.clientId),
            day: d.day,
            branch: d.branchId,
            customer: d.customerId,
            key: d.itemId === null ? `${say('sales.account', lang)} ${d.accountId}` : `${say('sales.item', lang)} ${d.itemId}`,
            quantity: d.stored.quantity,
            revenue: d.stored.revenue,
            cost: d.stored.cost,
            lines: d.stored.lines,
            dQuantity: d.documents.quantity,
            dRevenue: d.documents.revenue,
            dCost: d.documents.cost,
            dLines: d.documents.lines,
          }),
        );
  const isSound = report.isSound && stock.ok && sales.length === 0;
  return { exitCode: isSound ? 0 : 1, stdout: [...reportLines(report, scope, codes, lang), ...stockLines, ...salesLines] };
}

const seedSchema = z.object({ code: orgCode });

export async function seedChartCommand(db: Db, args: CliArgs, lang: Lang = 'en'): Promise<string[]> {
  const input = validate(seedSchema, { code: one(args, 'code') }, lang);
  return inSystem(db, async (tx) => {
    const [client] = await tx
      .select({ id: clients.id, code: clients.code, name: clients.name })
      .from(clients)
      .where(eq(clients.code, input.code))
      .for('update');
    if (!client) throw new CliError(say('cli.orgNotFound', lang, { code: input.code }));
    const count = async () => {
      const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from accounts where client_id = ${client.id}`);
      return row.n;
    };
    const before = await count();
    await seedDefaultChart(tx, client.id);
    const after = await count();
    if (after > before) {
      await writeOperatorAudit(tx, {
        clientId: client.id,
        action: 'create',
        entity: 'chart-of-accounts',
        entityId: client.code,
        after: { added: after - before },
      });
    }
    return [say('ledger.seeded', lang, { code: client.code, name: client.name, added: after - before, total: after })];
  });
}
