// Texts of the money limits (issue 12), used as t('amountLimits.…'): the "unusually large amount"
// confirmation of the money forms and the per-document maximum card of the company profile. Somali
// mirrors every English key; i18n.test.ts checks both.
import type { Texts } from '../../app/i18n/types.ts';

export const en = {
  confirmTitle: 'Unusually large amount',
  confirmText: 'You are about to save {{amount}}. This organisation’s documents are usually about {{typical}}, so please check the amount.',
  confirmTextNoHistory: 'You are about to save {{amount}}, more than a tenth of this organisation’s limit per document. Please check the amount.',
  confirmSave: 'Save anyway',
  cardTitle: 'Money limits',
  cardText: 'No single document (journal entry, transfer, cheque, receipt, customer transfer, opening balance or budget amount) may be above the maximum. Forms ask for a confirmation above ten times the usual amount.',
  maxDocumentAmount: 'Maximum per document',
  typicalAmount: 'Usual amount (median of the latest 200 entries)',
  noTypical: 'No documents yet',
  confirmAbove: 'Forms ask for a confirmation above',
  saved: 'The maximum amount per document was saved.',
};

export const so: Texts<typeof en> = {
  confirmTitle: 'Lacag aad u badan oo aan caadi ahayn',
  confirmText: 'Waxaad keydinaysaa {{amount}}. Dukumentiyada hay’addan badanaa waxay ku dhow yihiin {{typical}}, fadlan hubi lacagta.',
  confirmTextNoHistory: 'Waxaad keydinaysaa {{amount}}, oo ka badan meel tobnaad oo ka mid ah xadka hay’addan ee dukumenti kasta. Fadlan hubi lacagta.',
  confirmSave: 'Haddana keydi',
  cardTitle: 'Xadadka lacagta',
  cardText: 'Dukumenti keliya (diiwaan xisaabeed, wareejin, jeeg, rasiid, wareejin macmiil, haraaga furitaanka ama miisaaniyad) kama badnaan karo xadka ugu badan. Foomamku waxay weydiinayaan xaqiijin marka lacagtu ka badato toban jeer lacagta caadiga ah.',
  maxDocumentAmount: 'Xadka ugu badan ee dukumenti kasta',
  typicalAmount: 'Lacagta caadiga ah (dhexdhexaadka 200-ka diiwaan ee ugu dambeeyay)',
  noTypical: 'Weli dukumenti ma jiro',
  confirmAbove: 'Foomamku waxay weydiinayaan xaqiijin marka ay ka badato',
  saved: 'Xadka ugu badan ee lacagta dukumenti kasta waa la keydiyey.',
};
