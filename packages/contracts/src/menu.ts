// THE sidebar menu of the spec (section 2). Each entry names the privilege that shows it.
// `ready` marks screens that work end to end; GET /api/menus leaves the others out, so the
// sidebar never offers a screen that is not built yet. A module flips its entries when it lands.

export interface MenuItem {
  path: string;
  en: string;
  so: string;
  icon: string;
  type: 'link' | 'sub';
  collapse?: string;
  privilege?: string;
  ready?: boolean;
  children?: MenuItem[];
}

const link = (path: string, en: string, so: string, privilege: string, ready = false): MenuItem => ({
  path,
  en,
  so,
  icon: '',
  type: 'link',
  privilege,
  ready,
});

const sub = (path: string, en: string, so: string, icon: string, children: MenuItem[]): MenuItem => ({
  path,
  en,
  so,
  icon,
  type: 'sub',
  collapse: path.replace(/^\//, ''),
  children,
});

export const menu: MenuItem[] = [
  { path: '/dashboard', en: 'Dashboard', so: 'Muuqaalka Guud', icon: 'Dashboard', type: 'link', privilege: 'dashboard', ready: true },
  sub('/finance', 'Finance', 'Maaliyadda', 'AccountBalance', [
    link('list-account', 'Chart of accounts', 'Jaantuska xisaabaadka', 'list-account', true),
    link('general-journal', 'General journal', 'Diiwaanka guud', 'general-journal', true),
    link('transfer-balance', 'Money transfer', 'Wareejinta lacagta', 'transfer-balance', true),
    link('write-check', 'Write cheque', 'Qor jeeg', 'write-check', true),
    link('c2c', 'Customer balance transfer', 'Wareejinta haraaga macmiilka', 'receive-payment', true),
  ]),
  sub('/Sales-reports', 'Sales reports', 'Warbixinnada iibka', 'Assessment', [
    link('item-transaction', 'Item transactions', 'Dhaqdhaqaaqa alaabta', 'item-transaction', true),
    link('return-transaction', 'Return transactions', 'Dhaqdhaqaaqa celinta', 'return-transaction', true),
    link('customer-transaction', 'Customer statement', 'Bayaanka xisaabta macmiilka', 'customer-transaction', true),
    link('vendor-transaction', 'Vendor transactions', 'Dhaqdhaqaaqa iibiyaha', 'vendor-transaction', true),
    link('vendor-summary', 'Vendor summary', 'Soo koobidda iibiyeyaasha', 'vendor-summary', true),
    link('customer-summary', 'Customer summary', 'Soo koobidda macaamiisha', 'customer-summary', true),
    link('sales-activity', 'Sales activity', 'Hawlaha iibka', 'sales-activity', true),
    link('received-payments', 'Received payments', 'Lacagaha la helay', 'received-payments', true),
    link('expenses-report', 'Expenses report', 'Warbixinta kharashaadka', 'expenses-report', true),
    link('unpaid-report', 'Unpaid bills', 'Biilasha aan la bixin', 'unpaid-report', true),
    link('ungenerated-bill-report', 'Ungenerated bills', 'Biilasha aan la samayn', 'ungenerated-bill-report', true),
    link('customer-aging', 'Customer ageing', "Da'da deymaha macaamiisha", 'customer-aging', true),
    link('zone-summary', 'Zone summary', 'Soo koobidda aagagga', 'zone-summary', true),
    link('revenue-by-class', 'Revenue by tariff class', 'Dakhliga nooca macmiilka', 'revenue-by-class', true),
  ]),
  sub('/reports', 'Reports', 'Warbixinno', 'BarChart', [
    link('journal-report', 'Journal report', 'Warbixinta diiwaanka', 'journal-report', true),
    link('trail-balance', 'Trial balance', 'Isu-dheellitirka tijaabada', 'trail-balance', true),
    link('account-summery', 'Account summary', 'Soo koobidda xisaabaadka', 'account-summary', true),
    link('account-type-summery', 'Account type summary', 'Soo koobidda noocyada xisaabaadka', 'account-summary', true),
    link('account-transaction', 'Account statement', 'Bayaanka xisaabta', 'account-transaction', true),
    link('personal-account', 'Personal account', 'Xisaabta shakhsiga', 'account-transaction', true),
    link('income-statement', 'Income statement', 'Bayaanka dakhliga', 'income-statement', true),
    link('balance-sheet', 'Balance sheet', 'Xaashida hantida iyo deynta', 'balance-sheet', true),
    link('monthly-reconciliation', 'Monthly reconciliation', 'Isu-waafajinta bishii', 'monthly-reconciliation', true),
    link('revenue-report', 'Revenue report', 'Warbixinta dakhliga', 'revenue-report', true),
    link('cash-flow-statement', 'Cash flow statement', 'Bayaanka socodka lacagta', 'cash-flow-statement', true),
    link('inventory-counting', 'Inventory counting', 'Tirinta bakhaarka', 'inventory-counting', true),
    link('budget-registration', 'Budget registration', 'Diiwaangelinta miisaaniyadda', 'budget-registration', true),
  ]),
  sub('/customers', 'Customers', 'Macaamiisha', 'People', [
    link('', 'Customers list', 'Liiska macaamiisha', 'list-customer', true),
    link('zones', 'Zones', 'Aagagga', 'list-zone', true),
    link('tariffs', 'Tariffs', 'Qiimaha adeegga', 'list-price', true),
    link('houses', 'Houses and meters', 'Guryaha iyo mitirada', 'list-house', true),
    link('readings', 'Meter readings', 'Akhriska mitirada', 'meter-reading', true),
    link('bills', 'Bills', 'Biilasha', 'batch-bill', true),
    link('sales-receipt', 'Cash sales', 'Iib kaash ah', 'sales-receipt', true),
    link('sales-invoice', 'Sales invoice', 'Qaansheegta iibka', 'sales-invoice', true),
    link('quotation', 'Quotation', 'Qiimeyn-bixin', 'quotation', true),
    link('sales-return', 'Sales return', 'Celinta iibka', 'sales-return', true),
    link('payment', 'Receive payment', 'Qabo lacag-bixin', 'receive-payment', true),
    link('payments', 'Payments', 'Lacag-bixinnada', 'receive-payment', true),
    link('bill-sms', 'Bill SMS', 'SMS-ka biilka', 'bill-sms', true),
    link('batch-bill', 'Bill run', 'Biil-samaynta', 'batch-bill', true),
    link('batch-receive', 'Batch receive', 'Qabasho wadareed', 'batch-bill', true),
  ]),
  sub('/vendors', 'Vendors', 'Iibiyeyaasha', 'LocalShipping', [
    link('', 'Vendors list', 'Liiska iibiyeyaasha', 'list-vendor', true),
    link('cash-purchase', 'Cash purchase', 'Iibsi kaash ah', 'cash-purchase', true),
    link('credit-purchase', 'Credit purchase', 'Iibsi deyn ah', 'credit-purchase', true),
    link('orders', 'Purchase orders', 'Dalabaadka iibsiga', 'purchase-order', true),
    link('pay-bill', 'Pay bill', 'Bixi biil', 'pay-bill', true),
    link('purchase-return', 'Purchase return', 'Celinta iibsiga', 'purchase-return', true),
  ]),
  sub('/assets', 'Assets', 'Hantida', 'Business', [
    link('add', 'Add asset', 'Ku dar hanti', 'add-asset', true),
    link('list', 'Assets list', 'Liiska hantida', 'list-asset', true),
    link('buy', 'Buy asset', 'Iibso hanti', 'buy-asset', true),
    link('generate-depreciation', 'Generate depreciation', 'Samee qiimo-dhac', 'generate-depreciation', true),
    link('report', 'Assets report', 'Warbixinta hantida', 'asset-report', true),
    link('categories', 'Asset categories', 'Qaybaha hantida', 'add-asset', true),
  ]),
  sub('/items', 'Items', 'Alaabta', 'Inventory', [
    link('list', 'Items list', 'Liiska alaabta', 'list-item', true),
    link('adjustments', 'Stock adjustments', 'Hagaajinta bakhaarka', 'stock-adjustment', true),
    link('transfers', 'Stock transfers', 'Wareejinta bakhaarka', 'stock-adjustment', true),
    link('stock-on-hand', 'Stock on hand and value', 'Bakhaarka jira iyo qiimihiisa', 'list-item', true),
  ]),
  sub('/books', 'Books', 'Buugaagta', 'MenuBook', [
    link('add', 'Issue receipt book', 'Bixi buug rasiid', 'add-book', true),
    link('list', 'Receipt books', 'Buugaagta rasiidka', 'list-book', true),
    link('report', 'Receipt book gaps', 'Bannaanada buugaagta rasiidka', 'list-book', true),
  ]),
  sub('/requests', 'Requests', 'Codsiyada', 'Assignment', [
    link('add', 'New request', 'Codsi cusub', 'add-request', true),
    link('list', 'Requests list', 'Liiska codsiyada', 'list-request', true),
    link('report', 'Requests report', 'Warbixinta codsiyada', 'request-report', true),
  ]),
  sub('/complaint', 'Complaints', 'Cabashooyinka', 'Feedback', [
    link('add', 'New complaint', 'Cabasho cusub', 'add-complaint', true),
    link('list', 'Complaints list', 'Liiska cabashooyinka', 'list-complaint', true),
    link('report', 'Complaints report', 'Warbixinta cabashooyinka', 'complaint-report', true),
  ]),
  sub('/marketing', 'Marketing', 'Suuqgeynta', 'Campaign', [
    link('add', 'New market information', 'Xog suuqeed cusub', 'add-marketing', true),
    link('list', 'Market information', 'Xogta suuqa', 'list-marketing', true),
    link('report', 'Marketing report', 'Warbixinta suuqgeynta', 'marketing-report', true),
  ]),
  sub('/hr-settings', 'HR settings', 'Habaynta shaqaalaha', 'Badge', [
    link('employee', 'Employees', 'Shaqaalaha', 'employee', true),
    link('leaves', 'Leave requests', 'Codsiyada fasaxa', 'leaves', true),
    link('payroll', 'Payroll', 'Mushaharka', 'payroll', true),
    link('loans', 'Loans', 'Amaahda', 'loan', true),
    link('advances', 'Salary advances', 'Horudhacyada mushaharka', 'advance', true),
    link('setting', 'HRM settings', 'Habaynta maamulka shaqaalaha', 'hrm-setting', true),
    link('institutions', 'Institutions', "Hay'adaha", 'institutions', true),
    link('Job-titles', 'Job titles', 'Magacyada shaqooyinka', 'job-titles', true),
    link('salaries', 'Salaries', 'Mushaharaadka', 'salaries', true),
    link('departments', 'Departments', 'Waaxyaha', 'departments', true),
    link('sub-sections', 'Sub-sections', 'Qaybaha hoose', 'sub-sections', true),
    link('allowances', 'Allowances', 'Gunnooyinka', 'allowances', true),
    link('bonus-types', 'Bonus types', 'Noocyada abaalmarinta', 'bonus', true),
    link('deduction-types', 'Deduction types', 'Noocyada ka-goynta', 'deduction', true),
    link('leave-types', 'Leave types', 'Noocyada fasaxa', 'leaves', true),
    link('duties', 'Duties', 'Waajibaadka', 'duties', true),
    link('duty-stations', 'Duty stations', 'Goobaha shaqada', 'duty-stations', true),
    link('bank-types', 'Bank types', 'Noocyada bangiyada', 'bank-types', true),
    link('faculties', 'Faculties', 'Kulliyadaha', 'faculties', true),
    link('payroll-adjustment', 'Payroll adjustment', 'Hagaajinta mushaharka', 'payroll-adjustment', true),
  ]),
  sub('/hr-report', 'HR reports', 'Warbixinnada shaqaalaha', 'Summarize', [
    link('payroll-report', 'Payroll report', 'Warbixinta mushaharka', 'payroll-report', true),
    link('loan-report', 'Loan report', 'Warbixinta amaahda', 'loan-report', true),
    link('personal-report', 'Personal report', 'Warbixinta shakhsiga', 'personal-report', true),
    link('empoloyee-loan-report', 'Employee loan report', 'Warbixinta amaahda shaqaalaha', 'employee-loan-report', true),
    link('advanced-report', 'Advances report', 'Warbixinta horumarinta lacagta', 'advanced-report', true),
    link('headcount-report', 'Headcount report', 'Warbixinta tirada shaqaalaha', 'headcount-report', true),
    link('leave-balance-report', 'Leave balances report', 'Warbixinta haraaga fasaxa', 'leave-balance-report', true),
  ]),
  sub('/settings', 'Settings', 'Habaynta', 'Settings', [
    link('company-profile', 'Company profile', 'Xogta shirkadda', 'company-profile', true),
    link('list-users', 'Users', 'Isticmaalayaasha', 'list-user', true),
    link('list-roles', 'Roles', 'Doorarka', 'list-role', true),
    link('user-classes', 'User classes', 'Heerarka isticmaalayaasha', 'user-classes', true),
    link('list-category', 'Categories', 'Qaybaha', 'list-category', true),
    link('list-unit', 'Units', 'Cabbirada', 'list-unit', true),
    link('list-cities', 'Cities', 'Magaalooyinka', 'list-cities', true),
    link('list-branches', 'Branches', 'Laamaha', 'list-branch', true),
    link('list-closing-accounts', 'Closing accounts', 'Xiridda xisaabaadka', 'list-closing-accounts', true),
    link('complaints', 'Complaint topics', 'Mowduucyada cabashada', 'complaint-topics', true),
    link('list-log-sheet', 'Log sheet', 'Diiwaanka dhaqdhaqaaqa', 'list-log-sheet', true),
  ]),
  sub('/sms', 'SMS', 'Fariimaha SMS', 'Sms', [
    link('send-sms', 'Send SMS', 'Dir SMS', 'send-sms', true),
    link('sms-report', 'SMS report', 'Warbixinta SMS', 'send-sms', true),
  ]),
  sub('/email', 'E-mail', 'Iimaylka', 'Email', [
    link('send-email', 'Send e-mail', 'Dir iimayl', 'send-email', true),
    link('email-report', 'E-mail report', 'Warbixinta iimaylka', 'send-email', true),
  ]),
  sub('/help_center', 'Help centre', 'Xarunta caawimada', 'HelpCenter', [link('list-tickets', 'Tickets', 'Tigidhada', 'list-tickets', true)]),
];

/** The menu a user sees: ready entries they hold the privilege for; a sub-menu with no child left is removed. */
export function filterMenu(items: MenuItem[], can: (privilege: string | undefined) => boolean): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (item.type === 'sub') {
      const children = filterMenu(item.children ?? [], can);
      if (children.length > 0) out.push({ ...item, children });
    } else if (item.ready && can(item.privilege)) {
      out.push(item);
    }
  }
  return out;
}

/** Full route of a menu link, e.g. /settings + list-users -> /settings/list-users. */
export function menuRoute(parent: MenuItem | undefined, item: MenuItem): string {
  if (!parent) return item.path;
  return item.path ? `${parent.path}/${item.path}` : parent.path;
}
