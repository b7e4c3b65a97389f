// Every message the server sends to a user, in English and Somali. Keys travel in zod issues
// ("v.minLength|8") and error codes; both the server and the web translate them with translate().

import { billRunMessages } from '../bills/messages.ts';
import { billingReportsMessages } from '../billing-reports/messages.ts';
import { financeExtraMessages } from '../finance/messages.ts';
import { itemsMessages } from '../items/messages.ts';
import { salesMessages } from '../sales/messages.ts';
import { vendorsMessages } from '../vendors/messages.ts';
import { receiptBooksMessages } from '../receipt-books/messages.ts';
import { hrMessages } from '../hr/messages.ts';
import { assetsMessages } from '../assets/messages.ts';
import { paymentsMessages } from '../payments/messages.ts';
import { purchasesMessages } from '../purchases/messages.ts';
import { requestsMessages } from '../requests/messages.ts';
import { smsMessages } from '../sms/messages.ts';
import { complaintsMessages } from '../complaints/messages.ts';
import { marketingMessages } from '../marketing/messages.ts';
import { emailMessages } from '../email/messages.ts';
import { helpCenterMessages } from '../help-center/messages.ts';
import { backupMessages } from '../backup/messages.ts';

export type Lang = 'en' | 'so';

export const coreMessages = {
  'v.required': { en: 'Field is required.', so: 'Goobtan waa qasab.' },
  'v.minLength': { en: 'The min number of characters is {n}', so: 'Ugu yaraan waa {n} xaraf' },
  'v.maxLength': { en: 'The max allowed number of characters is {n}', so: 'Ugu badnaan waa {n} xaraf' },
  'v.min': { en: 'The value must be at least {n}', so: 'Qiimuhu waa inuu ahaadaa ugu yaraan {n}' },
  'v.max': { en: 'The value cannot be more than {n}', so: 'Qiimuhu ma dhaafi karo {n}' },
  'v.email': { en: 'Valid email is required!.', so: 'Iimayl sax ah ayaa loo baahan yahay!.' },
  'v.pattern': { en: 'Required pattern is not matched.', so: 'Qaabka loo baahnaa lama waafajin.' },
  'v.invalid': { en: 'The value is not valid.', so: 'Qiimahan sax maaha.' },
  'v.number': { en: 'Enter a number.', so: 'Geli tiro.' },
  'v.money': { en: 'Enter an amount such as 1250.50.', so: 'Geli lacag sida 1250.50.' },
  'v.date': { en: 'Enter a date as YYYY-MM-DD.', so: 'Geli taariikh sida YYYY-MM-DD.' },
  'v.dateOutOfRange': { en: 'Enter a date between 1900-01-01 and 2999-12-31.', so: 'Geli taariikh u dhaxaysa 1900-01-01 iyo 2999-12-31.' },
  'v.nul': { en: 'The text contains an invalid character.', so: 'Qoraalku wuxuu leeyahay xaraf aan la aqbali karin.' },
  'v.upload': {
    en: 'The upload is incomplete or damaged. Choose the file and send it again.',
    so: 'Faylka la soo diray waa mid aan dhammaystirnayn ama khaldan. Dooro faylka oo mar kale dir.',
  },
  'v.phone': {
    en: 'Enter a valid phone number, for example 0615123456 or +252615123456.',
    so: 'Geli lambar taleefan oo sax ah, tusaale 0615123456 ama +252615123456.',
  },
  'v.privilege': { en: 'Unknown privilege.', so: 'Ogolaansho aan la aqoon.' },
  'password.mismatch': { en: 'Password is not match!', so: 'Furaha sirta ahi isma laha!' },
  'password.min8': { en: 'Password must be 8 char or above!.', so: 'Furaha sirta ahi waa inuu ahaadaa 8 xaraf ama ka badan!.' },
  'password.rule': {
    en: 'Invalid password. Password must be at least 6 characters long, and contain a number.',
    so: 'Furaha sirta ahi sax maaha. Waa inuu ahaadaa ugu yaraan 6 xaraf oo uu ku jiraa tiro.',
  },
  'auth.invalid': { en: 'Invalid username, password or code.', so: 'Magaca isticmaalaha, furaha sirta ah ama koodhku waa khalad.' },
  'auth.tooMany': {
    en: 'Too many failed attempts. Try again in {n} minute(s).',
    so: 'Isku day badan oo fashilmay ayaa dhacay. Isku day mar kale {n} daqiiqo kadib.',
  },
  'auth.unauthorized': { en: 'Your session has ended. Please sign in again.', so: 'Fadhigaagii wuu dhammaaday. Fadlan mar kale soo gal.' },
  'auth.mustChange': { en: 'You must change your password before continuing.', so: 'Waa inaad beddeshaa furahaaga sirta ah ka hor intaadan sii wadin.' },
  'auth.forbidden': { en: 'You do not have permission for this action.', so: 'Uma haysatid ogolaansho falkan.' },
  'auth.expired': {
    en: "Subscription Expired: your organisation's licence time has ended.",
    so: 'Expired: waqtiga rukhsadda ururkaagu wuu dhammaaday.',
  },
  'auth.passwordChanged': { en: 'Your password has been changed.', so: 'Furahaaga sirta ah waa la beddelay.' },
  'password.currentWrong': { en: 'The current password is not correct.', so: 'Furaha sirta ah ee hadda sax maaha.' },
  'common.notFound': { en: 'Record not found.', so: 'Diiwaanka lama helin.' },
  'common.duplicate': { en: 'This value already exists.', so: 'Qiimahan horay ayuu u jiray.' },
  'common.inUse': { en: 'This record is in use and cannot be deleted.', so: 'Diiwaankan waa la isticmaalayaa, lama tirtiri karo.' },
  'common.validation': { en: 'Please correct the highlighted fields.', so: 'Fadlan sax goobaha la calaamadeeyay.' },
  'common.internal': { en: 'Something went wrong on the server. Please try again.', so: 'Cillad ayaa ka dhacday server-ka. Fadlan isku day mar kale.' },
  'common.badRequest': { en: 'The request is not valid.', so: 'Codsigu sax maaha.' },
  'common.tooLarge': { en: 'The file is too large.', so: 'Faylku aad buu u weyn yahay.' },
  'common.fileType': { en: 'This file type is not allowed.', so: 'Nooca faylkan lama oggola.' },
  'common.saved': { en: 'Saved.', so: 'Waa la kaydiyay.' },
  'user.selfDisable': { en: 'You cannot disable or delete your own account.', so: 'Ma joojin karto mana tirtiri karto akoonkaaga.' },
  'user.lastAdmin': {
    en: 'The organisation must keep at least one active administrator.',
    so: 'Ururku waa inuu haystaa ugu yaraan hal maamule oo firfircoon.',
  },
  'role.inUse': { en: 'This role is assigned to users and cannot be deleted.', so: 'Doorkan waxaa loo qoondeeyay isticmaalayaal, lama tirtiri karo.' },
  'note.unknownQuestion': { en: 'This question does not belong to the note.', so: "Su'aashani kama mid aha su'aalaha ogeysiiskan." },
  'note.videoUrl': {
    en: 'The video must be an https link on youtube.com, youtube-nocookie.com, player.vimeo.com or vimeo.com.',
    so: 'Muuqaalku waa inuu noqdaa xiriiriye https ah oo ku yaal youtube.com, youtube-nocookie.com, player.vimeo.com ama vimeo.com.',
  },
  'common.deleted': { en: 'Deleted.', so: 'Waa la tirtiray.' },
  'v.currency': { en: 'Enter a 3-letter currency code such as USD.', so: 'Geli koodhka lacagta oo ah 3 xaraf, sida USD.' },
  'v.url': { en: 'Enter a valid web address, for example https://example.so.', so: 'Geli cinwaan websayd oo sax ah, tusaale https://example.so.' },
  'v.dateRange': { en: 'The end date cannot be before the start date.', so: 'Taariikhda dhammaadku kama horrayn karto taariikhda bilowga.' },
  'file.required': { en: 'Choose a file to upload.', so: 'Dooro fayl aad soo geliso.' },
  'file.imageOnly': { en: 'Only PNG, JPEG or WEBP images are allowed.', so: 'Sawirrada PNG, JPEG ama WEBP oo keliya ayaa la oggol yahay.' },
  'branch.lastActive': { en: 'The organisation must keep at least one active branch.', so: 'Ururku waa inuu haystaa ugu yaraan hal laan oo firfircoon.' },
  'user.usernameRule': {
    en: 'Use 3 to 50 letters, digits, dots, underscores or hyphens, without spaces.',
    so: "Isticmaal 3 ilaa 50 xaraf, tiro, dhibcood, hoos-xarriiqyo ama xarriiqyo, meel bannaan la'aan.",
  },
  'user.usernameTaken': { en: 'This username is already in use.', so: 'Magacan isticmaalaha horay ayaa loo isticmaalay.' },
  'user.adminOnly': {
    en: 'Only an administrator can create or change an administrator account.',
    so: 'Maamule keliya ayaa abuuri kara ama beddeli kara akoon maamule.',
  },
  'user.deleted': { en: 'This user has been deleted and cannot be changed.', so: 'Isticmaalahan waa la tirtiray, wax lagama beddeli karo.' },
  'user.passwordReset': {
    en: 'The password has been reset. Give the user the temporary password; they must change it at sign-in.',
    so: 'Furaha sirta ah dib ayaa loo dejiyay. Sii isticmaalaha furaha ku-meel-gaarka ah; waa inuu beddelaa marka uu soo galo.',
  },
  'role.nameTaken': { en: 'A role with this name already exists.', so: 'Door magacan leh horay ayuu u jiray.' },
  'v.notFound': { en: 'The selected record does not exist.', so: 'Diiwaanka la doortay ma jiro.' },
  'v.privilegeNotHeld': { en: 'You cannot grant a privilege you do not hold yourself.', so: 'Ma bixin kartid ogolaansho adigu aadan haysan.' },
  'ledger.empty': { en: 'Enter at least two lines: one debit and one credit.', so: 'Geli ugu yaraan laba sadar: mid debit ah iyo mid credit ah.' },
  'ledger.unbalanced': {
    en: 'Debits and credits must be equal; they differ by {n}.',
    so: "Wadarta debit-ka iyo wadarta credit-ka waa inay isle'eg yihiin; farqigoodu waa {n}.",
  },
  'ledger.zero': { en: 'The entry moves no money: its lines cancel each other out.', so: 'Diiwaankani lacag ma dhaqaajinayo: sadarradiisu way is tirayaan.' },
  'ledger.locked': { en: 'The books are closed up to {n}; choose a later date.', so: 'Buugaagta xisaabta waa la xiray ilaa {n}; dooro taariikh ka dambaysa.' },
  'ledger.unknownAccount': { en: 'This account does not exist.', so: 'Xisaabtani ma jirto.' },
  'ledger.inactiveAccount': { en: 'This account is inactive; nothing can be posted to it.', so: 'Xisaabtani waa la joojiyay; wax laguma diiwaangelin karo.' },
  'ledger.negative': { en: 'Amounts cannot be negative.', so: 'Lacagtu ma noqon karto mid taban.' },
  'ledger.amountLimit': {
    en: "The amount is above this organisation's limit of {n} per document.",
    so: "Lacagtu waxay ka badan tahay xadka hay'addan ee {n} dukumenti kasta.",
  },
  'ledger.amountLimitSaved': { en: 'The maximum amount per document was saved.', so: 'Xadka ugu badan ee lacagta dukumenti kasta waa la keydiyey.' },
  'ledger.bothSides': { en: 'A line takes a debit or a credit, not both.', so: 'Sadarku wuxuu qaataa debit ama credit, labadaba maya.' },
  'ledger.zeroLine': { en: 'Enter a debit or a credit amount.', so: 'Geli lacag debit ah ama credit ah.' },
  'ledger.partyIncomplete': { en: 'Choose both the party type and the party.', so: 'Dooro labadaba: nooca (macmiil, iibiye ama shaqaale) iyo qofka.' },
  'ledger.alreadyReversed': { en: 'This entry has already been reversed.', so: 'Diiwaankan horay ayaa loo celiyay.' },
  'ledger.reversalOfReversal': {
    en: 'A reversing entry cannot itself be reversed; post a new entry instead.',
    so: 'Diiwaan celin ah lama celin karo; taa beddelkeeda geli diiwaan cusub.',
  },
  'ledger.reverseBeforeOriginal': {
    en: 'A reversal cannot be dated before the entry it reverses ({n}).',
    so: 'Celintu ma yeelan karto taariikh ka horraysa diiwaanka ay celinayso ({n}).',
  },
  'ledger.reversalMemo': { en: 'Reversal of {n}', so: 'Celinta {n}' },
  'finance.subtypeMismatch': { en: 'This subtype does not fit the chosen account type.', so: 'Nooc-hoosaadkan kuma habboona nooca xisaabta la doortay.' },
  'finance.systemAccount': {
    en: 'This is a system account that other parts of the books rely on; it cannot be made inactive or deleted.',
    so: 'Tani waa xisaab nidaam oo qaybaha kale ee buugaagtu ku tiirsan yihiin; lama joojin karo lamana tirtiri karo.',
  },
  'finance.systemAccountFixed': {
    en: 'The code, type and subtype of a system account cannot be changed.',
    so: 'Koodhka, nooca iyo nooc-hoosaadka xisaabta nidaamka lama beddeli karo.',
  },
  'finance.typeHasChildren': { en: 'The type of an account with sub-accounts cannot be changed.', so: 'Nooca xisaab leh xisaabo hoose lama beddeli karo.' },
  'finance.accountHasBalance': {
    en: 'The account still has a balance of {n}; move it to another account before making it inactive.',
    so: 'Xisaabtu weli waxay haysaa haraag dhan {n}; u wareeji xisaab kale ka hor intaadan joojin.',
  },
  'finance.accountInUse': {
    en: 'This account has postings or sub-accounts and cannot be deleted; make it inactive instead.',
    so: 'Xisaabtan waxaa ku jira dhaqdhaqaaq ama xisaabo hoose, lama tirtiri karo; taa beddelkeeda jooji.',
  },
  'finance.typeInUse': { en: 'The type of an account with postings cannot be changed.', so: 'Nooca xisaab leh dhaqdhaqaaq lama beddeli karo.' },
  'finance.parentType': { en: 'The parent account must be of the same type.', so: 'Xisaabta sare waa inay nooca la mid noqotaa.' },
  'finance.parentCycle': {
    en: 'An account cannot be placed under itself or one of its sub-accounts.',
    so: 'Xisaab lama hoos dhigi karo nafteeda ama mid ka mid ah xisaabaheeda hoose.',
  },
  'finance.codeTaken': { en: 'Another account already uses this code.', so: 'Xisaab kale ayaa horay u isticmaashay koodhkan.' },
  'finance.currentEarnings': { en: 'Current year earnings', so: "Faa'iidada sannadka socda" },
  'idempotency.conflict': {
    en: 'This Idempotency-Key was already used for a different request; use a new key for a new entry.',
    so: 'Idempotency-Key-gan waxaa hore loogu isticmaalay codsi kale; diiwaan cusub u isticmaal fure cusub.',
  },
  'idempotency.invalidKey': {
    en: 'The Idempotency-Key header must be 1 to 200 visible characters.',
    so: 'Madaxa Idempotency-Key waa inuu ahaadaa 1 ilaa 200 xaraf oo muuqda.',
  },
  // Billing master data: zones, tariffs, customers, houses and meters, readings, CSV import.
  'v.units': { en: 'Enter a quantity such as 125 or 12.5 (at most 3 decimals).', so: 'Geli tiro sida 125 ama 12.5 (ugu badnaan 3 jajab tobanle).' },
  'v.rate': { en: 'Enter a price per unit such as 0.45 (at most 6 decimals).', so: 'Geli qiimaha halkii unug sida 0.45 (ugu badnaan 6 jajab tobanle).' },
  'v.percent': { en: 'Enter a percentage from 0 to 100.', so: 'Geli boqolley u dhaxaysa 0 ilaa 100.' },
  'v.period': { en: 'Enter the period as YYYY-MM, for example 2026-03.', so: 'Geli muddada sida YYYY-MM, tusaale 2026-03.' },
  'v.meterNumber': { en: 'Use letters, digits and - / . _ only.', so: 'Isticmaal xarfo, tirooyin iyo - / . _ oo keliya.' },
  'tariff.noBlocks': { en: 'Add at least one consumption block.', so: 'Ku dar ugu yaraan hal heer oo isticmaal ah.' },
  'tariff.firstBlockFromZero': { en: 'The first block must start at 0.', so: 'Heerka koowaad waa inuu ka bilaabmaa 0.' },
  'tariff.onlyLastOpen': {
    en: 'Only the last block may be left without an upper limit.',
    so: 'Heerka ugu dambeeya oo keliya ayaa noqon kara mid aan xad sare lahayn.',
  },
  'tariff.blocksContiguous': {
    en: 'Each block must start where the previous one ends.',
    so: 'Heer kastaa waa inuu ka bilaabmaa meesha uu ku dhammaado heerka ka horreeya.',
  },
  'tariff.blockToAfterFrom': { en: 'The upper limit must be above the start of the block.', so: 'Xadka sare waa inuu ka weyn yahay bilowga heerka.' },
  'tariff.overlap': {
    en: 'Another version of this tariff (same customer class and zone) is in force on some of these dates.',
    so: 'Nooc kale oo qiimahan ah (isla nooca macmiilka iyo aagga) ayaa dhaqan gal ah qaar ka mid ah taariikhahan.',
  },
  'tariff.notFound': {
    en: 'No tariff applies to this customer class and zone on this date.',
    so: 'Ma jiro qiime khuseeya nooca macmiilkan iyo aaggan taariikhdan.',
  },
  'house.numberOrAddress': { en: 'Enter the house number or the address.', so: 'Geli lambarka guriga ama cinwaanka.' },
  'house.meterTaken': { en: 'A meter of the organisation already has this number.', so: 'Mitir kale oo ururka ka mid ah ayaa horay u lahaa lambarkan.' },
  'house.meterHasReadings': {
    en: 'This meter already has readings; use "replace meter" instead of changing it.',
    so: 'Mitirkan akhrisyo ayaa horay loogu qoray; isticmaal "beddel mitirka" halkii aad wax ka beddeli lahayd.',
  },
  'house.replaceDate': {
    en: 'The replacement date cannot be before the last reading or the installation of the meter ({n}).',
    so: 'Taariikhda beddelidda kama horrayn karto akhriskii ugu dambeeyay ama rakibidda mitirka ({n}).',
  },
  'customer.openingPosted': {
    en: 'The opening balance is already in the books and cannot be changed here.',
    so: 'Haraaga furitaanka horay ayaa loogu diiwaangeliyay buugaagta, halkan lagama beddeli karo.',
  },
  'reading.duplicatePeriod': { en: 'This house already has a reading for this period.', so: 'Gurigan horay ayaa loogu qoray akhris muddadan.' },
  'reading.periodBeforeLast': {
    en: 'The house already has a reading for a later period ({n}).',
    so: 'Gurigan waxaa horay loogu qoray akhris muddo ka dambaysa ({n}).',
  },
  'reading.dateBeforePrevious': {
    en: 'The reading date cannot be before the previous reading ({n}).',
    so: 'Taariikhda akhrisku kama horrayn karto akhriskii hore ({n}).',
  },
  'reading.futureDate': { en: 'The reading date cannot be in the future.', so: 'Taariikhda akhrisku ma noqon karto mid mustaqbalka ah.' },
  'reading.tooManyDigits': { en: 'This meter shows at most {n} digits.', so: 'Mitirkani wuxuu tusaa ugu badnaan {n} god oo tiro ah.' },
  'reading.belowPrevious': {
    en: 'The reading is below the previous reading ({n}). Check it: a meter that rolled over past zero is accepted, this one did not.',
    so: 'Akhrisku wuu ka yar yahay akhriskii hore ({n}). Hubi: mitir dib uga bilaabmay eber waa la aqbalaa, kanse sidaas ma aha.',
  },
  'reading.estimateComputed': {
    en: 'An estimated reading is computed from the average consumption; leave the reading empty.',
    so: 'Akhriska la qiyaasay waxaa laga xisaabiyaa celceliska isticmaalka; akhriska bannaan u daa.',
  },
  'reading.noAverage': {
    en: 'There is no reading history for this house or its zone to estimate from; enter the actual reading.',
    so: 'Ma jiro akhrisyo hore oo gurigan ama aaggiisa ah oo laga qiyaasi karo; geli akhriska dhabta ah.',
  },
  'reading.zeroNeedsConfirm': {
    en: 'Consumption is zero. Check the meter, then confirm the reading.',
    so: 'Isticmaalku waa eber. Hubi mitirka, kadibna xaqiiji akhriska.',
  },
  'reading.spikeNeedsConfirm': {
    en: "Consumption is more than three times this house's average of {n}. Check the reading, then confirm it.",
    so: 'Isticmaalku wuxuu ka badan yahay saddex jeer celceliska gurigan oo ah {n}. Hubi akhriska, kadibna xaqiiji.',
  },
  'reading.negativeNeedsConfirm': {
    en: 'This correction is below the previous reading, so the consumption is negative (a credit). Confirm the correction.',
    so: 'Sixitaankani wuu ka yar yahay akhriskii hore, sidaas darteed isticmaalku waa taban (lacag loo celinayo). Xaqiiji sixitaanka.',
  },
  'bill.runCancelled': { en: 'This bill run is already cancelled.', so: 'Biil-samayntan horay ayaa loo joojiyay.' },
  'bill.runPaid': {
    en: 'A payment is already allocated to a bill of this run; it cannot be cancelled.',
    so: 'Lacag ayaa horay loogu xiray biil ka mid ah biil-samayntan; lama joojin karo.',
  },
  'reading.billed': { en: 'This reading is already billed and cannot be changed.', so: 'Akhriskan horay ayaa biil loogu sameeyay, wax lagama beddeli karo.' },
  'reading.notLatest': {
    en: 'Only the latest reading of a meter can be changed or deleted.',
    so: 'Akhriska ugu dambeeya ee mitirka oo keliya ayaa wax laga beddeli karaa ama la tirtiri karaa.',
  },
  'reading.finalReadonly': {
    en: 'A final reading belongs to a meter replacement and cannot be changed here.',
    so: 'Akhriska ugu dambeeya ee mitir la beddelay wuxuu ka tirsan yahay beddelidda mitirka, halkan wax lagama beddeli karo.',
  },
  'reading.unknownMeter': { en: 'No meter has this number.', so: 'Ma jiro mitir leh lambarkan.' },
  'reading.meterReplaced': {
    en: 'This meter has been replaced; enter the reading of the new meter.',
    so: 'Mitirkan waa la beddelay; geli akhriska mitirka cusub.',
  },
  'csv.empty': { en: 'The file has no rows to import.', so: 'Faylku ma laha saf la soo gelin karo.' },
  'csv.missingColumn': { en: 'The file has no column {n}.', so: 'Faylku ma laha tiirka {n}.' },
  'csv.tooManyRows': {
    en: 'The file has more than {n} rows; split it into smaller files.',
    so: 'Faylku wuxuu leeyahay in ka badan {n} saf; u kala qaybi faylal yaryar.',
  },
  'csv.malformed': { en: 'The file is not valid CSV (check the quotation marks).', so: 'Faylku maaha CSV sax ah (hubi calaamadaha xigashada).' },
  // Financial reports (issue 3): summaries, cash flow, revenue, budgets, reconciliation, personal accounts, exports.
  'financeReports.rangeTooLong': { en: 'The period can span at most {n} months.', so: 'Muddadu waxay ku fidi kartaa ugu badnaan {n} bilood.' },
  'financeReports.budgetAccountType': {
    en: 'Budgets are set for income and expense accounts only.',
    so: 'Miisaaniyad waxaa loo dejiyaa xisaabaadka dakhliga iyo kharashka oo keliya.',
  },
  'financeReports.budgetDuplicate': { en: 'This account and month appear more than once.', so: 'Xisaabtan iyo bishan hal mar in ka badan ayay soo galeen.' },
  'financeReports.reconciliationAccount': { en: 'Choose a bank or mobile money account.', so: 'Dooro xisaab bangi ama lacag mobil ah.' },
  'financeReports.reconciliationCompleted': {
    en: 'This reconciliation is completed and can no longer be changed.',
    so: 'Isu-waafajintan waa la dhammaystiray, wax lagama beddeli karo.',
  },
  'financeReports.reconciliationEarlierOpen': { en: 'Complete the reconciliation of {n} first.', so: 'Marka hore dhammaystir isu-waafajinta {n}.' },
  'financeReports.reconciliationLaterExists': {
    en: 'A later month ({n}) is already being reconciled for this account; earlier months can no longer be changed.',
    so: 'Bil ka dambaysa ({n}) ayaa horay loogu bilaabay isu-waafajinta xisaabtan; bilaha ka horreeya wax lagama beddeli karo.',
  },
  'financeReports.reconciliationNotSaved': {
    en: 'Save the statement balance and the cleared lines first.',
    so: 'Marka hore kaydi haraaga bayaanka iyo sadarrada la xaqiijiyay.',
  },
  'financeReports.reconciliationDifference': {
    en: 'The cleared balance differs from the statement balance by {n}; the difference must be zero to complete.',
    so: 'Haraaga la xaqiijiyay wuxuu kaga duwan yahay haraaga bayaanka {n}; farqigu waa inuu eber noqdaa si loo dhammaystiro.',
  },
  'financeReports.lineNotListed': { en: 'This ledger line is not part of this reconciliation.', so: 'Sadarkan diiwaanka kama mid aha isu-waafajintan.' },
  'financeReports.exportTooLarge': {
    en: 'The report has more than {n} lines; choose a shorter period to export it.',
    so: 'Warbixintu waxay leedahay in ka badan {n} sadar; dooro muddo ka gaaban si aad u soo dejiso.',
  },
  'report.accountSummary': { en: 'Account summary', so: 'Soo koobidda xisaabaadka' },
  'report.accountTypes': { en: 'Account type summary', so: 'Soo koobidda noocyada xisaabaadka' },
  'report.cashFlow': { en: 'Cash flow statement', so: 'Bayaanka socodka lacagta' },
  'report.revenue': { en: 'Revenue report', so: 'Warbixinta dakhliga' },
  'report.budgetVsActual': { en: 'Budget vs actual', so: 'Miisaaniyadda iyo waxa dhabta ah' },
  'report.reconciliation': { en: 'Monthly reconciliation', so: 'Isu-waafajinta bishii' },
  'report.personalAccount': { en: 'Personal account', so: 'Xisaabta shakhsiga' },
  'report.trialBalance': { en: 'Trial balance', so: 'Isu-dheellitirka tijaabada' },
  'report.incomeStatement': { en: 'Income statement', so: 'Bayaanka dakhliga' },
  'report.balanceSheet': { en: 'Balance sheet', so: 'Xaashida hantida iyo deynta' },
  'report.accountTransaction': { en: 'Account statement', so: 'Bayaanka xisaabta' },
  'report.period': { en: 'Period: {n}', so: 'Muddada: {n}' },
  'report.asAt': { en: 'As at {n}', so: 'Ilaa {n}' },
  'report.allDates': { en: 'All dates', so: 'Dhammaan taariikhaha' },
  'col.code': { en: 'Code', so: 'Koodh' },
  'col.account': { en: 'Account', so: 'Xisaab' },
  'col.type': { en: 'Type', so: 'Nooc' },
  'col.subtype': { en: 'Subtype', so: 'Nooc-hoosaad' },
  'col.opening': { en: 'Opening balance', so: 'Haraaga furitaanka' },
  'col.debit': { en: 'Debit', so: 'Debit' },
  'col.credit': { en: 'Credit', so: 'Credit' },
  'col.closing': { en: 'Closing balance', so: 'Haraaga xiritaanka' },
  'col.openingDebit': { en: 'Opening debit', so: 'Debit-ka furitaanka' },
  'col.openingCredit': { en: 'Opening credit', so: 'Credit-ka furitaanka' },
  'col.movementDebit': { en: 'Period debit', so: 'Debit-ka muddada' },
  'col.movementCredit': { en: 'Period credit', so: 'Credit-ka muddada' },
  'col.closingDebit': { en: 'Closing debit', so: 'Debit-ka xiritaanka' },
  'col.closingCredit': { en: 'Closing credit', so: 'Credit-ka xiritaanka' },
  'col.amount': { en: 'Amount', so: 'Lacagta' },
  'col.date': { en: 'Date', so: 'Taariikh' },
  'col.number': { en: 'Number', so: 'Lambar' },
  'col.reference': { en: 'Reference', so: 'Tixraac' },
  'col.memo': { en: 'Description', so: 'Faahfaahin' },
  'col.balance': { en: 'Balance', so: 'Haraaga' },
  'col.inflow': { en: 'Inflow', so: 'Lacagta soo gashay' },
  'col.outflow': { en: 'Outflow', so: 'Lacagta baxday' },
  'col.net': { en: 'Net', so: 'Saafi' },
  'col.budget': { en: 'Budget', so: 'Miisaaniyad' },
  'col.actual': { en: 'Actual', so: 'Dhab ah' },
  'col.variance': { en: 'Variance', so: 'Farqi' },
  'col.variancePercent': { en: 'Variance %', so: 'Farqi %' },
  'col.accounts': { en: 'Accounts', so: 'Xisaabaad' },
  'col.month': { en: 'Month', so: 'Bil' },
  'col.cleared': { en: 'Cleared', so: 'La xaqiijiyay' },
  'col.yes': { en: 'Yes', so: 'Haa' },
  'col.no': { en: 'No', so: 'Maya' },
  'row.total': { en: 'Total', so: 'Wadarta' },
  'row.openingBalance': { en: 'Opening balance', so: 'Haraaga furitaanka' },
  'row.closingBalance': { en: 'Closing balance', so: 'Haraaga xiritaanka' },
  'row.income': { en: 'Income', so: 'Dakhliga' },
  'row.expenses': { en: 'Expenses', so: 'Kharashaadka' },
  'row.totalIncome': { en: 'Total income', so: 'Wadarta dakhliga' },
  'row.totalExpenses': { en: 'Total expenses', so: 'Wadarta kharashaadka' },
  'row.netIncome': { en: 'Net income', so: "Faa'iidada saafiga ah" },
  'row.assets': { en: 'Assets', so: 'Hantida' },
  'row.liabilities': { en: 'Liabilities', so: 'Deymaha' },
  'row.equity': { en: 'Equity', so: 'Raasumaalka' },
  'row.totalAssets': { en: 'Total assets', so: 'Wadarta hantida' },
  'row.totalLiabilities': { en: 'Total liabilities', so: 'Wadarta deymaha' },
  'row.totalEquity': { en: 'Total equity', so: 'Wadarta raasumaalka' },
  'row.totalLiabilitiesEquity': { en: 'Total liabilities and equity', so: 'Wadarta deymaha iyo raasumaalka' },
  'cashFlow.openingCash': { en: 'Cash at the start of the period', so: 'Lacagta gacanta ku jirta bilowga muddada' },
  'cashFlow.closingCash': { en: 'Cash at the end of the period', so: 'Lacagta gacanta ku jirta dhammaadka muddada' },
  'cashFlow.netChange': { en: 'Net change in cash', so: 'Isbeddelka saafiga ah ee lacagta' },
  'cashFlow.operating': { en: 'Operating activities', so: 'Hawlaha shaqada' },
  'cashFlow.investing': { en: 'Investing activities', so: 'Hawlaha maalgashiga' },
  'cashFlow.financing': { en: 'Financing activities', so: 'Hawlaha maalgelinta' },
  'cashFlow.activityNet': { en: 'Net cash from {n}', so: 'Lacagta saafiga ah ee {n}' },
  'party.customer': { en: 'Customer', so: 'Macmiil' },
  'party.vendor': { en: 'Vendor', so: 'Iibiye' },
  'party.employee': { en: 'Employee', so: 'Shaqaale' },
  'reconciliation.statementBalance': { en: 'Statement balance', so: 'Haraaga bayaanka' },
  'reconciliation.ledgerBalance': { en: 'Ledger balance', so: 'Haraaga buugga' },
  'reconciliation.openingCleared': { en: 'Cleared balance brought forward', so: 'Haraaga la xaqiijiyay ee hore u soo gudbay' },
  'reconciliation.clearedBalance': { en: 'Cleared balance', so: 'Haraaga la xaqiijiyay' },
  'reconciliation.difference': { en: 'Difference', so: 'Farqiga' },
  'reconciliation.draft': { en: 'Draft', so: 'Qabyo' },
  'reconciliation.completed': { en: 'Completed', so: 'La dhammaystiray' },
  'accountType.asset': { en: 'Assets', so: 'Hanti' },
  'accountType.liability': { en: 'Liabilities', so: 'Deymo' },
  'accountType.equity': { en: 'Equity', so: 'Raasumaal' },
  'accountType.income': { en: 'Income', so: 'Dakhli' },
  'accountType.expense': { en: 'Expenses', so: 'Kharash' },
  'accountSubtype.cash': { en: 'Cash', so: 'Lacag caddaan ah' },
  'accountSubtype.bank': { en: 'Bank', so: 'Bangi' },
  'accountSubtype.mobile_money': { en: 'Mobile money', so: 'Lacagta mobilka' },
  'accountSubtype.receivable': { en: 'Receivables', so: 'Deymaha la leeyahay' },
  'accountSubtype.inventory': { en: 'Inventory', so: 'Alaabta bakhaarka' },
  'accountSubtype.prepayment': { en: 'Prepayments', so: 'Lacagaha hore loo bixiyay' },
  'accountSubtype.fixed_asset': { en: 'Fixed assets', so: "Hantida go'an" },
  'accountSubtype.accumulated_depreciation': { en: 'Accumulated depreciation', so: 'Qiimo-dhaca urursan' },
  'accountSubtype.payable': { en: 'Payables', so: 'Deymaha lagu leeyahay' },
  'accountSubtype.tax': { en: 'Tax', so: 'Canshuur' },
  'accountSubtype.customer_deposit': { en: 'Customer deposits', so: 'Dhigaalka macaamiisha' },
  'accountSubtype.payroll_payable': { en: 'Payroll payable', so: 'Mushaharka la bixin doono' },
  'accountSubtype.loan': { en: 'Loans', so: 'Amaah' },
  'accountSubtype.capital': { en: 'Capital', so: 'Raasumaal' },
  'accountSubtype.retained_earnings': { en: 'Retained earnings', so: "Faa'iidada la hayo" },
  'accountSubtype.opening_balance': { en: 'Opening balance equity', so: 'Dheelitirka furitaanka' },
  'accountSubtype.drawings': { en: 'Drawings', so: 'Lacagta milkiiluhu qaatay' },
  'accountSubtype.revenue': { en: 'Sales revenue', so: 'Dakhliga iibka' },
  'accountSubtype.other_income': { en: 'Other income', so: 'Dakhli kale' },
  'accountSubtype.sales_discount': { en: 'Sales discounts and returns', so: 'Qiimo-dhimista iyo celinta iibka' },
  'accountSubtype.cost_of_sales': { en: 'Cost of sales', so: 'Kharashka iibka' },
  'accountSubtype.payroll_expense': { en: 'Payroll expenses', so: 'Kharashka mushaharka' },
  'accountSubtype.depreciation': { en: 'Depreciation', so: 'Qiimo-dhac' },
  'accountSubtype.operating_expense': { en: 'Operating expenses', so: 'Kharashaadka hawlgalka' },
  'accountSubtype.other': { en: 'Other', so: 'Kale' },
  // Treasury: money transfers, cheques, year-end closing, journal entry attachments.
  'v.positive': { en: 'Enter an amount greater than zero.', so: 'Geli lacag ka badan eber.' },
  'treasury.sameAccount': { en: 'Choose two different accounts.', so: 'Dooro laba xisaabood oo kala duwan.' },
  'treasury.notCashAccount': {
    en: 'Choose a cash, bank or mobile money account.',
    so: 'Dooro xisaab lacag caddaan ah, bangi ama lacagta mobilka.',
  },
  'treasury.currencyMismatch': {
    en: 'Both accounts must be in the same currency ({n}).',
    so: 'Labada xisaabood waa inay isku lacag yihiin ({n}).',
  },
  'treasury.transferMemo': { en: 'Transfer from {from} to {to}', so: 'Wareejin laga bilaabo {from} loona diray {to}' },
  'treasury.alreadyCancelled': { en: 'This transfer has already been cancelled.', so: 'Wareejintan horay ayaa loo baajiyay.' },
  'treasury.cancelMemo': { en: 'Cancellation of transfer {n}', so: 'Baajinta wareejinta {n}' },
  'treasury.notBankAccount': { en: 'Choose a bank account.', so: 'Dooro xisaab bangi.' },
  'treasury.chequeNoTaken': {
    en: 'Cheque number {n} has already been written on this bank account.',
    so: 'Jeegga lambarkiisu yahay {n} horay ayaa looga qoray xisaabta bangigan.',
  },
  'treasury.linesTotal': {
    en: 'The lines add up to {n}; they must equal the cheque amount.',
    so: 'Sadarradu waxay isku dhan yihiin {n}; waa inay la mid noqdaan lacagta jeegga.',
  },
  'treasury.lineIsBank': {
    en: 'The bank account the cheque is drawn on cannot also be one of its lines.',
    so: 'Xisaabta bangiga ee jeegga laga qoray lama gelin karo sadarrada jeegga.',
  },
  'treasury.payeeIdOther': {
    en: 'Leave the payee record empty when the payee is "other".',
    so: 'Ka tag diiwaanka qaataha oo bannaan marka qaatuhu yahay "kale".',
  },
  'treasury.alreadyVoid': { en: 'This cheque has already been voided.', so: 'Jeeggan horay ayaa loo buriyay.' },
  'treasury.chequeMemo': { en: 'Cheque {n} to {payee}', so: 'Jeeg {n} oo loo qoray {payee}' },
  'treasury.voidMemo': { en: 'Void of cheque {n}', so: 'Burinta jeegga {n}' },
  'treasury.closingFuture': { en: 'The period end cannot be after today ({n}).', so: 'Dhammaadka muddadu kama dambayn karo maanta ({n}).' },
  'treasury.notEquity': {
    en: 'Choose an active equity account for retained earnings.',
    so: "Dooro xisaab raasumaal (equity) oo firfircoon oo loogu talagalay faa'iidada la hayo.",
  },
  'treasury.closingInactiveAccount': {
    en: 'The inactive account {n} has a balance to close; make it active again before closing.',
    so: 'Xisaabta la joojiyay ee {n} waxay haysaa haraag la xiri karo; dib u firfircoonee ka hor xiridda.',
  },
  'treasury.closingMemo': { en: 'Year-end closing up to {n}', so: 'Xiridda dhammaadka sannadka ilaa {n}' },
  'treasury.notClosed': { en: 'No period is closed; there is nothing to reopen.', so: 'Muddo la xiray ma jirto; wax dib loo furo ma jiraan.' },
  'treasury.reopenNotEarlier': {
    en: 'The new lock date must be before the current one ({n}).',
    so: 'Taariikhda cusub ee xiritaanku waa inay ka horraysaa tan hadda jirta ({n}).',
  },
  'treasury.adminOnly': {
    en: 'Only an administrator can reopen closed periods.',
    so: 'Maamule keliya ayaa dib u furi kara muddooyinka la xiray.',
  },
  'treasury.tooManyFiles': { en: 'An entry can have at most {n} attached files.', so: 'Diiwaan wuxuu yeelan karaa ugu badnaan {n} fayl oo ku lifaaqan.' },
  'file.transactionTypes': {
    en: 'Only PDF, PNG, JPEG, WEBP, CSV or XLSX files are allowed.',
    so: 'Faylasha PDF, PNG, JPEG, WEBP, CSV ama XLSX oo keliya ayaa la oggol yahay.',
  },
} as const satisfies Record<string, { en: string; so: string }>;

// Modules built later keep their messages in their own file (one owner per file); the catalogue is the union.
export const messages = {
  ...coreMessages,
  ...paymentsMessages,
  ...smsMessages,
  ...emailMessages,
  ...billingReportsMessages,
  ...billRunMessages,
  ...financeExtraMessages,
  ...itemsMessages,
  ...purchasesMessages,
  ...requestsMessages,
  ...salesMessages,
  ...vendorsMessages,
  ...receiptBooksMessages,
  ...hrMessages,
  ...assetsMessages,
  ...complaintsMessages,
  ...marketingMessages,
  ...helpCenterMessages,
  ...backupMessages,
} as const;

export type MessageKey = keyof typeof messages;

/** Translate "key" or "key|param" into the user's language; unknown text is returned unchanged. */
export function translate(message: string, lang: Lang, params: Record<string, string | number> = {}): string {
  // 'key|n|m': up to two values a service put in the message (a count, a name and a quantity).
  const [key, n, m] = message.split('|');
  const entry = (messages as Record<string, { en: string; so: string }>)[key];
  if (!entry) return message;
  const all: Record<string, string | number> = { ...(n !== undefined ? { n } : {}), ...(m !== undefined ? { m } : {}), ...params };
  return fillPlaceholders(entry[lang], all);
}

/** "{name}" placeholders filled from params; unknown ones stay visible. */
export function fillPlaceholders(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

export function pickLang(header: string | undefined | null): Lang {
  return header && /^so\b/i.test(header.trim()) ? 'so' : 'en';
}
