import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, nextIp, signIn, startTestApp, type TestContext } from '../../test/harness.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { inSystem } from '../db/tenant.ts';
import { runCommandLine } from './commands.ts';
import { addNoteCommand, deactivateNoteCommand, listNotesCommand } from './note-commands.ts';
import {
  createOrganisationCommand,
  extendSubscriptionCommand,
  listOrganisationsCommand,
  recordSubscriptionPaymentCommand,
  resetPasswordCommand,
} from './organisation-commands.ts';

let ctx: TestContext;
let db: Db;
let org: Awaited<ReturnType<typeof newOrganisation>>;
const env = { LANG: 'C' };

const run = (...argv: string[]) => runCommandLine(db, argv, env);
const rows = <T>(query: ReturnType<typeof sql>) => inSystem(db, (tx) => queryRows<T>(tx, query));

/** Everything an operator command may change, to prove a refused command changed nothing. */
async function snapshot() {
  return inSystem(db, async (tx) => ({
    clients: await queryRows(tx, sql`select * from clients order by id`),
    users: await queryRows(tx, sql`select id, client_id, username, password_hash, must_change_password, token_version, status from users order by id`),
    sessions: await queryRows(tx, sql`select id, revoked_at from sessions order by id`),
    payments: await queryRows(tx, sql`select * from subscription_payments order by id`),
    notes: await queryRows(tx, sql`select * from notes order by id`),
    audit: await queryRows(tx, sql`select count(*)::int as n from audit_log`),
  }));
}

async function expectRefused(argv: string[], message: string | RegExp) {
  const before = await snapshot();
  const result = await run(...argv);
  expect(result.exitCode).toBe(2);
  expect(result.stdout).toEqual([]);
  expect(result.stderr).toHaveLength(1);
  if (typeof message === 'string') expect(result.stderr[0]).toBe(message);
  else expect(result.stderr[0]).toMatch(message);
  expect(result.stderr[0]).not.toMatch(/\n|at .*\.ts:\d+/);
  expect(await snapshot()).toEqual(before);
}

async function dbToday(offsetDays = 0): Promise<string> {
  const [row] = await rows<{ d: string }>(sql`select to_char(current_date + ${offsetDays}::int, 'YYYY-MM-DD') as d`);
  return row.d;
}

beforeAll(async () => {
  ctx = await startTestApp();
  db = ctx.database.db;
  org = await newOrganisation(ctx, { name: 'Baidoa Water' });
});
afterAll(() => ctx.close());

describe('command line parsing', () => {
  it('prints the help in English or Somali', async () => {
    const en = await run('help');
    expect(en.exitCode).toBe(0);
    for (const name of [
      'create-organisation',
      'list-organisations',
      'extend-subscription',
      'record-subscription-payment',
      'reset-password',
      'add-note',
      'list-notes',
      'deactivate-note',
    ]) {
      expect(en.stdout.some((l) => l.trim().startsWith(name))).toBe(true);
    }
    const so = await run('help', '--lang', 'so');
    expect(so.stdout[0]).toContain('Amarrada');
    expect((await runCommandLine(db, ['help'], { LANG: 'so_SO.UTF-8' })).stdout[0]).toContain('Amarrada');
  });

  it('refuses unknown commands and options, missing values, repeats and stray words', async () => {
    await expectRefused([], 'Name a command. Run "npm run admin -- help" to see the commands.');
    await expectRefused(['drop-everything'], 'Unknown command "drop-everything". Run "npm run admin -- help" to see the commands.');
    await expectRefused(['list-notes', '--code', '1'], 'Unknown option --code for list-notes.');
    await expectRefused(['extend-subscription', '--code', '--until', '2099-01-01'], 'Option --code needs a value.');
    await expectRefused(['extend-subscription', '--until'], 'Option --until needs a value.');
    await expectRefused(['extend-subscription', '--code', '1', '--code', '2', '--until', '2099-01-01'], 'Option --code may be given only once.');
    await expectRefused(['list-organisations', 'now'], 'Unexpected argument "now"; write options as --name value.');
    await expectRefused(['help', '--lang', 'fr'], '--lang: The value is not valid. (en | so)');
    await expectRefused(['nothing', '--lang', 'so'], 'Amar aan la aqoon "nothing". Socodsii "npm run admin -- help" si aad u aragto amarrada.');
  });
});

describe('create-organisation', () => {
  it('creates an organisation whose administrator must change the printed temporary password', async () => {
    const expires = await dbToday(365);
    const result = await run(
      'create-organisation',
      '--code',
      '7100',
      '--name',
      'Garowe Power',
      '--admin-username',
      'chief',
      '--expires',
      expires,
      '--short-code',
      '*789*7100#',
      '--contact-phone',
      '0615123456',
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout[0]).toBe('Organisation 7100 "Garowe Power" created; administrator: chief.');
    const password = /Temporary password: (\S+) /.exec(result.stdout[1])?.[1] as string;
    expect(password).toMatch(/^[A-Za-z]{8}\d{2}$/);
    const [client] = await rows<{ name: string; expires: string; short_code: string; contact_phone: string }>(
      sql`select name, to_char(subscription_expires_on, 'YYYY-MM-DD') as expires, short_code, contact_phone from clients where code = 7100`,
    );
    expect(client).toEqual({ name: 'Garowe Power', expires, short_code: '*789*7100#', contact_phone: '0615123456' });
    const token = await signIn(ctx, { username: 'chief', password, code: 7100 });
    const notes = await ctx.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(token) });
    expect(notes.statusCode).toBe(402);
    const log = await rows<{ username: string; action: string }>(
      sql`select a.username, a.action from audit_log a join clients c on c.id = a.client_id where c.code = 7100 and a.entity = 'organisation'`,
    );
    expect(log).toEqual([{ username: '(operator)', action: 'create' }]);
  });

  it('keeps a given password without forcing a change', async () => {
    const result = await createOrganisationCommand(db, { code: '7101', name: 'Bosaso Water', 'admin-username': 'owner', 'admin-password': 'Strong2026x' });
    expect(result).toEqual(['Organisation 7101 "Bosaso Water" created; administrator: owner.']);
    const token = await signIn(ctx, { username: 'owner', password: 'Strong2026x', code: 7101 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('refuses bad input and an existing code', async () => {
    await expectRefused(
      ['create-organisation', '--code', '7100', '--name', 'Again', '--admin-username', 'x'],
      'An organisation with code 7100 already exists.',
    );
    await expectRefused(
      ['create-organisation', '--name', 'N'],
      '--code: Field is required.; --name: The min number of characters is 2; --admin-username: Field is required.',
    );
    await expectRefused(['create-organisation', '--code', '0', '--name', 'Zero', '--admin-username', 'x'], '--code: The value must be at least 1');
    await expectRefused(
      ['create-organisation', '--code', '7102', '--name', 'Weak', '--admin-username', 'x', '--admin-password', 'short1'],
      '--admin-password: Password must be 8 char or above!.',
    );
    await expectRefused(
      ['create-organisation', '--code', '7102', '--name', 'Bad', '--admin-username', 'x', '--expires', '2026-02-30'],
      '--expires: Enter a date as YYYY-MM-DD.',
    );
    await expectRefused(
      ['create-organisation', '--code', '7102', '--name', 'Old', '--admin-username', 'x', '--expires', '2020-01-01'],
      /^--expires: The date must be today \(\d{4}-\d{2}-\d{2}\) or later\.$/,
    );
    await expectRefused(
      ['create-organisation', '--code', '7102', '--name', 'Ph', '--admin-username', 'x', '--contact-phone', 'call me'],
      /^--contact-phone: Enter a valid phone number/,
    );
    await expectRefused(
      ['create-organisation', '--code', '7102', '--name', 'Ph', '--admin-username', 'x', '--lang', 'so', '--expires', 'tomorrow'],
      '--expires: Geli taariikh sida YYYY-MM-DD.',
    );
  });
});

describe('list-organisations', () => {
  it('lists code, name, active users and expiry', async () => {
    const lines = await listOrganisationsCommand(db, {});
    expect(lines[0]).toMatch(/^Code\s+Name\s+Users\s+Expires$/);
    const line = lines.find((l) => l.startsWith(String(org.code)));
    expect(line?.split(/\s{2,}/)).toEqual([String(org.code), 'Baidoa Water', '1', 'none']);
    expect(lines.some((l) => l.startsWith('7100') && l.includes('Garowe Power'))).toBe(true);
  });
});

describe('extend-subscription', () => {
  it("sets the end date and logs it on the organisation's log sheet", async () => {
    const until = await dbToday(90);
    expect(await extendSubscriptionCommand(db, { code: String(org.code), until })).toEqual([
      `The subscription of organisation ${org.code} now ends on ${until} (before: none).`,
    ]);
    const [row] = await rows<{ d: string }>(sql`select to_char(subscription_expires_on, 'YYYY-MM-DD') as d from clients where id = ${org.clientId}`);
    expect(row.d).toBe(until);
    const [log] = await rows<{ action: string; entity: string; after: unknown }>(
      sql`select action, entity, after from audit_log where client_id = ${org.clientId} and entity = 'subscription'`,
    );
    expect(log).toEqual({ action: 'update', entity: 'subscription', after: { expiresOn: until } });
  });

  it('refuses an unknown organisation, a bad or past date', async () => {
    await expectRefused(['extend-subscription', '--code', '999999', '--until', await dbToday(10)], 'No organisation has code 999999.');
    await expectRefused(['extend-subscription', '--code', String(org.code), '--until', '2031-13-01'], '--until: Enter a date as YYYY-MM-DD.');
    await expectRefused(['extend-subscription', '--code', String(org.code), '--until', await dbToday(-1)], /^--until: The date must be today/);
    await expectRefused(['extend-subscription', '--code', 'x1'], '--code: Enter a number.; --until: Field is required.');
  });
});

describe('record-subscription-payment', () => {
  it('records the payment and moves the expiry forward, never back', async () => {
    const billDate = await dbToday();
    const later = await dbToday(400);
    const result = await recordSubscriptionPaymentCommand(db, { code: String(org.code), amount: '120', 'bill-date': billDate, 'expire-date': later });
    expect(result).toEqual([`Payment of 120.00 recorded for organisation ${org.code}; the subscription ends on ${later}.`]);
    const earlier = await dbToday(30);
    const second = await run(
      'record-subscription-payment',
      '--code',
      String(org.code),
      '--amount',
      '15.5',
      '--bill-date',
      billDate,
      '--expire-date',
      earlier,
      '--name',
      'Top-up',
    );
    expect(second.stdout).toEqual([`Payment of 15.50 recorded for organisation ${org.code}; the subscription ends on ${later}.`]);
    const payments = await rows<{ name: string; bill_amount: string; expire_date: string }>(
      sql`select name, bill_amount::text, to_char(expire_date, 'YYYY-MM-DD') as expire_date from subscription_payments where client_id = ${org.clientId} order by id`,
    );
    expect(payments).toEqual([
      { name: 'Baidoa Water', bill_amount: '120.00', expire_date: later },
      { name: 'Top-up', bill_amount: '15.50', expire_date: earlier },
    ]);
    const [client] = await rows<{ d: string }>(sql`select to_char(subscription_expires_on, 'YYYY-MM-DD') as d from clients where id = ${org.clientId}`);
    expect(client.d).toBe(later);
    // The organisation's administrator sees the payments on the expired screen.
    const info = (await ctx.app.inject({ method: 'GET', url: '/api/auth/expired', headers: bearer(org.token) })).json();
    expect(info.payments).toHaveLength(2);
  });

  it('refuses bad amounts and dates', async () => {
    const code = String(org.code);
    await expectRefused(
      ['record-subscription-payment', '--code', code, '--amount', '12.345', '--bill-date', '2026-01-01', '--expire-date', '2027-01-01'],
      '--amount: Enter an amount such as 1250.50.',
    );
    await expectRefused(
      ['record-subscription-payment', '--code', code, '--amount', '0', '--bill-date', '2026-01-01', '--expire-date', '2027-01-01'],
      '--amount: The value must be at least 0.01',
    );
    await expectRefused(
      ['record-subscription-payment', '--code', code, '--amount=-5', '--bill-date', '2026-01-01', '--expire-date', '2027-01-01'],
      '--amount: The value must be at least 0.01',
    );
    await expectRefused(
      ['record-subscription-payment', '--code', code, '--amount', '10', '--bill-date', '2026-01-01', '--expire-date', '2026-01-01'],
      '--expire-date: The expire date must be after the bill date.',
    );
    await expectRefused(
      ['record-subscription-payment', '--code', '424242', '--amount', '10', '--bill-date', '2026-01-01', '--expire-date', '2027-01-01'],
      'No organisation has code 424242.',
    );
    await expectRefused(
      ['record-subscription-payment', '--code', code],
      '--amount: Field is required.; --bill-date: Field is required.; --expire-date: Field is required.',
    );
  });
});

describe('reset-password', () => {
  it('prints a temporary password, forces a change and ends every session', async () => {
    const before = (await rows<{ tv: number }>(sql`select token_version as tv from users where id = ${org.adminId}`))[0].tv;
    const result = await resetPasswordCommand(db, { code: String(org.code), username: 'ADMIN' });
    expect(result[0]).toBe(`The password of admin in organisation ${org.code} was reset; their sessions have ended.`);
    const password = /Temporary password: (\S+) /.exec(result[1])?.[1] as string;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(org.token) })).statusCode).toBe(401);
    const [user] = await rows<{ tv: number; must: boolean }>(
      sql`select token_version as tv, must_change_password as must from users where id = ${org.adminId}`,
    );
    expect(user).toEqual({ tv: before + 1, must: true });
    const [open] = await rows<{ n: number }>(sql`select count(*)::int as n from sessions where user_id = ${org.adminId} and revoked_at is null`);
    expect(open.n).toBe(0);
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: org.password, code: org.code },
      remoteAddress: nextIp(),
    });
    expect(old.statusCode).toBe(401);
    const fresh = await signIn(ctx, { username: 'admin', password, code: org.code });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(fresh) })).statusCode).toBe(402);
    // Back to a known password for the tests below.
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: bearer(fresh),
      payload: { currentPassword: password, newPassword: 'Again@2026', confirmPassword: 'Again@2026' },
    });
    expect(changed.statusCode).toBe(200);
    org.token = fresh;
  });

  it('refuses an unknown organisation or user', async () => {
    await expectRefused(['reset-password', '--code', String(org.code), '--username', 'ghost'], `Organisation ${org.code} has no user named ghost.`);
    await expectRefused(['reset-password', '--code', '31337', '--username', 'admin'], 'No organisation has code 31337.');
    await expectRefused(['reset-password', '--code', String(org.code)], '--username: Field is required.');
  });
});

describe('notes', () => {
  let globalId: number;
  let orgOnlyId: number;

  it('publishes a note for all organisations with generated question ids', async () => {
    const result = await run(
      'add-note',
      '--title',
      'Welcome',
      '--message',
      'New features are here',
      '--type',
      'required',
      '--target',
      'other',
      '--repetition',
      'two_times',
      '--video',
      'https://www.youtube-nocookie.com/embed/xyz',
      '--question',
      'Is it useful?',
      '--question',
      'What next?',
    );
    expect(result.exitCode).toBe(0);
    globalId = Number(/^Note (\d+) published for all organisations\.$/.exec(result.stdout[0])?.[1]);
    const [note] = await rows<{ client_id: number | null; feedback: unknown; video_iframe: string; is_active: boolean }>(
      sql`select client_id, feedback, video_iframe, is_active from notes where id = ${globalId}`,
    );
    expect(note).toEqual({
      client_id: null,
      video_iframe: 'https://www.youtube-nocookie.com/embed/xyz',
      is_active: true,
      feedback: [
        { id: 'q1', question: 'Is it useful?' },
        { id: 'q2', question: 'What next?' },
      ],
    });
    const other = await newOrganisation(ctx);
    const seen = (await ctx.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(other.token) })).json();
    expect(seen.map((n: { id: number }) => n.id)).toEqual([globalId]);
  });

  it('publishes a note for one organisation only', async () => {
    const result = await addNoteCommand(db, {
      code: String(org.code),
      title: 'Billing day',
      message: 'Bills go out on the 1st',
      type: 'optional',
      target: 'admin',
      repetition: 'one_time',
      video: 'https://player.vimeo.com/video/1',
    });
    orgOnlyId = Number(/^Note (\d+) published for organisation \d+\.$/.exec(result[0])?.[1]);
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(org.token) })).json();
    expect(mine.map((n: { id: number }) => n.id)).toEqual([globalId, orgOnlyId]);
    const other = await newOrganisation(ctx);
    const theirs = (await ctx.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(other.token) })).json();
    expect(theirs.map((n: { id: number }) => n.id)).toEqual([globalId]);
  });

  it('refuses bad notes, and videos other than https YouTube or Vimeo', async () => {
    const note = ['add-note', '--title', 'T', '--message', 'M', '--type', 'optional', '--target', 'other', '--repetition', 'one_time'];
    const videoError = '--video: The video must be an https link on youtube.com, youtube-nocookie.com, player.vimeo.com or vimeo.com.';
    for (const video of [
      'http://www.youtube.com/embed/x',
      'https://youtube.com.evil.example/x',
      'https://evil.example/?youtube.com',
      'javascript:alert(1)',
      'https://user@vimeo.com/1',
      'https://vimeo.com:8443/1',
    ]) {
      await expectRefused([...note, '--video', video], videoError);
    }
    await expectRefused(
      ['add-note', '--title', 'T'],
      '--message: Field is required.; --type: Field is required. (required | optional); --target: Field is required. (admin | other); --repetition: Field is required. (one_time | two_times | three_times)',
    );
    await expectRefused(
      [...note.slice(0, 7), '--target', 'everyone', '--repetition', 'always'],
      '--target: The value is not valid. (admin | other); --repetition: The value is not valid. (one_time | two_times | three_times)',
    );
    await expectRefused([...note, '--question', ''], '--question: Field is required.');
    await expectRefused([...note, '--code', '8888888'], 'No organisation has code 8888888.');
    await expectRefused(
      [...note, '--lang', 'so', '--video', 'ftp://vimeo.com/1'],
      '--video: Muuqaalku waa inuu noqdaa xiriiriye https ah oo ku yaal youtube.com, youtube-nocookie.com, player.vimeo.com ama vimeo.com.',
    );
  });

  it('lists the notes with their audience and views', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/notes/click', headers: bearer(org.token), payload: { NoteId: globalId, activity_type: 'view' } });
    const lines = await listNotesCommand(db, {});
    expect(lines[0]).toMatch(/^Id\s+For\s+Type\s+Target\s+Repetition\s+Questions\s+Views\s+Active\s+Created\s+Title$/);
    const cells = (id: number) => lines.find((l) => l.startsWith(`${id} `))?.split(/\s{2,}/);
    expect(cells(globalId)?.slice(0, 8)).toEqual([String(globalId), 'all', 'required', 'other', 'two_times', '2', '1', 'yes']);
    expect(cells(orgOnlyId)?.slice(0, 8)).toEqual([String(orgOnlyId), String(org.code), 'optional', 'admin', 'one_time', '0', '0', 'yes']);
  });

  it('deactivates a note so nobody sees it any more', async () => {
    expect(await deactivateNoteCommand(db, { id: String(orgOnlyId) })).toEqual([`Note ${orgOnlyId} deactivated; nobody sees it any more.`]);
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(org.token) })).json();
    expect(mine.map((n: { id: number }) => n.id)).toEqual([globalId]);
    expect((await run('deactivate-note', '--id', String(orgOnlyId))).stdout).toEqual([`Note ${orgOnlyId} was already inactive; nothing changed.`]);
    await expectRefused(['deactivate-note', '--id', '987654'], 'No note has id 987654.');
    await expectRefused(['deactivate-note', '--id', 'one'], '--id: Enter a number.');
    await expectRefused(['deactivate-note'], '--id: Field is required.');
  });
});
