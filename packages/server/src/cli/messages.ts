// Texts of the operator command line in English and Somali. Validation messages and any text the
// shared catalogue (contracts/common/messages.ts) already has ("col.code") come from there through
// translate(); this file holds only what the command line itself says.
import { fillPlaceholders, type Lang, translate } from '@ubo/contracts';

export const cliMessages = {
  'help.title': {
    en: 'Operator commands, run from the repository root: npm run admin -- <command> [--options]',
    so: 'Amarrada maamulaha nidaamka, laga socodsiiyo galka ugu sarreeya: npm run admin -- <amar> [--doorashooyin]',
  },
  'help.create-organisation': {
    en: 'Create an organisation and its first administrator; without --admin-password a temporary password is printed and must be changed at the first sign-in.',
    so: 'Samee urur iyo maamulihiisa koowaad; haddii aan --admin-password la bixin, furo sir ah oo ku meel gaar ah ayaa la daabacayaa, waana in la beddelaa marka ugu horreysa ee la soo galo.',
  },
  'help.list-organisations': {
    en: 'List the organisations: code, name, active users and subscription expiry.',
    so: 'Liiska ururada: koodhka, magaca, isticmaalayaasha firfircoon iyo dhammaadka rukhsadda.',
  },
  'help.extend-subscription': {
    en: "Set the date the organisation's subscription ends (today or later).",
    so: 'Dhig taariikhda ay rukhsadda ururku dhammaanayso (maanta ama ka dib).',
  },
  'help.record-subscription-payment': {
    en: 'Record a subscription payment and move the expiry forward to its expire date.',
    so: 'Diiwaangeli lacag-bixinta rukhsadda oo taariikhda dhammaadka u dhaqaaji taariikhda dhammaadka lacag-bixinta.',
  },
  'help.reset-password': {
    en: 'Give a user a temporary password (to be changed at the next sign-in) and end their sessions.',
    so: 'Sii isticmaale furo sir ah oo ku meel gaar ah (waa in la beddelaa marka xigta ee la soo galo) oo jooji fadhiyadiisa.',
  },
  'help.add-note': {
    en: 'Publish a popup note for one organisation (--code) or, without --code, for all; --question may be repeated.',
    so: 'Daabac ogeysiis soo booda oo loogu talagalay hal urur (--code) ama, haddii --code la dhaafo, dhammaan ururada; --question waa lagu celin karaa.',
  },
  'help.list-notes': { en: 'List the published notes with their views.', so: 'Liiska ogeysiisyada la daabacay iyo inta jeer ee la arkay.' },
  'help.deactivate-note': { en: 'Withdraw a note so that nobody sees it any more.', so: 'Ka noqo ogeysiis si aanu qofna u arkin mar dambe.' },
  'help.verify-ledger': {
    en: 'Check the books: recompute the daily balances from the journal lines, re-check that every entry balances and that numbers have no gaps (all organisations, or one with --code). Exit code 0 when sound, 1 when differences are found.',
    so: 'Hubi buugaagta xisaabta: dib uga xisaabi haraagyada maalinlaha ah sadarrada diiwaanka, hubi in diiwaan kastaa isku dheellitiran yahay iyo in lambaradu aysan lahayn meelo bannaan (dhammaan ururada, ama mid keliya oo leh --code). Koodhka bixitaanku waa 0 marka ay sax yihiin, 1 marka farqi la helo.',
  },
  'help.seed-chart': {
    en: 'Give an organisation created before the ledger the default chart of accounts and its ledger settings; accounts it already has are kept.',
    so: 'Sii urur la sameeyay ka hor buugaagta xisaabta jaantuska xisaabaadka caadiga ah iyo dejinta buugaagta; xisaabaadka uu horay u lahaa waa la hayaa.',
  },
  'help.help': { en: 'Show this help.', so: 'Tus caawimaaddan.' },
  'help.lang': {
    en: 'Add --lang so for Somali or --lang en for English.',
    so: 'Ku dar --lang so si loogu qoro af-Soomaali ama --lang en si loogu qoro Ingiriisi.',
  },
  'help.embedded': {
    en: 'The database is PostgreSQL at DATABASE_URL, or the embedded database in DATA_DIR; stop the server before using the embedded one.',
    so: 'Kaydka xogtu waa PostgreSQL-ka DATABASE_URL, ama kaydka gudaha ee DATA_DIR; jooji server-ka ka hor intaadan isticmaalin kaydka gudaha.',
  },

  'cli.noCommand': {
    en: 'Name a command. Run "npm run admin -- help" to see the commands.',
    so: 'Magacaw amar. Socodsii "npm run admin -- help" si aad u aragto amarrada.',
  },
  'cli.unknownCommand': {
    en: 'Unknown command "{name}". Run "npm run admin -- help" to see the commands.',
    so: 'Amar aan la aqoon "{name}". Socodsii "npm run admin -- help" si aad u aragto amarrada.',
  },
  'cli.unknownOption': { en: 'Unknown option --{name} for {command}.', so: 'Doorashada --{name} lagama aqoon amarka {command}.' },
  'cli.missingValue': { en: 'Option --{name} needs a value.', so: 'Doorashada --{name} waxay u baahan tahay qiime.' },
  'cli.repeatedOption': { en: 'Option --{name} may be given only once.', so: 'Doorashada --{name} hal mar oo keliya ayaa la bixin karaa.' },
  'cli.unexpectedArgument': {
    en: 'Unexpected argument "{value}"; write options as --name value.',
    so: 'Qiime aan la filayn "{value}"; doorashooyinka u qor sidan: --magac qiime.',
  },
  'cli.dateInPast': { en: 'The date must be today ({today}) or later.', so: 'Taariikhdu waa inay noqotaa maanta ({today}) ama ka dib.' },
  'cli.expireBeforeBill': { en: 'The expire date must be after the bill date.', so: 'Taariikhda dhammaadku waa inay ka dambaysaa taariikhda biilka.' },
  'cli.orgExists': { en: 'An organisation with code {code} already exists.', so: 'Urur leh koodhka {code} horay ayuu u jiray.' },
  'cli.orgNotFound': { en: 'No organisation has code {code}.', so: 'Ma jiro urur leh koodhka {code}.' },
  'cli.userNotFound': { en: 'Organisation {code} has no user named {username}.', so: 'Ururka {code} ma laha isticmaale la yiraahdo {username}.' },
  'cli.noteNotFound': { en: 'No note has id {id}.', so: 'Ma jiro ogeysiis leh aqoonsiga {id}.' },
  'cli.serverRunning': {
    en: 'A server answers on port {port} and may be using the embedded database in {dir}; stop it first, since two processes on one embedded database damage it.',
    so: 'Server ayaa ka jawaabaya dekedda {port}, waxaana laga yaabaa inuu isticmaalayo kaydka gudaha ee {dir}; marka hore jooji, maxaa yeelay laba hawlood oo isku mar isticmaala hal kayd gudaha ah ayaa waxyeeleeya.',
  },
  'cli.failed': { en: 'The command failed: {detail}', so: 'Amarku wuu fashilmay: {detail}' },

  'cli.orgCreated': {
    en: 'Organisation {code} "{name}" created; administrator: {username}.',
    so: 'Ururka {code} "{name}" waa la sameeyay; maamulaha: {username}.',
  },
  'cli.tempPassword': {
    en: 'Temporary password: {password} (it must be changed at the next sign-in).',
    so: 'Furaha sirta ah ee ku meel gaarka ah: {password} (waa in la beddelaa marka xigta ee la soo galo).',
  },
  'cli.subscriptionSet': {
    en: 'The subscription of organisation {code} now ends on {date} (before: {before}).',
    so: 'Rukhsadda ururka {code} hadda waxay dhammaanaysaa {date} (hore: {before}).',
  },
  'cli.paymentRecorded': {
    en: 'Payment of {amount} recorded for organisation {code}; the subscription ends on {date}.',
    so: 'Lacag-bixin dhan {amount} ayaa loo diiwaangeliyay ururka {code}; rukhsaddu waxay dhammaanaysaa {date}.',
  },
  'cli.passwordReset': {
    en: 'The password of {username} in organisation {code} was reset; their sessions have ended.',
    so: 'Furaha sirta ah ee {username} ee ururka {code} dib ayaa loo dejiyay; fadhiyadiisii way dhammaadeen.',
  },
  'cli.noteAdded': { en: 'Note {id} published for {scope}.', so: 'Ogeysiiska {id} waa la daabacay, waxaana loogu talagalay {scope}.' },
  'cli.scopeAll': { en: 'all organisations', so: 'dhammaan ururada' },
  'cli.scopeOne': { en: 'organisation {code}', so: 'ururka {code}' },
  'cli.noteDeactivated': { en: 'Note {id} deactivated; nobody sees it any more.', so: 'Ogeysiiska {id} waa la joojiyay; qofna ma arki doono mar dambe.' },
  'cli.noteAlreadyInactive': { en: 'Note {id} was already inactive; nothing changed.', so: 'Ogeysiiska {id} horay ayaa loo joojiyay; waxba isma beddelin.' },
  'cli.noOrganisations': { en: 'No organisations yet.', so: 'Weli ma jiraan ururro.' },
  'cli.noNotes': { en: 'No notes yet.', so: 'Weli ma jiraan ogeysiisyo.' },
  'cli.none': { en: 'none', so: 'midna' },
  'cli.yes': { en: 'yes', so: 'haa' },
  'cli.no': { en: 'no', so: 'maya' },
  'cli.all': { en: 'all', so: 'dhammaan' },

  'col.name': { en: 'Name', so: 'Magac' },
  'col.users': { en: 'Users', so: 'Isticmaalayaal' },
  'col.expires': { en: 'Expires', so: 'Dhammaad' },
  'col.id': { en: 'Id', so: 'Aqoonsi' },
  'col.scope': { en: 'For', so: 'Loogu talagalay' },
  'col.title': { en: 'Title', so: 'Cinwaan' },
  'col.target': { en: 'Target', so: 'Bartilmaameed' },
  'col.repetition': { en: 'Repetition', so: 'Soo noqnoqosho' },
  'col.questions': { en: 'Questions', so: "Su'aalo" },
  'col.views': { en: 'Views', so: 'Arag' },
  'col.active': { en: 'Active', so: 'Firfircoon' },
  'col.created': { en: 'Created', so: 'La sameeyay' },

  // verify-ledger and seed-chart (the whole-installation scope reads cli.scopeAll).
  'ledger.scope': { en: 'Ledger of {scope}: {entries} entries, {lines} lines.', so: 'Buugaagta {scope}: {entries} diiwaan, {lines} sadar.' },
  'ledger.scopeOne': { en: 'organisation {code} "{name}"', so: 'ururka {code} "{name}"' },
  'ledger.sound': {
    en: 'Sound: the daily, monthly and customer balances match the journal lines, every entry balances and numbering has no gaps.',
    so: 'Sax: haraagyada maalinlaha, bishiiba iyo macaamiishu waxay la mid yihiin sadarrada diiwaanka, diiwaan kastaa wuu isku dheellitiran yahay, lambaraduna meel bannaan ma leh.',
  },
  'stock.sound': {
    en: 'Stock sound: every inventory account equals the value of its stock moves, every stock balance the sum of its moves.',
    so: 'Bakhaarku waa sax: xisaab kasta oo bakhaar waxay la mid tahay qiimaha dhaqdhaqaaqyadeeda, haraag kasta oo bakhaarna wadarta dhaqdhaqaaqyadiisa.',
  },
  'stock.account': {
    en: 'Organisation {org}: inventory account {code} is {ledger} in the books but its stock moves are worth {stock}.',
    so: "Hay'adda {org}: xisaabta bakhaarka {code} waa {ledger} buugaagta laakiin dhaqdhaqaaqyadeeda bakhaarku waa {stock}.",
  },
  'stock.balance': {
    en: 'Organisation {org}: item {item} at branch {branch} holds {quantity} worth {value}; its moves say {movedQuantity} worth {movedValue}.',
    so: "Hay'adda {org}: alaabta {item} ee laanta {branch} waxay haysaa {quantity} oo qiimahoodu yahay {value}; dhaqdhaqaaqyadeedu waxay leeyihiin {movedQuantity} oo qiimahoodu yahay {movedValue}.",
  },
  'sales.sound': {
    en: 'Sales sound: the sales balance rows equal the posted invoices, cash sales and returns.',
    so: 'Iibku waa sax: safafka haraagga iibka waxay la mid yihiin biilasha, iibka kaashka ah iyo celinta la diiwaangeliyey.',
  },
  'sales.balance': {
    en: 'Organisation {org}: sales of {key} to customer {customer} at branch {branch} on {day} are {quantity}, revenue {revenue}, cost {cost} ({lines} lines) in the balance rows; the documents say {dQuantity}, revenue {dRevenue}, cost {dCost} ({dLines} lines).',
    so: "Hay'adda {org}: iibka {key} ee macmiilka {customer} laanta {branch} maalinta {day} waa {quantity}, dakhli {revenue}, kharash {cost} ({lines} sadar) safafka haraagga; dukumentiyadu waxay leeyihiin {dQuantity}, dakhli {dRevenue}, kharash {dCost} ({dLines} sadar).",
  },
  'sales.item': { en: 'item', so: 'alaabta' },
  'sales.account': { en: 'account', so: 'xisaabta' },
  'ledger.differences': {
    en: 'Differences found: {balances} daily balance(s), {months} monthly balance(s), {customers} customer balance(s), {entries} unbalanced entr(y/ies), {gaps} numbering gap(s).',
    so: 'Farqi ayaa la helay: {balances} haraag maalinle ah, {months} haraag bille ah, {customers} haraag macmiil, {entries} diiwaan aan isku dheellitirnayn, {gaps} meel bannaan oo lambarada ah.',
  },
  'ledger.balance': {
    en: '  balance   org {org}  account {account}  {date}: stored debit {sd} credit {sc} ({sl} lines); from the lines debit {ed} credit {ec} ({el} lines)',
    so: '  haraag    urur {org}  xisaab {account}  {date}: kaydsan debit {sd} credit {sc} ({sl} sadar); sadarrada debit {ed} credit {ec} ({el} sadar)',
  },
  'ledger.entry': {
    en: '  entry     org {org}  entry {entry}: {lines} line(s), debit {debit}, credit {credit}, total {total}',
    so: '  diiwaan   urur {org}  diiwaan {entry}: {lines} sadar, debit {debit}, credit {credit}, wadar {total}',
  },
  'ledger.month': {
    en: '  month     org {org}  account {account}  {date}: stored debit {sd} credit {sc} ({sl} lines); from the lines debit {ed} credit {ec} ({el} lines)',
    so: '  bil       urur {org}  xisaab {account}  {date}: kaydsan debit {sd} credit {sc} ({sl} sadar); sadarrada debit {ed} credit {ec} ({el} sadar)',
  },
  'ledger.customer': {
    en: '  customer  org {org}  account {account}  customer {customer} ({source}): stored debit {sd} credit {sc} ({sl} lines); from the lines debit {ed} credit {ec} ({el} lines)',
    so: '  macmiil   urur {org}  xisaab {account}  macmiil {customer} ({source}): kaydsan debit {sd} credit {sc} ({sl} sadar); sadarrada debit {ed} credit {ec} ({el} sadar)',
  },
  'ledger.gap': {
    en: '  numbering org {org}  series {series}: {count} entries, highest number {max}, counter next {next}',
    so: '  lambarro  urur {org}  taxane {series}: {count} diiwaan, lambarka ugu sarreeya {max}, lambarka xiga {next}',
  },
  'ledger.seeded': {
    en: 'Organisation {code} "{name}": {added} account(s) added, {total} in its chart now.',
    so: 'Ururka {code} "{name}": {added} xisaab ayaa lagu daray, hadda jaantuskiisu wuxuu leeyahay {total}.',
  },
  'help.backup': {
    en: 'Back up the whole database while the server runs: the embedded database through PGlite (the running server takes it), PostgreSQL with pg_dump. One file with a manifest (time, version, migrations, organisations, row counts, checksum) in DATA_DIR/backups or --to DIR.',
    so: 'Kaydka xogta oo dhan kayd-celin (backup) u samee inta server-ku shaqaynayo: kaydka gudaha PGlite ayaa samaynaya (server-ka socda ayaa qaada), PostgreSQL-na pg_dump. Hal fayl oo leh warqad-sharaxaad (waqtiga, nooca, guuritaannada, ururada, tirada safafka, hubinta) gudaha DATA_DIR/backups ama --to GAL.',
  },
  'help.restore': {
    en: 'Restore a backup file: checks its checksum and that it is not from a newer version, refuses to replace a database with organisations without --force, runs verify-ledger and prints every table count against the manifest. Stop the server first (embedded database).',
    so: 'Soo celi fayl kayd-celin ah: wuxuu hubiyaa hubintiisa iyo inuusan ka iman nooc ka cusub, diidaa inuu beddelo kayd leh ururo la’aanta --force, socodsiiyaa verify-ledger oo daabacaa tirada miis kasta oo la barbar dhigay warqad-sharaxaadda. Marka hore jooji server-ka (kaydka gudaha).',
  },
  'help.export-organisation': {
    en: "Export one organisation's data: every table of it as CSV in a ZIP with a README of the columns (--files yes adds its stored files; --documents yes its bills, sales and purchase documents and payslips as PDFs). Only that organisation's rows.",
    so: 'Dhoofi xogta hal urur: miis kasta oo ka mid ah sida CSV gudaha ZIP leh README tiirarka sharxaya (--files yes wuxuu ku darayaa faylasha uu kaydsaday; --documents yes biilashiisa, dukumentiyada iibka iyo iibsashada iyo warqadaha mushaharka sida PDF). Safafka ururkaas oo keliya.',
  },
  'backup.written': { en: 'Backup written: {file} ({size})', so: 'Kayd-celinta waa la qoray: {file} ({size})' },
  'backup.byServer': { en: 'Taken by the running server (embedded database in {dir}).', so: 'Waxaa qaaday server-ka socda (kaydka gudaha ee {dir}).' },
  'backup.summary': {
    en: 'Taken {at} by version {version} ({database} {pg}); {migrations} migrations applied (last {last}).',
    so: 'La qaaday {at} nooca {version} ({database} {pg}); {migrations} guuritaan ayaa la dabaqay (kii ugu dambeeyay {last}).',
  },
  'backup.organisations': { en: 'Organisations: {list}', so: 'Ururada: {list}' },
  'backup.rows': { en: '{rows} rows in {tables} tables; SHA-256 {sha}', so: '{rows} saf oo ku jira {tables} miis; SHA-256 {sha}' },
  'backup.copyOff': {
    en: 'Copy this file off the machine (another disk, another place); a backup on the same disk is lost with it.',
    so: 'Faylkan ka koobiyee mashiinka (saxan kale, meel kale); kayd-celin ku jirta isla saxanka way la lumaysaa.',
  },
  'backup.noDatabase': {
    en: 'There is no embedded database in {dir} to back up (start the server once, or set DATABASE_URL).',
    so: 'Ma jiro kayd gudaha ah oo ku jira {dir} oo la kayd-celin karo (hal mar bilow server-ka, ama dhig DATABASE_URL).',
  },
  'backup.noControl': {
    en: 'A server answers on port {port} but not on {socket}; stop it, or restart it with this version, and run the backup again.',
    so: 'Server ayaa ka jawaabaya dekedda {port} laakiin kama jawaabo {socket}; jooji, ama dib ugu bilow noocan, kadibna mar kale samee kayd-celinta.',
  },
  'backup.busy': { en: 'A backup is already being taken; try again when it ends.', so: 'Kayd-celin ayaa hadda socota; isku day mar kale marka ay dhammaato.' },
  'backup.failed': { en: 'The backup failed: {detail}', so: 'Kayd-celintu way fashilantay: {detail}' },
  'backup.noPgDump': {
    en: 'pg_dump is not installed ("{program}" was not found), so PostgreSQL cannot be backed up from here. Install the PostgreSQL client tools of the server\'s version (Debian/Ubuntu: apt install postgresql-client) or set PG_DUMP to its path.',
    so: 'pg_dump lama rakibin ("{program}" lama helin), sidaas darteed PostgreSQL halkan lagama kayd-celin karo. Rakib qalabka macmiilka PostgreSQL ee nooca server-ka (Debian/Ubuntu: apt install postgresql-client) ama PG_DUMP u dhig waddadiisa.',
  },
  'backup.noPgRestore': {
    en: 'pg_restore is not installed ("{program}" was not found); install the PostgreSQL client tools or set PG_RESTORE to its path. Nothing was changed.',
    so: 'pg_restore lama rakibin ("{program}" lama helin); rakib qalabka macmiilka PostgreSQL ama PG_RESTORE u dhig waddadiisa. Waxba lama beddelin.',
  },
  'backup.pgDumpFailed': { en: 'pg_dump failed: {detail}', so: 'pg_dump wuu fashilmay: {detail}' },
  'backup.pgRestoreFailed': { en: 'pg_restore failed, nothing was changed: {detail}', so: 'pg_restore wuu fashilmay, waxba lama beddelin: {detail}' },
  'backup.fileMissing': { en: 'There is no file {file}. Nothing was changed.', so: 'Ma jiro fayl {file}. Waxba lama beddelin.' },
  'backup.notABackup': {
    en: '{file} is not a backup made by this product (no manifest). Nothing was changed.',
    so: '{file} maaha kayd-celin uu sameeyay barnaamijkan (warqad-sharaxaad ma leh). Waxba lama beddelin.',
  },
  'backup.truncated': {
    en: '{file} is incomplete (cut off while being written or copied). Nothing was changed; use another backup.',
    so: '{file} ma dhammaystirna (waa la gooyay intii la qorayay ama la koobiyeynayay). Waxba lama beddelin; isticmaal kayd-celin kale.',
  },
  'backup.checksum': {
    en: '{file} does not match its checksum: it was damaged or altered. Nothing was changed; use another backup.',
    so: '{file} kuma habboona hubintiisa: waa la waxyeeleeyay ama waa la beddelay. Waxba lama beddelin; isticmaal kayd-celin kale.',
  },
  'backup.newer': {
    en: 'This backup was made by a newer version ({version}) with migrations this code does not have: {migrations}. Upgrade the product first. Nothing was changed.',
    so: 'Kayd-celintan waxaa sameeyay nooc ka cusub ({version}) oo leh guuritaanno uusan koodhkani lahayn: {migrations}. Marka hore cusboonaysii barnaamijka. Waxba lama beddelin.',
  },
  'backup.wrongKind': {
    en: 'This backup is of a {made} database and this installation uses {here}; restore it on a {made} installation. Nothing was changed.',
    so: 'Kayd-celintan waa kayd {made} ah, rakibaaddan waxay isticmaashaa {here}; ku soo celi rakibaad {made} ah. Waxba lama beddelin.',
  },
  'backup.notEmpty': {
    en: 'The database {where} already holds data ({organisations} organisation(s) in {tables} table(s)); add --force to replace it with the backup. Nothing was changed.',
    so: 'Kaydka {where} horay ayuu xog u hayaa ({organisations} urur oo ku jira {tables} miis); ku dar --force si kayd-celinta loogu beddelo. Waxba lama beddelin.',
  },
  'backup.verifyFailed': {
    en: 'The restored copy failed verify-ledger, so it was not put in place; the database was not changed:\n{output}',
    so: 'Nuqulka la soo celiyay wuu ku fashilmay verify-ledger, sidaas darteed lama dhigin meeshiisa; kaydka lama beddelin:\n{output}',
  },
  'backup.restored': { en: 'Restored {file} (taken {at} by version {version}).', so: 'Waa la soo celiyay {file} (la qaaday {at} nooca {version}).' },
  'backup.keptAside': {
    en: 'The database it replaced is kept in {dir}; delete it when no longer needed.',
    so: 'Kaydkii uu beddelay waxaa lagu hayaa {dir}; tirtir marka aan loo baahnayn.',
  },
  'backup.upgraded': { en: 'Brought up to this version: {migrations}', so: 'Waxaa loo cusboonaysiiyay noocan: {migrations}' },
  'backup.countsHeader': { en: 'Rows per table: backup manifest / restored', so: 'Safafka miis kasta: warqad-sharaxaadda / la soo celiyay' },
  'backup.countsEqual': {
    en: 'All {tables} tables have the counts the manifest records ({rows} rows).',
    so: 'Dhammaan {tables} miis waxay leeyihiin tirada warqad-sharaxaaddu qorayso ({rows} saf).',
  },
  'backup.countsDiffer': { en: '{n} table(s) differ from the manifest:', so: '{n} miis ayaa ka duwan warqad-sharaxaadda:' },
  'backup.verifyHeader': { en: 'verify-ledger on the restored database:', so: 'verify-ledger kaydka la soo celiyay:' },
  'export.written': {
    en: 'Export written: {file} ({tables} tables, {rows} rows, {size})',
    so: 'Dhoofinta waa la qoray: {file} ({tables} miis, {rows} saf, {size})',
  },
} as const satisfies Record<string, { en: string; so: string }>;

export type CliMessageKey = keyof typeof cliMessages;

/** A command-line text, or a shared message key ("v.date", "v.minLength|8"), in the operator's language. */
export function say(key: CliMessageKey | string, lang: Lang, params: Record<string, string | number> = {}): string {
  const entry = (cliMessages as Record<string, { en: string; so: string }>)[key];
  if (!entry) return translate(key, lang, params);
  return fillPlaceholders(entry[lang], params);
}

/** --lang wins; otherwise a Somali locale (so, so_SO.UTF-8) in UBO_LANG, LC_ALL, LC_MESSAGES or LANG. */
export function cliLang(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): Lang {
  const value = flag ?? env.UBO_LANG ?? env.LC_ALL ?? env.LC_MESSAGES ?? env.LANG ?? '';
  return /^so([_.\-@]|$)/i.test(value.trim()) ? 'so' : 'en';
}
