// Texts of the money limits (issue 12), used as t('amountLimits.…'): the "unusually large amount"
// confirmation of the money forms and the per-document maximum card of the company profile. Somali
// mirrors every English key; i18n.test.ts checks both.
import type { Texts } from '../../app/i18n/types.ts';

export const en = {
  confirmTitle: 'Unusually large amount',
  confirmText: 'You are about to save {{amount}}. Documents of this kind are usually about {{typical}} here, so please check the amount.',
  confirmTextNoHistory: 'You are about to save {{amount}}, more than a tenth of this organisation’s limit per document. Please check the amount.',
  confirmSave: 'Save anyway',
  cardTitle: 'Money limits',
  cardText:
    'No single document (journal entry, transfer, cheque, receipt, customer transfer, opening balance or budget amount) may be above the maximum. Forms ask for a confirmation above ten times the usual amount of their kind of document.',
  maxDocumentAmount: 'Maximum per document',
  usualTitle: 'Usual amounts per kind of document',
  kind: 'Document',
  kinds: { journal: 'Journal entry', transfer: 'Money transfer', cheque: 'Cheque', payment: 'Customer payment' },
  typicalAmount: 'Usual amount (median of the latest 200)',
  noTypical: 'None yet',
  confirmAbove: 'Confirmation asked above',
  saved: 'The maximum amount per document was saved.',
};

export const so: Texts<typeof en> = {
  confirmTitle: 'Lacag aad u badan oo aan caadi ahayn',
  confirmText: 'Waxaad keydinaysaa {{amount}}. Dukumentiyada noocan ah halkan badanaa waxay ku dhow yihiin {{typical}}, fadlan hubi lacagta.',
  confirmTextNoHistory: 'Waxaad keydinaysaa {{amount}}, oo ka badan meel tobnaad oo ka mid ah xadka hay’addan ee dukumenti kasta. Fadlan hubi lacagta.',
  confirmSave: 'Haddana keydi',
  cardTitle: 'Xadadka lacagta',
  cardText:
    'Dukumenti keliya (diiwaan xisaabeed, wareejin, jeeg, rasiid, wareejin macmiil, haraaga furitaanka ama miisaaniyad) kama badnaan karo xadka ugu badan. Foomamku waxay weydiinayaan xaqiijin marka lacagtu ka badato toban jeer lacagta caadiga ah ee noocooda dukumenti.',
  maxDocumentAmount: 'Xadka ugu badan ee dukumenti kasta',
  usualTitle: 'Lacagaha caadiga ah ee nooc kasta oo dukumenti',
  kind: 'Dukumenti',
  kinds: { journal: 'Diiwaan xisaabeed', transfer: 'Wareejin lacageed', cheque: 'Jeeg', payment: 'Lacag-bixinta macmiilka' },
  typicalAmount: 'Lacagta caadiga ah (dhexdhexaadka 200-ka ugu dambeeyay)',
  noTypical: 'Weli ma jiro',
  confirmAbove: 'Xaqiijin ayaa la weydiiyaa marka ay ka badato',
  saved: 'Xadka ugu badan ee lacagta dukumenti kasta waa la keydiyey.',
};
