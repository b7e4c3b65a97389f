// The chart of accounts every new organisation starts with: a utility company's books (cash, bank and
// mobile money, customer receivables, meters and networks, water and electricity sales, fuel, ...), in
// English and Somali. Runs inside createOrganisation's transaction. Accounts that modules post to are
// system accounts, found by the stable codes of SYSTEM_ACCOUNTS; users may rename them, not remove them.
import { sql } from 'drizzle-orm';
import type { AccountSubtype, AccountType } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';

/** Codes of the accounts modules rely on (bills, payments, payroll, assets, closing). */
export const SYSTEM_ACCOUNTS = {
  cash: '1010',
  bank: '1030',
  evcPlus: '1040',
  zaad: '1050',
  receivable: '1100',
  employeeAdvances: '1110',
  employeeLoans: '1115',
  inventory: '1200',
  taxPaid: '1320',
  fixedAssets: '1400',
  accumulatedDepreciation: '1490',
  assetDisposal: '4910',
  payable: '2010',
  salariesPayable: '2100',
  payrollDeductions: '2110',
  taxPayable: '2200',
  customerDeposits: '2300',
  customerCredit: '2310',
  capital: '3010',
  openingBalance: '3030',
  retainedEarnings: '3100',
  waterSales: '4010',
  electricitySales: '4020',
  connectionFees: '4030',
  serviceCharges: '4040',
  goodsSales: '4050',
  salesDiscounts: '4090',
  otherIncome: '4900',
  costOfSales: '5010',
  stockAdjustments: '5090',
  salaries: '6010',
  allowances: '6020',
  payrollRounding: '6030',
  bankCharges: '6170',
  depreciation: '6200',
  badDebts: '6300',
} as const;
export type SystemAccount = keyof typeof SYSTEM_ACCOUNTS;

interface ChartAccount {
  code: string;
  en: string;
  so: string;
  type: AccountType;
  subtype: AccountSubtype;
  parent?: string;
}

const a = (code: string, type: AccountType, subtype: AccountSubtype, en: string, so: string, parent?: string): ChartAccount => ({
  code,
  type,
  subtype,
  en,
  so,
  parent,
});

export const DEFAULT_CHART: readonly ChartAccount[] = [
  a('1010', 'asset', 'cash', 'Cash on hand', 'Lacagta caddaanka ah'),
  a('1020', 'asset', 'cash', 'Petty cash', 'Lacagta yaryar ee xafiiska'),
  a('1030', 'asset', 'bank', 'Bank account', 'Xisaabta bangiga'),
  a('1040', 'asset', 'mobile_money', 'EVC Plus', 'EVC Plus'),
  a('1050', 'asset', 'mobile_money', 'Zaad', 'Zaad'),
  a('1060', 'asset', 'mobile_money', 'eDahab', 'eDahab'),
  a('1070', 'asset', 'mobile_money', 'Sahal', 'Sahal'),
  a('1100', 'asset', 'receivable', 'Customer receivables', 'Deymaha macaamiisha'),
  a('1110', 'asset', 'receivable', 'Employee salary advances', 'Horudhaca mushaharka shaqaalaha'),
  a('1115', 'asset', 'receivable', 'Employee loans', 'Amaahda shaqaalaha'),
  a('1120', 'asset', 'receivable', 'Other receivables', 'Deymo kale oo la leeyahay'),
  a('1200', 'asset', 'inventory', 'Inventory', 'Alaabta bakhaarka'),
  a('1210', 'asset', 'inventory', 'Meters and spare parts in stock', 'Mitirada iyo qalabka beddelka ee bakhaarka'),
  a('1300', 'asset', 'prepayment', 'Prepaid expenses', 'Kharashaadka hore loo bixiyay'),
  a('1320', 'asset', 'tax', 'Tax paid on purchases', 'Canshuurta laga bixiyay iibsiga'),
  a('1400', 'asset', 'fixed_asset', 'Fixed assets', "Hantida go'an"),
  a('1410', 'asset', 'fixed_asset', 'Land and buildings', 'Dhul iyo dhismayaal', '1400'),
  a('1420', 'asset', 'fixed_asset', 'Generators and power network', 'Koronto-dhaliyeyaal iyo shabakadda korontada', '1400'),
  a('1430', 'asset', 'fixed_asset', 'Water network, wells and pumps', 'Shabakadda biyaha, ceelasha iyo bambooyinka', '1400'),
  a('1440', 'asset', 'fixed_asset', 'Meters', 'Mitirada', '1400'),
  a('1450', 'asset', 'fixed_asset', 'Vehicles', 'Gaadiidka', '1400'),
  a('1460', 'asset', 'fixed_asset', 'Furniture and office equipment', 'Alaabta iyo qalabka xafiiska', '1400'),
  a('1470', 'asset', 'fixed_asset', 'IT equipment', 'Qalabka teknoolajiyada macluumaadka', '1400'),
  a('1490', 'asset', 'accumulated_depreciation', 'Accumulated depreciation', 'Qiimo-dhaca urursan', '1400'),

  a('2010', 'liability', 'payable', 'Vendor payables', 'Deymaha iibiyeyaasha'),
  a('2020', 'liability', 'payable', 'Accrued expenses', 'Kharashaadka la gaaray ee aan weli la bixin'),
  a('2100', 'liability', 'payroll_payable', 'Salaries payable', 'Mushaharka aan weli la bixin'),
  a('2110', 'liability', 'payroll_payable', 'Payroll deductions payable', 'Lacagaha laga jaray mushaharka'),
  a('2200', 'liability', 'tax', 'Tax payable', 'Canshuurta la bixin doono'),
  a('2300', 'liability', 'customer_deposit', 'Customer deposits', 'Dhigaalka macaamiisha'),
  a('2310', 'liability', 'customer_deposit', 'Customer prepayments and credits', 'Lacagaha macaamiishu hore u bixiyeen'),
  a('2400', 'liability', 'loan', 'Loans payable', 'Amaahda la bixin doono'),

  a('3010', 'equity', 'capital', "Owner's capital", 'Raasumaalka milkiilaha'),
  a('3020', 'equity', 'drawings', "Owner's drawings", 'Lacagta milkiiluhu qaatay'),
  a('3030', 'equity', 'opening_balance', 'Opening balance equity', 'Dheelitirka furitaanka'),
  a('3100', 'equity', 'retained_earnings', 'Retained earnings', "Faa'iidada la hayo"),

  a('4010', 'income', 'revenue', 'Water sales', 'Iibka biyaha'),
  a('4020', 'income', 'revenue', 'Electricity sales', 'Iibka korontada'),
  a('4030', 'income', 'revenue', 'Connection fees', 'Khidmadda isku xirka'),
  a('4040', 'income', 'revenue', 'Service charges and meter rent', 'Khidmadaha adeegga iyo kirada mitirka'),
  a('4050', 'income', 'revenue', 'Sales of goods', 'Iibka alaabta'),
  a('4060', 'income', 'other_income', 'Late payment penalties', 'Ganaaxa bixinta dib u dhacday'),
  a('4090', 'income', 'sales_discount', 'Sales discounts and returns', 'Qiimo-dhimista iyo celinta iibka'),
  a('4900', 'income', 'other_income', 'Other income', 'Dakhli kale'),
  a('4910', 'income', 'other_income', 'Gain or loss on disposal of assets', "Faa'iidada ama khasaaraha iibinta hantida"),

  a('5010', 'expense', 'cost_of_sales', 'Cost of goods sold', 'Kharashka alaabta la iibiyay'),
  a('5020', 'expense', 'cost_of_sales', 'Generator fuel', 'Shidaalka koronto-dhaliyeyaasha'),
  a('5030', 'expense', 'cost_of_sales', 'Purchased power and water', 'Koronto iyo biyo la iibsaday'),
  a('5040', 'expense', 'cost_of_sales', 'Water treatment chemicals', 'Kiimikooyinka nadiifinta biyaha'),
  a('5090', 'expense', 'cost_of_sales', 'Stock adjustments and losses', 'Hagaajinta iyo khasaaraha bakhaarka'),
  a('6010', 'expense', 'payroll_expense', 'Salaries and wages', 'Mushaharka iyo mushahar maalmeedka'),
  a('6020', 'expense', 'payroll_expense', 'Allowances and bonuses', 'Gunnooyinka iyo abaalmarinnada'),
  a('6030', 'expense', 'payroll_expense', 'Payroll rounding differences', 'Farqiga soo koobidda mushaharka'),
  a('6100', 'expense', 'operating_expense', 'Repairs and maintenance', 'Dayactirka iyo ilaalinta'),
  a('6110', 'expense', 'operating_expense', 'Vehicle fuel and transport', 'Shidaalka iyo socodsiinta gaadiidka'),
  a('6120', 'expense', 'operating_expense', 'Rent', 'Kirada'),
  a('6130', 'expense', 'operating_expense', 'Office electricity and water', 'Korontada iyo biyaha xafiiska'),
  a('6140', 'expense', 'operating_expense', 'Telephone and internet', 'Taleefanka iyo internetka'),
  a('6150', 'expense', 'operating_expense', 'SMS and communication', 'Fariimaha SMS iyo isgaarsiinta'),
  a('6160', 'expense', 'operating_expense', 'Office supplies and printing', 'Agabka xafiiska iyo daabacaadda'),
  a('6170', 'expense', 'operating_expense', 'Bank and mobile money charges', 'Khidmadaha bangiga iyo lacagta mobilka'),
  a('6180', 'expense', 'operating_expense', 'Licences and government fees', 'Shatiyada iyo khidmadaha dowladda'),
  a('6190', 'expense', 'operating_expense', 'Insurance', 'Caymiska'),
  a('6200', 'expense', 'depreciation', 'Depreciation expense', 'Kharashka qiimo-dhaca'),
  a('6300', 'expense', 'operating_expense', 'Bad debts written off', 'Deymaha la cafiyay'),
  a('6900', 'expense', 'operating_expense', 'Other expenses', 'Kharashyo kale'),
];

const systemCodes: ReadonlySet<string> = new Set(Object.values(SYSTEM_ACCOUNTS));

/**
 * Inserts the default chart and the ledger settings row for a new organisation. Idempotent: codes that
 * exist are left as they are, so it can also complete the chart of an organisation created earlier.
 */
export async function seedDefaultChart(tx: Db, clientId: number): Promise<void> {
  const rows = DEFAULT_CHART.map((x) => ({
    code: x.code,
    nameEn: x.en,
    nameSo: x.so,
    type: x.type,
    subtype: x.subtype,
    parent: x.parent ?? null,
    isSystem: systemCodes.has(x.code),
  }));
  await tx.execute(sql`
    insert into accounts (client_id, code, name_en, name_so, type, subtype, currency, is_system)
    select ${clientId}, code, "nameEn", "nameSo", type, subtype,
           coalesce((select currency from clients where id = ${clientId}), 'USD'), "isSystem"
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(code text, "nameEn" text, "nameSo" text, type text, subtype text, "isSystem" boolean)
    on conflict (client_id, code) do nothing`);
  await tx.execute(sql`
    update accounts child set parent_id = parent.id, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows.filter((r) => r.parent))}::jsonb) as x(code text, parent text),
         accounts parent
    where child.client_id = ${clientId} and child.code = x.code and child.parent_id is null
      and parent.client_id = ${clientId} and parent.code = x.parent`);
  await tx.execute(sql`insert into ledger_settings (client_id) values (${clientId}) on conflict do nothing`);
}

/** The id of a system account of the organisation (by its stable code). */
export async function systemAccountId(tx: Db, clientId: number, key: SystemAccount): Promise<number> {
  const [row] = await queryRows<{ id: number }>(tx, sql`select id from accounts where client_id = ${clientId} and code = ${SYSTEM_ACCOUNTS[key]}`);
  if (!row) throw new Error(`System account ${key} (${SYSTEM_ACCOUNTS[key]}) is missing for organisation ${clientId}`);
  return Number(row.id);
}
