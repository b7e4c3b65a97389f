// Items and stock: every message the server sends, in English and Somali.
export const itemsMessages = {
  'items.quantityPositive': { en: 'Enter a quantity above zero.', so: 'Geli tiro ka badan eber.' },
  'items.quantityNotZero': {
    en: 'Enter a quantity other than zero (minus for what left the store).',
    so: 'Geli tiro aan eber ahayn (tiro taban waxa bakhaarka ka baxay).',
  },
  'items.linesRequired': { en: 'Add at least one line.', so: 'Ku dar ugu yaraan hal sadar.' },
  'items.unitCostRequired': { en: 'Enter the cost per unit of what comes into stock.', so: 'Geli qiimaha halkii unug ee waxa bakhaarka soo galaya.' },
  'items.openingPositive': { en: 'Opening stock is a quantity above zero.', so: 'Bakhaarka furitaanku waa tiro ka badan eber.' },
  'items.sameBranch': { en: 'Choose another branch to move the stock to.', so: 'Dooro laan kale oo bakhaarka loo wareejiyo.' },
  'items.accountType': { en: 'Choose an active account of the right kind.', so: 'Dooro xisaab firfircoon oo nooceeda saxda ah.' },
  'items.kindLocked': {
    en: 'This item has stock moves: its kind and inventory account cannot change.',
    so: 'Alaabtan waxay leedahay dhaqdhaqaaq bakhaar: nooceeda iyo xisaabteeda bakhaarka lama beddeli karo.',
  },
  'items.inactive': { en: 'This item is inactive.', so: 'Alaabtan ma shaqeyso.' },
  'items.adjustmentMemo.opening': { en: 'Opening stock', so: 'Bakhaarka furitaanka' },
  'items.adjustmentMemo.adjustment': { en: 'Stock adjustment', so: 'Hagaajinta bakhaarka' },
  'items.transferMemo': { en: 'Stock transfer', so: 'Wareejinta bakhaarka' },
  'items.cancelMemo': { en: 'Cancelled', so: 'La joojiyay' },
  'stock.notStocked': { en: 'Only stocked goods move in and out of stock.', so: 'Alaabta bakhaarka lagu hayo oo keliya ayaa gala oo ka baxa bakhaarka.' },
  'stock.insufficient': { en: 'Not enough {n} in stock: {m} on hand.', so: '{n} kuma filna bakhaarka: waxaa yaal {m}.' },
  'stock.movedSince': {
    en: 'The stock of {n} has moved since this document: it cannot be undone exactly. Record an adjustment instead.',
    so: 'Bakhaarka {n} wuu isbeddelay tan iyo dukumeentigan: si sax ah looma celin karo. Samee hagaajin taa beddelkeeda.',
  },
  'stock.alreadyCancelled': { en: 'This document is already cancelled.', so: 'Dukumeentigan hore ayaa loo joojiyay.' },
} as const satisfies Record<string, { en: string; so: string }>;
