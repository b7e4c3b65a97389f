// THE privilege catalogue: every key a route or menu entry may require, with its group and labels.
// Keys are the spec's feature keys in kebab-case; shared keys (account-summary, send-sms, batch-bill)
// appear once and guard every screen the spec says shares them.

export interface PrivilegeDef {
  key: string;
  group: PrivilegeGroup;
  en: string;
  so: string;
}

export const privilegeGroups = {
  dashboard: { en: 'Dashboard', so: 'Muuqaalka Guud' },
  finance: { en: 'Finance', so: 'Maaliyadda' },
  salesReports: { en: 'Sales reports', so: 'Warbixinnada Iibka' },
  reports: { en: 'Financial reports', so: 'Warbixinnada Maaliyadda' },
  customers: { en: 'Customers', so: 'Macaamiisha' },
  vendors: { en: 'Vendors', so: 'Iibiyeyaasha' },
  assets: { en: 'Fixed assets', so: "Hantida Go'an" },
  items: { en: 'Items', so: 'Alaabta' },
  books: { en: 'Books', so: 'Buugaagta' },
  requests: { en: 'Requests', so: 'Codsiyada' },
  complaints: { en: 'Complaints', so: 'Cabashooyinka' },
  marketing: { en: 'Marketing', so: 'Suuqgeynta' },
  hr: { en: 'HR settings', so: 'Habaynta Shaqaalaha' },
  payroll: { en: 'Payroll', so: 'Mushaharka' },
  hrReports: { en: 'HR reports', so: 'Warbixinnada Shaqaalaha' },
  settings: { en: 'Settings', so: 'Habaynta' },
  sms: { en: 'SMS', so: 'Fariimaha SMS' },
  email: { en: 'E-mail', so: 'Iimaylka' },
  helpCenter: { en: 'Help centre', so: 'Xarunta Caawimada' },
} as const;

export type PrivilegeGroup = keyof typeof privilegeGroups;

const p = (group: PrivilegeGroup, key: string, en: string, so: string): PrivilegeDef => ({ key, group, en, so });

export const privileges: readonly PrivilegeDef[] = [
  p('dashboard', 'dashboard', 'View dashboard', 'Arag muuqaalka guud'),

  p('finance', 'list-account', 'Chart of accounts', 'Jaantuska xisaabaadka'),
  p('finance', 'add-account', 'Add and edit accounts', 'Ku dar oo wax ka beddel xisaabaadka'),
  p('finance', 'general-journal', 'General journal', 'Diiwaanka guud'),
  p('finance', 'transfer-balance', 'Money transfer', 'Wareejinta lacagta'),
  p('finance', 'write-check', 'Write cheque', 'Qor jeeg'),
  p('finance', 'receive-payment', 'Receive payment', 'Qabo lacag-bixin'),
  p('finance', 'transaction-files', 'Transaction attachments', 'Lifaaqyada dhaqdhaqaaqa'),

  p('salesReports', 'item-transaction', 'Item transactions', 'Dhaqdhaqaaqa alaabta'),
  p('salesReports', 'return-transaction', 'Return transactions', 'Dhaqdhaqaaqa celinta'),
  p('salesReports', 'customer-transaction', 'Customer transactions', 'Dhaqdhaqaaqa macmiilka'),
  p('salesReports', 'vendor-transaction', 'Vendor transactions', 'Dhaqdhaqaaqa iibiyaha'),
  p('salesReports', 'vendor-summary', 'Vendor summary', 'Soo koobidda iibiyeyaasha'),
  p('salesReports', 'customer-summary', 'Customer summary', 'Soo koobidda macaamiisha'),
  p('salesReports', 'sales-activity', 'Sales activity', 'Hawlaha iibka'),
  p('salesReports', 'received-payments', 'Received payments', 'Lacagaha la helay'),
  p('salesReports', 'expenses-report', 'Expenses report', 'Warbixinta kharashaadka'),
  p('salesReports', 'unpaid-report', 'Unpaid report', 'Warbixinta aan la bixin'),
  p('salesReports', 'customer-aging', 'Customer ageing', "Da'da deymaha macaamiisha"),
  p('salesReports', 'zone-summary', 'Zone summary', 'Soo koobidda aagagga'),
  p('salesReports', 'revenue-by-class', 'Revenue by tariff class', 'Dakhliga nooca macmiilka'),
  p('salesReports', 'ungenerated-bill-report', 'Ungenerated bill report', 'Warbixinta biilasha aan la samayn'),

  p('reports', 'journal-report', 'Journal report', 'Warbixinta diiwaanka'),
  p('reports', 'trail-balance', 'Trial balance', 'Isu-dheellitirka tijaabada'),
  p('reports', 'account-summary', 'Account summary and account type summary', 'Soo koobidda xisaabaadka iyo noocyada xisaabaadka'),
  p('reports', 'account-transaction', 'Account transaction', 'Dhaqdhaqaaqa xisaabta'),
  p('reports', 'income-statement', 'Income statement', 'Bayaanka dakhliga'),
  p('reports', 'balance-sheet', 'Balance sheet', 'Xaashida hantida iyo deynta'),
  p('reports', 'monthly-reconciliation', 'Monthly reconciliation', 'Isu-waafajinta bishii'),
  p('reports', 'revenue-report', 'Revenue report', 'Warbixinta dakhliga'),
  p('reports', 'cash-flow-statement', 'Cash flow statement', 'Bayaanka socodka lacagta'),
  p('reports', 'inventory-counting', 'Inventory counting', 'Tirinta bakhaarka'),
  p('reports', 'budget-registration', 'Budget registration', 'Diiwaangelinta miisaaniyadda'),

  p('customers', 'list-customer', 'Customers list', 'Liiska macaamiisha'),
  p('customers', 'add-customer', 'Add and edit customers', 'Ku dar oo wax ka beddel macaamiisha'),
  p('customers', 'sales-receipt', 'Cash sales (receipt)', 'Iib kaash ah (rasiid)'),
  p('customers', 'sales-invoice', 'Sales invoice', 'Qaansheegta iibka'),
  p('customers', 'quotation', 'Quotations', 'Qiimeyn-bixinta'),
  p('customers', 'sales-return', 'Sales return', 'Celinta iibka'),
  p('customers', 'batch-bill', 'Batch bill and batch receive', 'Biilasha wadareed iyo qabashada wadareed'),
  p('customers', 'list-zone', 'Zones', 'Aagagga'),
  p('customers', 'list-house', 'Houses and meters', 'Guryaha iyo mitirada'),
  p('customers', 'meter-reading', 'Meter readings', 'Akhriska mitirada'),
  p('customers', 'list-price', 'Tariffs', 'Qiimaha adeegga'),

  p('vendors', 'list-vendor', 'Vendors list', 'Liiska iibiyeyaasha'),
  p('vendors', 'add-vendor', 'Add and edit vendors', 'Ku dar oo wax ka beddel iibiyeyaasha'),
  p('vendors', 'cash-purchase', 'Cash purchase', 'Iibsi kaash ah'),
  p('vendors', 'credit-purchase', 'Credit purchase', 'Iibsi deyn ah'),
  p('vendors', 'purchase-order', 'Purchase orders', 'Dalabaadka iibsiga'),
  p('vendors', 'pay-bill', 'Pay bill', 'Bixi biil'),
  p('vendors', 'purchase-return', 'Purchase return', 'Celinta iibsiga'),

  p('assets', 'add-asset', 'Add assets', 'Ku dar hanti'),
  p('assets', 'list-asset', 'Assets list', 'Liiska hantida'),
  p('assets', 'buy-asset', 'Buy assets', 'Iibso hanti'),
  p('assets', 'generate-depreciation', 'Generate depreciation', 'Samee qiimo-dhaca'),
  p('assets', 'asset-report', 'Assets report', 'Warbixinta hantida'),

  p('items', 'list-item', 'Items', 'Alaabta'),
  p('items', 'add-item', 'Add and edit items', 'Ku dar oo wax ka beddel alaabta'),
  p('items', 'stock-adjustment', 'Opening stock, adjustments and transfers', 'Bakhaarka furitaanka, hagaajinta iyo wareejinta'),

  p('books', 'add-book', 'Issue receipt books', 'Bixi buugaagta rasiidka'),
  p('books', 'list-book', 'Receipt books and their report', 'Buugaagta rasiidka iyo warbixintooda'),
  p('books', 'book-status', 'Close, reopen, lose or cancel receipt books; void numbers', 'Xir, dib u fur, lumi ama jooji buugaagta rasiidka; buri lambarro'),

  p('requests', 'add-request', 'Add requests', 'Ku dar codsi'),
  p('requests', 'list-request', 'Requests list', 'Liiska codsiyada'),
  p('requests', 'first-approve-request', 'First approval of requests (department head)', 'Ansixinta koowaad ee codsiyada (madaxa waaxda)'),
  p('requests', 'approve-request', 'Final approval and rejection of requests', 'Ansixinta kama dambaysta ah iyo diidista codsiyada'),
  p('requests', 'pay-request', 'Pay approved requests (and cancel their payments)', 'Bixi codsiyada la ansixiyay (iyo joojinta lacag-bixintooda)'),
  p('requests', 'request-report', 'Requests report', 'Warbixinta codsiyada'),

  p('complaints', 'add-complaint', 'Add complaints', 'Ku dar cabasho'),
  p('complaints', 'list-complaint', 'Complaints list', 'Liiska cabashooyinka'),
  p('complaints', 'manage-complaints', 'Complete and delete complaints', 'Dhammaystir oo tirtir cabashooyinka'),
  p('complaints', 'complaint-topics', 'Complaint topics', 'Mowduucyada cabashada'),
  p('complaints', 'complaint-report', 'Complaints report', 'Warbixinta cabashooyinka'),

  p('marketing', 'add-marketing', 'Add market information', 'Ku dar xog suuqeed'),
  p('marketing', 'list-marketing', 'Market information list', 'Liiska xogta suuqa'),
  p('marketing', 'marketing-report', 'Marketing report', 'Warbixinta suuqgeynta'),

  p('hr', 'employee', 'Employees', 'Shaqaalaha'),
  p('hr', 'leaves', 'Leaves', 'Fasaxyada'),
  p('hr', 'hrm-setting', 'HRM settings', 'Habaynta maamulka shaqaalaha'),
  p('hr', 'institutions', 'Institutions', "Hay'adaha"),
  p('hr', 'job-titles', 'Job titles', 'Magacyada shaqooyinka'),
  p('hr', 'salaries', 'Salaries', 'Mushaharaadka'),
  p('hr', 'departments', 'Departments', 'Waaxyaha'),
  p('hr', 'allowances', 'Allowances', 'Gunnooyinka'),
  p('hr', 'duties', 'Duties', 'Waajibaadka'),
  p('hr', 'sub-sections', 'Sub-sections', 'Qaybaha hoose'),
  p('hr', 'duty-stations', 'Duty stations', 'Goobaha shaqada'),
  p('hr', 'bank-types', 'Bank types', 'Noocyada bangiyada'),
  p('hr', 'faculties', 'Faculties', 'Kulliyadaha'),

  p('payroll', 'payroll', 'Payroll', 'Mushaharka'),
  p('payroll', 'payroll-adjustment', 'Payroll adjustment', 'Hagaajinta mushaharka'),
  p('payroll', 'loan', 'Loans', 'Amaahda'),
  p('payroll', 'advance', 'Advances', 'Horudhacyada mushaharka'),
  p('payroll', 'bonus', 'Bonuses', 'Gunnooyinka dheeraadka ah'),
  p('payroll', 'deduction', 'Deductions', 'Ka-goynta'),
  p('payroll', 'approve-payroll', 'Approve payroll', 'Ansixi mushaharka'),
  p('payroll', 'pay-payroll', 'Pay payroll', 'Bixi mushaharka'),

  p('hrReports', 'payroll-report', 'Payroll report', 'Warbixinta mushaharka'),
  p('hrReports', 'loan-report', 'Loan report', 'Warbixinta amaahda'),
  p('hrReports', 'personal-report', 'Personal report', 'Warbixinta shakhsiga'),
  p('hrReports', 'employee-loan-report', 'Employee loan report', 'Warbixinta amaahda shaqaalaha'),
  p('hrReports', 'advanced-report', 'Advances report', 'Warbixinta horumarinta lacagta'),
  p('hrReports', 'headcount-report', 'Headcount report', 'Warbixinta tirada shaqaalaha'),
  p('hrReports', 'leave-balance-report', 'Leave balances report', 'Warbixinta haraaga fasaxa'),

  p('settings', 'company-profile', 'Company profile', 'Xogta shirkadda'),
  p('settings', 'export-organisation-data', "Export the organisation's data", 'Dhoofi xogta ururka'),
  p('settings', 'list-user', 'Users', 'Isticmaalayaasha'),
  p('settings', 'list-role', 'Roles', 'Doorarka'),
  p('settings', 'user-classes', 'User classes', 'Heerarka isticmaalayaasha'),
  p('settings', 'list-category', 'Categories', 'Qaybaha'),
  p('settings', 'list-unit', 'Units', 'Cabbirada'),
  p('settings', 'list-cities', 'Cities', 'Magaalooyinka'),
  p('settings', 'list-branch', 'Branches', 'Laamaha'),
  p('settings', 'list-closing-accounts', 'Closing accounts', 'Xiridda xisaabaadka'),
  p('settings', 'list-log-sheet', 'Log sheet', 'Diiwaanka dhaqdhaqaaqa'),

  p('sms', 'send-sms', 'Send SMS and SMS report', 'Dir SMS iyo warbixinta SMS'),
  p('sms', 'bill-sms', 'Bill SMS', 'SMS-ka biilka'),
  p('email', 'send-email', 'Send e-mail and e-mail report', 'Dir iimayl iyo warbixinta iimaylka'),

  p('helpCenter', 'list-tickets', 'Help-centre tickets', 'Tigidhada xarunta caawimada'),
  p('helpCenter', 'add-ticket', 'Add tickets', 'Ku dar tigidh'),
  p('helpCenter', 'update-ticket', 'Update tickets', 'Cusboonaysii tigidhada'),
  p('helpCenter', 'view-ticket', 'View tickets', 'Arag tigidhada'),
];

export type PrivilegeKey = string;

export const privilegeKeys: ReadonlySet<string> = new Set(privileges.map((x) => x.key));

export function isPrivilegeKey(key: string): boolean {
  return privilegeKeys.has(key);
}

/** A check with one key needs it; a list needs all; no user or no list means denied (spec section 6). */
export function hasPrivilege(
  user: { isAdmin: boolean; privileges: readonly string[] } | null | undefined,
  required: string | readonly string[] | undefined,
): boolean {
  if (required === undefined) return true;
  if (!user) return false;
  if (user.isAdmin) return true;
  if (!user.privileges) return false;
  const needed = typeof required === 'string' ? [required] : required;
  return needed.every((k) => user.privileges.includes(k));
}
