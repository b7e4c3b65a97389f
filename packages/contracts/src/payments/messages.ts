// Customer payments, allocations, batch receive, customer-to-customer transfers, opening balances: every message the server sends, in English and Somali.
export const paymentsMessages = {
  'payments.notReceivingAccount': {
    en: 'Choose an active cash, bank or mobile money account.',
    so: 'Dooro xisaab firfircoon oo lacag caddaan ah, bangi ama lacag mobil ah.',
  },
  'payments.referenceRequired': {
    en: 'Enter the reference: the transaction number, bank slip or cheque number.',
    so: 'Geli tixraaca: lambarka dhaqdhaqaaqa, warqadda bangiga ama lambarka jeegga.',
  },
  'payments.duplicateReference': {
    en: 'A payment with this reference is already recorded on this account ({n}).',
    so: 'Lacag-bixin leh tixraacan ayaa horay loogu diiwaangeliyay xisaabtan ({n}).',
  },
  'payments.referenceTaken': {
    en: 'A payment with this reference is already recorded on this account.',
    so: 'Lacag-bixin leh tixraacan ayaa horay loogu diiwaangeliyay xisaabtan.',
  },
  'payments.repeatedReference': {
    en: 'This reference appears more than once in the batch.',
    so: 'Tixraacan wuxuu ku jiraa wadarta in ka badan hal mar.',
  },
  'payments.customerNotFound': {
    en: 'No customer has this customer number or phone.',
    so: 'Ma jiro macmiil leh lambarkan macmiilka ama taleefankan.',
  },
  'payments.severalCustomers': {
    en: 'Several customers have this phone; choose the one who paid.',
    so: 'Macaamiil dhowr ah ayaa leh taleefankan; dooro kan lacagta bixiyay.',
  },
  'payments.billNotOpen': {
    en: 'This bill is not an open bill of this customer.',
    so: 'Biilkani maaha biil furan oo uu leeyahay macmiilkan.',
  },
  'payments.allocationTooLarge': {
    en: "More than the bill's open amount ({n}).",
    so: 'Waxay ka badan tahay inta biilka ka harsan ({n}).',
  },
  'payments.allocationExceeds': {
    en: 'The amounts put on bills add up to more than the amount received.',
    so: 'Wadarta lacagaha biilasha la saaray waxay ka badan tahay lacagta la helay.',
  },
  'payments.allocationRepeated': { en: 'This bill appears twice.', so: 'Biilkan laba jeer ayuu soo galay.' },
  'payments.allocationTarget': {
    en: 'Choose either a bill or an open charge for this line.',
    so: 'Safkan u dooro biil ama deyn furan, mid keliya.',
  },
  'payments.itemRepeated': { en: 'This charge appears twice.', so: 'Deyntan laba jeer ayay soo gashay.' },
  'payments.itemNotCustomers': {
    en: 'This is not an open charge of this customer.',
    so: 'Kani maaha deyn furan oo uu leeyahay macmiilkan.',
  },
  'payments.itemNotOpen': {
    en: 'This charge is already paid or cancelled.',
    so: 'Deyntan horay ayaa loo bixiyay ama waa la joojiyay.',
  },
  'payments.itemAllocationTooLarge': {
    en: 'More than what is left to pay on this charge ({n}).',
    so: 'Waxay ka badan tahay inta ka harsan deyntan ({n}).',
  },
  'payments.alreadyCancelled': { en: 'This payment is already cancelled.', so: 'Lacag-bixintan horay ayaa loo joojiyay.' },
  'payments.postingMemo': { en: 'Receipt {n} from {customer}', so: 'Rasiidka {n} ee {customer}' },
  'payments.cancelMemo': { en: 'Cancellation of receipt {n}', so: 'Joojinta rasiidka {n}' },
  'payments.openingMemo': { en: 'Opening balance of {customer}', so: 'Haraaga furitaanka ee {customer}' },
  'payments.batchRefused': {
    en: 'Some rows of the batch cannot be saved; nothing was saved. Correct the rows named below.',
    so: 'Safaf ka mid ah wadarta lama kaydin karo; waxba lama kaydin. Sax safafka hoos lagu magacaabay.',
  },
  'payments.noAmount': { en: 'Enter the amount received.', so: 'Geli lacagta la helay.' },
  'payments.noCustomer': { en: 'Enter the customer number or phone.', so: 'Geli lambarka macmiilka ama taleefanka.' },
  'c2c.sameCustomer': { en: 'Choose two different customers.', so: 'Dooro laba macmiil oo kala duwan.' },
  'c2c.alreadyCancelled': { en: 'This balance transfer is already cancelled.', so: 'Wareejintan haraaga horay ayaa loo joojiyay.' },
  'c2c.postingMemo': { en: 'Balance transfer {n}: {from} to {to}', so: 'Wareejinta haraaga {n}: {from} loo wareejiyay {to}' },
  'c2c.cancelMemo': { en: 'Cancellation of balance transfer {n}', so: 'Joojinta wareejinta haraaga {n}' },
  // The payment receipt as a PDF (e-mailed as an attachment).
  'payments.receiptPdf.title': { en: 'Payment receipt', so: 'Rasiidka lacag-bixinta' },
  'payments.receiptPdf.customer': { en: 'Received from', so: 'Laga helay' },
  'payments.receiptPdf.date': { en: 'Date', so: 'Taariikhda' },
  'payments.receiptPdf.method': { en: 'Method', so: 'Habka' },
  'payments.receiptPdf.account': { en: 'Paid into', so: 'Lagu shubay' },
  'payments.receiptPdf.reference': { en: 'Reference', so: 'Tixraac' },
  'payments.receiptPdf.manualReceipt': { en: 'Receipt book no.', so: 'Lambarka buugga rasiidka' },
  'payments.receiptPdf.bill': { en: 'Bill', so: 'Biilka' },
  'payments.receiptPdf.period': { en: 'Period', so: 'Muddada' },
  'payments.receiptPdf.billAmount': { en: 'Bill amount', so: 'Lacagta biilka' },
  'payments.receiptPdf.applied': { en: 'Paid on it now', so: 'Hadda lagu bixiyay' },
  'payments.receiptPdf.open': { en: 'Still open', so: 'Weli furan' },
  'payments.receiptPdf.amount': { en: 'Amount received', so: 'Lacagta la helay' },
  'payments.receiptPdf.allocated': { en: 'Applied to bills', so: 'Biilasha lagu dabaqay' },
  'payments.receiptPdf.credit': { en: 'Kept as credit', so: 'Loo hayo sidii dheeraad' },
  'payments.receiptPdf.balanceBefore': { en: 'Balance before', so: 'Haraaga ka hor' },
  'payments.receiptPdf.balanceAfter': { en: 'Balance after', so: 'Haraaga kadib' },
  'payments.receiptPdf.inWords': { en: 'In words: {words}', so: 'Erayo ahaan: {words}' },
  'payments.receiptPdf.noBills': { en: 'Not applied to any bill: kept as credit.', so: 'Biil laguma dabaqin: waxaa loo hayaa sidii dheeraad.' },
} as const satisfies Record<string, { en: string; so: string }>;
