// The demo organisation's store: a dozen items (meters, cable, breakers, seals, poles and the connection
// services), three vendors (one with an opening balance), opening stock counted at the start, an order
// received in two parts (one billed and paid, one billed and still owed), a vendor bill paid in part, a
// quotation turned into an invoice, cash sales to walk-in customers, a return, and one order still
// waiting for its goods. So every trade screen has real documents on it.
//
// Like the living utility (demo-billing.ts), every step calls the module's own service as the
// organisation's administrator, with the input checked by the route's contract schema, one transaction
// per step: the demo obeys every rule and posts what real documents post.
import { eq } from 'drizzle-orm';
import {
  branchListQuery,
  cashPurchaseBody,
  categoryBody,
  itemBody,
  purchaseOrderBody,
  purchaseReceiptBody,
  quotationBody,
  quotationConvertBody,
  salesReceiptBody,
  salesReturnBody,
  stockAdjustmentBody,
  unitBody,
  vendorBillBody,
  vendorBody,
  vendorPaymentBody,
} from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { accounts } from '../ledger/index.ts';
import type { Actor } from '../lib/actor.ts';
import { createReference, listReferences } from '../lib/reference-list.ts';
import { customers } from '../modules/customers/index.ts';
import { createItem, createStockAdjustment } from '../modules/items/index.ts';
import { branchList as branchReferenceList } from '../modules/organisations/index.ts';
import { approvePurchaseOrder, createPurchase, createPurchaseOrder, receivePurchaseOrder } from '../modules/purchases/index.ts';
import { convertQuotation, createQuotation, createSale, createSalesReturn } from '../modules/sales/index.ts';
import { categoryList, unitList } from '../modules/settings/index.ts';
import { createVendor, payVendor } from '../modules/vendors/index.ts';
import { actorTx } from '../plugins/auth.ts';
import { demoAdministrator } from './demo-billing.ts';

export interface DemoStoreResult {
  items: number;
  vendors: number;
  purchaseOrders: number;
  vendorBills: number;
  sales: number;
  returns: number;
}

/** The day `days` before `today`, as YYYY-MM-DD. */
function daysBefore(today: Date, days: number): string {
  return new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

const ITEMS = [
  {
    code: 'MTR-1P',
    name: 'Prepaid meter, single phase',
    kind: 'stock',
    category: 'Meters',
    unit: 'Piece',
    salePrice: '45.00',
    purchasePrice: '28.00',
    taxPercent: '5',
    reorderLevel: '10',
  },
  {
    code: 'MTR-3P',
    name: 'Meter, three phase',
    kind: 'stock',
    category: 'Meters',
    unit: 'Piece',
    salePrice: '120.00',
    purchasePrice: '82.00',
    taxPercent: '5',
    reorderLevel: '4',
  },
  {
    code: 'CBL-16',
    name: 'Cable 16 mm², copper',
    kind: 'stock',
    category: 'Cable',
    unit: 'Metre',
    salePrice: '2.50',
    purchasePrice: '1.60',
    taxPercent: '5',
    reorderLevel: '200',
  },
  {
    code: 'CBL-35',
    name: 'Cable 35 mm², aluminium',
    kind: 'stock',
    category: 'Cable',
    unit: 'Metre',
    salePrice: '4.80',
    purchasePrice: '3.10',
    taxPercent: '5',
    reorderLevel: '100',
  },
  {
    code: 'BRK-32',
    name: 'Circuit breaker 32 A',
    kind: 'stock',
    category: 'Switchgear',
    unit: 'Piece',
    salePrice: '9.00',
    purchasePrice: '5.50',
    taxPercent: '5',
    reorderLevel: '20',
  },
  {
    code: 'BRK-63',
    name: 'Circuit breaker 63 A',
    kind: 'stock',
    category: 'Switchgear',
    unit: 'Piece',
    salePrice: '14.00',
    purchasePrice: '8.75',
    taxPercent: '5',
    reorderLevel: '10',
  },
  {
    code: 'FUSE-100',
    name: 'Fuse link 100 A',
    kind: 'stock',
    category: 'Switchgear',
    unit: 'Piece',
    salePrice: '6.00',
    purchasePrice: '3.40',
    taxPercent: '5',
    reorderLevel: '20',
  },
  {
    code: 'SEAL',
    name: 'Meter seal',
    kind: 'stock',
    category: 'Meters',
    unit: 'Piece',
    salePrice: '0.50',
    purchasePrice: '0.18',
    taxPercent: '0',
    reorderLevel: '100',
  },
  {
    code: 'POLE-9',
    name: 'Wooden pole 9 m',
    kind: 'stock',
    category: 'Poles',
    unit: 'Piece',
    salePrice: '95.00',
    purchasePrice: '64.00',
    taxPercent: '5',
    reorderLevel: '5',
  },
  {
    code: 'TAPE',
    name: 'Insulating tape',
    kind: 'non_stock',
    category: 'Switchgear',
    unit: 'Roll',
    salePrice: '1.50',
    purchasePrice: '0.80',
    taxPercent: '5',
    reorderLevel: '0',
  },
  {
    code: 'SVC-CONN',
    name: 'New connection service',
    kind: 'service',
    category: 'Services',
    unit: null,
    salePrice: '25.00',
    purchasePrice: '0',
    taxPercent: '0',
    reorderLevel: '0',
  },
  {
    code: 'SVC-RECON',
    name: 'Reconnection fee',
    kind: 'service',
    category: 'Services',
    unit: null,
    salePrice: '10.00',
    purchasePrice: '0',
    taxPercent: '0',
    reorderLevel: '0',
  },
] as const;

/** What the store counted when it started (its opening stock), at the purchase price. */
const OPENING: Record<string, string> = {
  'MTR-1P': '24',
  'MTR-3P': '6',
  'CBL-16': '850',
  'CBL-35': '400',
  'BRK-32': '60',
  'BRK-63': '25',
  'FUSE-100': '40',
  SEAL: '500',
  'POLE-9': '8',
};

const VENDORS = [
  {
    name: 'Hormuud Electrical Supplies',
    contactPerson: 'Cabdiraxmaan Cali',
    phone: '+252615550101',
    email: 'sales@hormuud-electrical.so',
    address: 'Industrial Road, Mogadishu',
    taxNumber: 'TIN-100245',
    paymentTermsDays: 30,
    openingBalance: '1250.00',
  },
  {
    name: 'Berbera Cable Traders',
    contactPerson: 'Sucaad Maxamed',
    phone: '+252634401122',
    email: null,
    address: 'Port area, Berbera',
    taxNumber: null,
    paymentTermsDays: 45,
    openingBalance: '0',
  },
  {
    name: 'Gulf Meter Company',
    contactPerson: 'Ahmed Saleh',
    phone: '+97142233445',
    email: 'orders@gulfmeter.ae',
    address: 'Jebel Ali, Dubai',
    taxNumber: 'AE-3300991',
    paymentTermsDays: 60,
    openingBalance: '0',
  },
] as const;

export async function seedDemoStore(db: Db, opts: { code: number; username: string; today?: Date }): Promise<DemoStoreResult> {
  const actor = await demoAdministrator(db, opts.code, opts.username);
  return buildDemoStore(db, actor, opts.today ?? new Date());
}

async function buildDemoStore(db: Db, actor: Actor, today: Date): Promise<DemoStoreResult> {
  const step = <T>(fn: (tx: Db) => Promise<T>) => actorTx(db, actor, fn);
  const day = (n: number) => daysBefore(today, n);
  const branches = await step((tx) => listReferences({ tx, list: branchReferenceList, query: branchListQuery.parse({ _limit: '10' }) }));
  const branchId = branches.data[0].id;

  const categoryIds = new Map<string, number>();
  for (const name of new Set(ITEMS.map((i) => i.category))) {
    const row = await step((tx) => createReference({ tx, actor, list: categoryList, input: categoryBody.parse({ name }) }));
    categoryIds.set(name, row.id);
  }
  const unitIds = new Map<string, number>();
  for (const [name, abbreviation] of [
    ['Piece', 'pc'],
    ['Metre', 'm'],
    ['Roll', 'roll'],
  ] as const) {
    const row = await step((tx) => createReference({ tx, actor, list: unitList, input: unitBody.parse({ name, abbreviation }) }));
    unitIds.set(name, row.id);
  }

  const itemIds = new Map<string, number>();
  for (const item of ITEMS) {
    const { category, unit, ...fields } = item;
    const created = await step((tx) =>
      createItem({ tx, actor, input: itemBody.parse({ ...fields, categoryId: categoryIds.get(category), unitId: unit ? unitIds.get(unit) : undefined }) }),
    );
    itemIds.set(item.code, created.id);
  }
  const itemId = (code: string) => itemIds.get(code) as number;
  const price = (code: string) => ITEMS.find((i) => i.code === code)?.purchasePrice ?? '0';
  const salePrice = (code: string) => ITEMS.find((i) => i.code === code)?.salePrice ?? '0';

  // Opening stock counted two months ago, at the purchase price.
  await step((tx) =>
    createStockAdjustment({
      tx,
      actor,
      input: stockAdjustmentBody.parse({
        kind: 'opening',
        branchId,
        date: day(60),
        reason: 'Opening stock counted when the store started',
        lines: Object.entries(OPENING).map(([code, quantity]) => ({
          itemId: itemId(code),
          quantity,
          unitCost: price(code),
        })),
      }),
    }),
  );

  const vendorIds: number[] = [];
  for (const vendor of VENDORS) {
    const created = await step((tx) =>
      createVendor({ tx, actor, input: vendorBody.parse({ ...vendor, openingDate: vendor.openingBalance === '0' ? undefined : day(60) }) }),
    );
    vendorIds.push(created.id);
  }
  const [hormuud, berbera, gulf] = vendorIds;

  const chart = await step((tx) => tx.select({ id: accounts.id, code: accounts.code }).from(accounts));
  const accountId = (code: string) => chart.find((a) => a.code === code)?.id as number;
  const cash = accountId('1010');
  const evcPlus = accountId('1040');

  // An order of meters from Gulf Meter, approved and received in two parts: each part is a vendor bill.
  const meterOrder = await step((tx) =>
    createPurchaseOrder({
      tx,
      actor,
      input: purchaseOrderBody.parse({
        vendorId: gulf,
        date: day(45),
        expectedDate: day(30),
        branchId,
        notes: 'Meters for the Hodan North extension',
        lines: [
          { itemId: itemId('MTR-1P'), quantity: '40', unitPrice: '27.50' },
          { itemId: itemId('MTR-3P'), quantity: '6', unitPrice: '80.00' },
          { itemId: itemId('SEAL'), quantity: '200', unitPrice: '0.18' },
        ],
      }),
    }),
  );
  await step((tx) => approvePurchaseOrder({ tx, actor, id: meterOrder.id }));
  await step((tx) =>
    receivePurchaseOrder({
      tx,
      actor,
      id: meterOrder.id,
      input: purchaseReceiptBody.parse({
        vendorBillNo: 'GMC-2026-0418',
        date: day(32),
        lines: [
          { position: 1, quantity: '25' },
          { position: 2, quantity: '6' },
          { position: 3, quantity: '200' },
        ],
      }),
    }),
  );
  await step((tx) =>
    receivePurchaseOrder({
      tx,
      actor,
      id: meterOrder.id,
      input: purchaseReceiptBody.parse({ vendorBillNo: 'GMC-2026-0502', date: day(12), lines: [{ position: 1, quantity: '15' }] }),
    }),
  );

  // Cable on credit from Berbera Cable Traders (paid in part), breakers bought for cash from Hormuud.
  await step((tx) =>
    createPurchase({
      tx,
      actor,
      kind: 'bill',
      input: vendorBillBody.parse({
        vendorId: berbera,
        vendorBillNo: 'BCT-7781',
        date: day(28),
        branchId,
        notes: 'Cable for the market feeder',
        lines: [
          { itemId: itemId('CBL-16'), quantity: '500', unitPrice: '1.55', taxPercent: '5' },
          { itemId: itemId('CBL-35'), quantity: '300', unitPrice: '3.05', taxPercent: '5' },
          { description: 'Delivery from Berbera', accountId: accountId('6110'), quantity: '1', unitPrice: '60.00' },
        ],
      }),
    }),
  );
  await step((tx) =>
    createPurchase({
      tx,
      actor,
      kind: 'cash',
      input: cashPurchaseBody.parse({
        vendorId: hormuud,
        vendorBillNo: 'HES-55120',
        date: day(20),
        branchId,
        paymentAccountId: cash,
        lines: [
          { itemId: itemId('BRK-32'), quantity: '30', unitPrice: '5.40', taxPercent: '5' },
          { itemId: itemId('FUSE-100'), quantity: '20', unitPrice: '3.35', taxPercent: '5' },
          { itemId: itemId('TAPE'), quantity: '24', unitPrice: '0.80' },
        ],
      }),
    }),
  );

  // Payments: Hormuud's opening balance in full by EVC Plus, Gulf Meter's first bill (25 + 6 meters and
  // 200 seals: 1,203.50) in cash, and part of Berbera's bill (1,834.50: 1,034.50 is still owed). Gulf
  // Meter's second bill (15 meters, 412.50) is not paid yet.
  await step((tx) =>
    payVendor({
      tx,
      actor,
      input: vendorPaymentBody.parse({
        vendorId: hormuud,
        amount: '1250.00',
        date: day(25),
        accountId: evcPlus,
        method: 'mobile_money',
        reference: 'EVC-PV-0001',
      }),
    }),
  );
  await step((tx) =>
    payVendor({
      tx,
      actor,
      input: vendorPaymentBody.parse({ vendorId: gulf, amount: '1203.50', date: day(15), accountId: cash, method: 'cash', memo: 'First delivery of meters' }),
    }),
  );
  await step((tx) =>
    payVendor({ tx, actor, input: vendorPaymentBody.parse({ vendorId: berbera, amount: '800.00', date: day(10), accountId: cash, method: 'cash' }) }),
  );

  // One order still waiting for its goods: poles for the new feeder.
  const poleOrder = await step((tx) =>
    createPurchaseOrder({
      tx,
      actor,
      input: purchaseOrderBody.parse({
        vendorId: hormuud,
        date: day(5),
        expectedDate: daysBefore(today, -10),
        branchId,
        lines: [
          { itemId: itemId('POLE-9'), quantity: '12', unitPrice: '63.00' },
          { itemId: itemId('BRK-63'), quantity: '20', unitPrice: '8.70' },
        ],
      }),
    }),
  );
  await step((tx) => approvePurchaseOrder({ tx, actor, id: poleOrder.id }));

  // Sales: a shop's new connection quoted and invoiced, cash sales to walk-in customers, one return.
  const [shop] = await step((tx) => tx.select({ id: customers.id }).from(customers).where(eq(customers.name, 'Ocean Bakery')));
  let sales = 0;
  let returns = 0;
  if (shop) {
    const quotation = await step((tx) =>
      createQuotation({
        tx,
        actor,
        input: quotationBody.parse({
          customerId: shop.id,
          date: day(18),
          validUntil: day(4),
          branchId,
          notes: 'Three-phase connection for the new oven',
          lines: [
            { itemId: itemId('MTR-3P'), quantity: '1', unitPrice: salePrice('MTR-3P'), taxPercent: '5' },
            { itemId: itemId('CBL-35'), quantity: '40', unitPrice: salePrice('CBL-35'), taxPercent: '5' },
            { itemId: itemId('BRK-63'), quantity: '2', unitPrice: salePrice('BRK-63'), taxPercent: '5' },
            { itemId: itemId('SVC-CONN'), quantity: '1', unitPrice: salePrice('SVC-CONN') },
          ],
        }),
      }),
    );
    await step((tx) =>
      convertQuotation({ tx, actor, id: quotation.id, input: quotationConvertBody.parse({ date: day(16), dueDate: daysBefore(today, -14) }) }),
    );
    sales += 1;
  }
  const walkIn = (date: string, accountId: number, lines: Array<{ code: string; quantity: string }>) =>
    step((tx) =>
      createSale({
        tx,
        actor,
        input: {
          kind: 'receipt',
          ...salesReceiptBody.parse({
            date,
            branchId,
            accountId,
            lines: lines.map((l) => ({
              itemId: itemId(l.code),
              quantity: l.quantity,
              unitPrice: salePrice(l.code),
              taxPercent: ITEMS.find((i) => i.code === l.code)?.taxPercent,
            })),
          }),
        },
      }),
    );
  const sale = await walkIn(day(14), cash, [
    { code: 'BRK-32', quantity: '4' },
    { code: 'CBL-16', quantity: '25' },
    { code: 'TAPE', quantity: '3' },
  ]);
  await walkIn(day(9), evcPlus, [
    { code: 'MTR-1P', quantity: '2' },
    { code: 'SEAL', quantity: '2' },
    { code: 'SVC-RECON', quantity: '1' },
  ]);
  await walkIn(day(3), cash, [{ code: 'FUSE-100', quantity: '6' }]);
  sales += 3;
  // One breaker came back unused: refunded in cash.
  await step((tx) =>
    createSalesReturn({
      tx,
      actor,
      input: salesReturnBody.parse({
        saleId: sale.id,
        date: day(13),
        refundAccountId: cash,
        reason: 'Wrong rating; unused',
        lines: [{ position: 1, quantity: '1' }],
      }),
    }),
  );
  returns += 1;

  return { items: ITEMS.length, vendors: VENDORS.length, purchaseOrders: 2, vendorBills: 3, sales, returns };
}
