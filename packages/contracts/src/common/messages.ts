// Every message the server sends to a user, in English and Somali. Keys travel in zod issues
// ("v.minLength|8") and error codes; both the server and the web translate them with translate().

export type Lang = 'en' | 'so';

export const messages = {
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
  'v.phone': { en: 'Enter a valid phone number, for example 0615123456 or +252615123456.', so: 'Geli lambar taleefan oo sax ah, tusaale 0615123456 ama +252615123456.' },
  'v.privilege': { en: 'Unknown privilege.', so: 'Ogolaansho aan la aqoon.' },
  'password.mismatch': { en: 'Password is not match!', so: 'Furaha sirta ahi isma laha!' },
  'password.min8': { en: 'Password must be 8 char or above!.', so: 'Furaha sirta ahi waa inuu ahaadaa 8 xaraf ama ka badan!.' },
  'password.rule': {
    en: 'Invalid password. Password must be at least 6 characters long, and contain a number.',
    so: 'Furaha sirta ahi sax maaha. Waa inuu ahaadaa ugu yaraan 6 xaraf oo uu ku jiraa tiro.',
  },
  'auth.invalid': { en: 'Invalid username, password or code.', so: 'Magaca isticmaalaha, furaha sirta ah ama koodhku waa khalad.' },
  'auth.tooMany': {
    en: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    so: 'Isku day badan oo gelitaan ah ayaa fashilmay. Isku day mar kale 15 daqiiqo kadib.',
  },
  'auth.unauthorized': { en: 'Your session has ended. Please sign in again.', so: 'Fadhigaagii wuu dhammaaday. Fadlan mar kale soo gal.' },
  'auth.mustChange': { en: 'You must change your password before continuing.', so: 'Waa inaad beddeshaa furahaaga sirta ah ka hor intaadan sii wadin.' },
  'auth.forbidden': { en: 'You do not have permission for this action.', so: 'Uma haysatid ogolaansho falkan.' },
  'auth.expired': {
    en: 'Subscription Expired: your organisation\'s licence time has ended.',
    so: 'Expired: waqtiga rukhsadda ururkaagu wuu dhammaaday.',
  },
  'auth.passwordChanged': { en: 'New account has been added', so: 'Akoonka cusub waa la daray' },
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
  'user.lastAdmin': { en: 'The organisation must keep at least one active administrator.', so: 'Ururku waa inuu haystaa ugu yaraan hal maamule oo firfircoon.' },
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
  'ledger.unbalanced': { en: 'Debits and credits must be equal; they differ by {n}.', so: "Wadarta debit-ka iyo wadarta credit-ka waa inay isle'eg yihiin; farqigoodu waa {n}." },
  'ledger.zero': { en: 'The entry moves no money: its lines cancel each other out.', so: 'Diiwaankani lacag ma dhaqaajinayo: sadarradiisu way is tirayaan.' },
  'ledger.locked': { en: 'The books are closed up to {n}; choose a later date.', so: 'Buugaagta xisaabta waa la xiray ilaa {n}; dooro taariikh ka dambaysa.' },
  'ledger.unknownAccount': { en: 'This account does not exist.', so: 'Xisaabtani ma jirto.' },
  'ledger.inactiveAccount': { en: 'This account is inactive; nothing can be posted to it.', so: 'Xisaabtani waa la joojiyay; wax laguma diiwaangelin karo.' },
  'ledger.negative': { en: 'Amounts cannot be negative.', so: 'Lacagtu ma noqon karto mid taban.' },
  'ledger.bothSides': { en: 'A line takes a debit or a credit, not both.', so: 'Sadarku wuxuu qaataa debit ama credit, labadaba maya.' },
  'ledger.zeroLine': { en: 'Enter a debit or a credit amount.', so: 'Geli lacag debit ah ama credit ah.' },
  'ledger.partyIncomplete': { en: 'Choose both the party type and the party.', so: 'Dooro labadaba: nooca (macmiil, iibiye ama shaqaale) iyo qofka.' },
  'ledger.alreadyReversed': { en: 'This entry has already been reversed.', so: 'Diiwaankan horay ayaa loo celiyay.' },
  'ledger.reversalOfReversal': { en: 'A reversing entry cannot itself be reversed; post a new entry instead.', so: 'Diiwaan celin ah lama celin karo; taa beddelkeeda geli diiwaan cusub.' },
  'ledger.reverseBeforeOriginal': { en: 'A reversal cannot be dated before the entry it reverses ({n}).', so: 'Celintu ma yeelan karto taariikh ka horraysa diiwaanka ay celinayso ({n}).' },
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
  'finance.parentCycle': { en: 'An account cannot be placed under itself or one of its sub-accounts.', so: 'Xisaab lama hoos dhigi karo nafteeda ama mid ka mid ah xisaabaheeda hoose.' },
  'finance.codeTaken': { en: 'Another account already uses this code.', so: 'Xisaab kale ayaa horay u isticmaashay koodhkan.' },
  'finance.currentEarnings': { en: 'Current year earnings', so: "Faa'iidada sannadka socda" },
  'idempotency.conflict': {
    en: 'This Idempotency-Key was already used for a different request; use a new key for a new entry.',
    so: 'Idempotency-Key-gan waxaa hore loogu isticmaalay codsi kale; diiwaan cusub u isticmaal fure cusub.',
  },
  'idempotency.invalidKey': { en: 'The Idempotency-Key header must be 1 to 200 visible characters.', so: 'Madaxa Idempotency-Key waa inuu ahaadaa 1 ilaa 200 xaraf oo muuqda.' },
} as const satisfies Record<string, { en: string; so: string }>;

export type MessageKey = keyof typeof messages;

/** Translate "key" or "key|param" into the user's language; unknown text is returned unchanged. */
export function translate(message: string, lang: Lang, params: Record<string, string | number> = {}): string {
  const [key, n] = message.split('|');
  const entry = (messages as Record<string, { en: string; so: string }>)[key];
  if (!entry) return message;
  const all: Record<string, string | number> = n !== undefined ? { n, ...params } : params;
  return entry[lang].replace(/\{(\w+)\}/g, (_, name: string) => String(all[name] ?? `{${name}}`));
}

export function pickLang(header: string | undefined | null): Lang {
  return header && /^so\b/i.test(header.trim()) ? 'so' : 'en';
}
