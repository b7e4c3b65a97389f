// Purchasing: every message the server sends, in English and Somali.
export const purchasesMessages = {
  'purchases.lineNeedsItemOrText': { en: 'Choose an item or describe the line.', so: 'Dooro alaab ama qeex sadarka.' },
  'purchases.dueBeforeDate': { en: 'The due date cannot be before the date.', so: 'Taariikhda bixintu kama horrayn karto taariikhda.' },
  'purchases.expectedBeforeDate': {
    en: 'The expected date cannot be before the order date.',
    so: 'Taariikhda la filayo kama horrayn karto taariikhda dalabka.',
  },
  'purchases.duplicateBillNo': {
    en: 'This vendor already has a bill with this number ({n}).',
    so: 'Iibiyahan wuxuu horay u lahaa biil lambarkan leh ({n}).',
  },
  'purchases.vendorInactive': { en: 'Choose an active vendor.', so: 'Dooro iibiye firfircoon.' },
  'purchases.expenseAccount': { en: 'Choose an active expense account.', so: 'Dooro xisaab kharash oo firfircoon.' },
  'purchases.accountRequired': {
    en: 'Choose the expense account (the vendor has no default expense account).',
    so: 'Dooro xisaabta kharashka (iibiyuhu ma laha xisaab kharash oo caadi ah).',
  },
  'purchases.paymentAccount': {
    en: 'Choose an active cash, bank or mobile-money account.',
    so: 'Dooro xisaab lacag caddaan, bangi ama lacag mobaylka oo firfircoon.',
  },
  'purchases.paymentsAllocated': {
    en: 'Payments of {n} are allocated to this bill: cancel or re-allocate them first.',
    so: 'Lacag-bixin dhan {n} ayaa loo qoondeeyay biilkan: marka hore jooji ama dib u qoondee.',
  },
  'purchases.hasReturns': {
    en: 'This purchase has returns ({n}): cancel them first.',
    so: 'Iibsigan waxaa ku jira celin ({n}): marka hore jooji.',
  },
  'purchases.returnTooMuch': {
    en: 'At most {n} can be returned (bought less already returned).',
    so: 'Ugu badnaan {n} ayaa la celin karaa (waxa la iibsaday marka laga jaro waxa hore loo celiyay).',
  },
  'purchases.noSuchLine': { en: 'This purchase has no such line.', so: 'Iibsigan ma laha sadarkan.' },
  'purchases.purchaseCancelled': { en: 'This purchase is cancelled.', so: 'Iibsigan waa la joojiyay.' },
  'purchases.refundOnlyCash': {
    en: 'Only a cash purchase is refunded into an account.',
    so: 'Iibsiga kaashka ah oo keliya ayaa lacagta loogu celiyaa xisaab.',
  },
  'purchases.orderNotDraft': { en: 'Only a draft order can be changed.', so: 'Dalabka qabyada ah oo keliya ayaa la beddeli karaa.' },
  'purchases.orderNotApproved': {
    en: 'This order is {n}: only an approved order can be received.',
    so: 'Dalabkani waa {n}: dalabka la ansixiyay oo keliya ayaa la soo qaadan karaa.',
  },
  'purchases.orderCannotClose': { en: 'This order cannot be closed in its state ({n}).', so: 'Dalabkan lama xiri karo xaaladdiisa ({n}).' },
  'purchases.orderCannotCancel': {
    en: 'This order cannot be cancelled ({n}): close it short instead.',
    so: 'Dalabkan lama joojin karo ({n}): taa beddelkeeda si gaaban u xir.',
  },
  'purchases.orderCannotApprove': { en: 'Only a draft order can be approved.', so: 'Dalabka qabyada ah oo keliya ayaa la ansixin karaa.' },
  'purchases.receiveTooMuch': {
    en: 'At most {n} is still expected on this line.',
    so: 'Ugu badnaan {n} ayaa weli laga filayaa sadarkan.',
  },
  'purchases.nothingReceived': { en: 'Enter the quantity received on at least one line.', so: 'Geli tirada la helay ugu yaraan hal sadar.' },
  'purchases.billMemo': { en: 'Vendor bill', so: 'Biilka iibiyaha' },
  'purchases.cashMemo': { en: 'Cash purchase', so: 'Iibsi kaash ah' },
  'purchases.returnMemo': { en: 'Purchase return', so: 'Celinta iibsiga' },
  'purchases.cancelMemo': { en: 'Cancelled', so: 'La joojiyay' },
  'purchases.report.expenses': { en: 'Expenses report', so: 'Warbixinta kharashaadka' },
  'purchases.report.account': { en: 'Account', so: 'Xisaab' },
  'purchases.report.vendor': { en: 'Vendor', so: 'Iibiye' },
  'purchases.report.month': { en: 'Month', so: 'Bil' },
  'purchases.report.documents': { en: 'Documents', so: 'Dukumeentiyo' },
  'purchases.report.purchased': { en: 'Purchased', so: 'La iibsaday' },
  'purchases.report.returned': { en: 'Returned', so: 'La celiyay' },
  'purchases.report.net': { en: 'Net', so: 'Saafi' },
  'purchases.report.total': { en: 'Total', so: 'Wadar' },
  'purchases.report.period': { en: 'Period {n} to {m}', so: 'Muddada {n} ilaa {m}' },
} as const satisfies Record<string, { en: string; so: string }>;
