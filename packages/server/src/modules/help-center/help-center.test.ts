// Help centre through the API: staff tickets by privilege, edit and delete only while Open and unanswered,
// attachments, the thread; operators with a token of their own kind (refused by tenant routes), operator
// routes refusing every staff token (an administrator's too) without changing anything, one organisation
// never seeing another's tickets, the command line's tickets and reply, and the bell counting an answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { tableSnapshot } from '../../../test/table-snapshot.ts';
import { runCommandLine } from '../../cli/commands.ts';
import { multipartFile, staffUser } from '../settings/test-support.ts';
import { TINY_PDF } from '../treasury/treasury-test-kit.ts';
import { createOperator } from './index.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
type Staff = Awaited<ReturnType<typeof staffUser>>;
let writer: Staff; // adds, views, updates
let reader: Staff; // lists and views only
let operatorToken: string;

const ticket = { subject: 'Bills print without the logo', description: 'Since Monday the printed bills have no logo.', category: 'bug', priority: 'high' };

async function operatorSignIn(username: string, password: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/operator/login', payload: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Garowe Power' });
  orgB = await newOrganisation(ctx, { name: 'Bosaso Water' });
  writer = await staffUser(ctx, orgA, ['list-tickets', 'view-ticket', 'add-ticket', 'update-ticket']);
  reader = await staffUser(ctx, orgA, ['list-tickets', 'view-ticket']);
  await createOperator(ctx.database.db, { username: 'support1', fullname: 'Support Desk', password: 'Support@2026' });
  operatorToken = await operatorSignIn('support1', 'Support@2026');
});
afterAll(() => ctx.close());

async function newTicket(token: string, body: object = ticket) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/tickets', headers: bearer(token), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('staff tickets', () => {
  it('adds, lists, views, edits and deletes an open unanswered ticket', async () => {
    const t = await newTicket(writer.token);
    expect(t).toMatchObject({ ...ticket, status: 'Open', createdBy: 'Staff Member', thread: [], mayDelete: true });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/tickets?status=Open', headers: bearer(reader.token) });
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(t.id);
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/tickets/${t.id}`,
      headers: bearer(writer.token),
      payload: { ...ticket, priority: 'urgent' },
    });
    expect(edit.json().priority).toBe('urgent');
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/tickets/${t.id}`, headers: bearer(writer.token) });
    expect(del.statusCode).toBe(200);
    const gone = await ctx.app.inject({ method: 'GET', url: `/api/tickets/view/${t.id}`, headers: bearer(writer.token) });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses bad input field by field in the language of the caller, changing nothing', async () => {
    const before = await tableSnapshot(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: { ...bearer(writer.token), 'x-lang': 'so' },
      payload: { subject: '  ', description: 'x', category: 'complaint', priority: '' },
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(res.json().details.map((d: { field: string; message: string }) => [d.field, d.message]));
    expect(fields.subject).toBe('Goobtan waa qasab.');
    expect(fields.category).toBe('Qiimahan sax maaha.');
    expect(fields.priority).toBe('Goobtan waa qasab.');
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });

  it('a reader cannot add, change or delete (403, nothing changes)', async () => {
    const t = await newTicket(writer.token);
    const before = await tableSnapshot(ctx.database.db);
    for (const req of [
      { method: 'POST' as const, url: '/api/tickets', payload: ticket },
      { method: 'PUT' as const, url: `/api/tickets/${t.id}`, payload: ticket },
      { method: 'DELETE' as const, url: `/api/tickets/${t.id}` },
      { method: 'POST' as const, url: `/api/tickets/${t.id}/close` },
    ]) {
      const res = await ctx.app.inject({ ...req, headers: bearer(reader.token) });
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(403);
    }
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });

  it('keeps attachments by their bytes and refuses other types', async () => {
    const t = await newTicket(writer.token);
    const pdf = multipartFile('screen.pdf', TINY_PDF, 'application/pdf');
    const up = await ctx.app.inject({
      method: 'POST',
      url: `/api/tickets/${t.id}/files`,
      headers: { ...bearer(writer.token), ...pdf.headers },
      payload: pdf.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({ filename: 'screen.pdf', mime: 'application/pdf' });
    const bad = multipartFile('run.exe', Buffer.from('MZ\x90\x00 not a document'), 'application/octet-stream');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/tickets/${t.id}/files`,
      headers: { ...bearer(writer.token), ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].field).toBe('file');
    const file = await ctx.app.inject({ method: 'GET', url: `/api/tickets/files/${up.json().id}`, headers: bearer(reader.token) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(TINY_PDF)).toBe(true);
    // The operator reads it too; another organisation does not.
    const asOperator = await ctx.app.inject({ method: 'GET', url: `/api/operator/files/${up.json().id}`, headers: bearer(operatorToken) });
    expect(asOperator.statusCode).toBe(200);
    const other = await staffUser(ctx, orgB, ['view-ticket']);
    const asOther = await ctx.app.inject({ method: 'GET', url: `/api/tickets/files/${up.json().id}`, headers: bearer(other.token) });
    expect(asOther.statusCode).toBe(404);
  });
});

describe('operators', () => {
  it('answer a ticket: it becomes Answered, staff see the reply, can no longer edit or delete, may write back or close', async () => {
    const t = await newTicket(writer.token);
    const open = await ctx.app.inject({ method: 'GET', url: '/api/operator/tickets?open=1', headers: bearer(operatorToken) });
    expect(open.statusCode).toBe(200);
    const row = open.json().data.find((r: { id: number }) => r.id === t.id);
    expect(row).toMatchObject({ organisationCode: orgA.code, organisationName: 'Garowe Power', status: 'Open' });

    const reply = await ctx.app.inject({
      method: 'POST',
      url: `/api/operator/tickets/${t.id}/reply`,
      headers: bearer(operatorToken),
      payload: { body: 'Fixed: the logo prints again.' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().status).toBe('Answered');

    // The bell of the ticket's author counts the answer until they read the ticket.
    const bell = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(writer.token) });
    const tickets = bell.json().groups.find((g: { key: string }) => g.key === 'tickets');
    expect(tickets.count).toBe(1);
    expect(tickets.items[0]).toMatchObject({ path: `/help_center/tickets/${t.id}` });

    const seen = await ctx.app.inject({ method: 'GET', url: `/api/tickets/view/${t.id}`, headers: bearer(writer.token) });
    expect(seen.json()).toMatchObject({ status: 'Answered', mayDelete: false });
    expect(seen.json().thread).toEqual([
      expect.objectContaining({ authorKind: 'operator', authorName: 'Support Desk', body: 'Fixed: the logo prints again.' }),
    ]);
    const bellAfter = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(writer.token) });
    expect(bellAfter.json().groups.find((g: { key: string }) => g.key === 'tickets').count).toBe(0);

    const before = await tableSnapshot(ctx.database.db);
    const edit = await ctx.app.inject({ method: 'PUT', url: `/api/tickets/${t.id}`, headers: bearer(writer.token), payload: ticket });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('TICKET_NOT_OPEN');
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/tickets/${t.id}`, headers: bearer(writer.token) });
    expect(del.statusCode).toBe(409);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);

    const back = await ctx.app.inject({ method: 'POST', url: `/api/tickets/${t.id}/messages`, headers: bearer(writer.token), payload: { body: 'Thank you!' } });
    expect(back.json()).toMatchObject({ status: 'Open' });
    expect(back.json().thread).toHaveLength(2);
    const close = await ctx.app.inject({ method: 'POST', url: `/api/tickets/${t.id}/close`, headers: bearer(writer.token) });
    expect(close.json()).toMatchObject({ status: 'Closed', closedBy: 'Staff Member' });
    const late = await ctx.app.inject({ method: 'POST', url: `/api/operator/tickets/${t.id}/reply`, headers: bearer(operatorToken), payload: { body: 'x' } });
    expect(late.statusCode).toBe(409);
  });

  it('staff tokens (an administrator too) are refused on every operator route and nothing changes', async () => {
    const t = await newTicket(writer.token);
    const before = await tableSnapshot(ctx.database.db);
    for (const token of [orgA.token, writer.token]) {
      for (const req of [
        { method: 'GET' as const, url: '/api/operator/tickets' },
        { method: 'GET' as const, url: `/api/operator/tickets/${t.id}` },
        { method: 'POST' as const, url: `/api/operator/tickets/${t.id}/reply`, payload: { body: 'I am support' } },
        { method: 'POST' as const, url: `/api/operator/tickets/${t.id}/close` },
        { method: 'GET' as const, url: '/api/operator/me' },
      ]) {
        const res = await ctx.app.inject({ ...req, headers: bearer(token) });
        expect(res.statusCode, `${req.method} ${req.url}`).toBe(401);
      }
    }
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });

  it('an operator token opens no tenant route', async () => {
    for (const url of ['/api/tickets', '/api/auth', '/api/notifications', '/api/users/profile']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(operatorToken) });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('sign-in refuses a wrong password alike for unknown names, locks after five, and logout ends the token', async () => {
    await createOperator(ctx.database.db, { username: 'support2', fullname: 'Second Desk', password: 'Support@2026' });
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/operator/login', payload: { username: 'nobody', password: 'x' } });
    expect(wrong.statusCode).toBe(401);
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/operator/login', payload: { username: 'support2', password: 'wrong' } });
      expect(res.statusCode).toBe(401);
    }
    const locked = await ctx.app.inject({ method: 'POST', url: '/api/operator/login', payload: { username: 'support2', password: 'Support@2026' } });
    expect(locked.statusCode).toBe(429);

    const token = await operatorSignIn('support1', 'Support@2026');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/operator/me', headers: bearer(token) })).json()).toMatchObject({ username: 'support1' });
    await ctx.app.inject({ method: 'POST', url: '/api/operator/logout', headers: bearer(token) });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/operator/me', headers: bearer(token) })).statusCode).toBe(401);
  });
});

describe('tenancy', () => {
  it('one organisation never sees, reads or changes another organisation’s tickets', async () => {
    const t = await newTicket(writer.token);
    const other = await staffUser(ctx, orgB, ['list-tickets', 'view-ticket', 'add-ticket', 'update-ticket']);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/tickets', headers: bearer(other.token) });
    expect(list.json().data.map((r: { id: number }) => r.id)).not.toContain(t.id);
    const before = await tableSnapshot(ctx.database.db);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/tickets/view/${t.id}`, headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/tickets/${t.id}`, headers: bearer(other.token), payload: ticket })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/tickets/${t.id}`, headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/tickets/${t.id}/close`, headers: bearer(other.token) })).statusCode).toBe(404);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });
});

describe('operator command line', () => {
  it('lists open tickets of every organisation and replies by position', async () => {
    const t = await newTicket(writer.token, { ...ticket, subject: 'Question from the CLI test', category: 'question', priority: 'low' });
    const tB = await staffUser(ctx, orgB, ['add-ticket']);
    const b = await newTicket(tB.token, { ...ticket, subject: 'Bosaso asks' });
    const list = await runCommandLine(ctx.database.db, ['tickets']);
    expect(list.exitCode).toBe(0);
    const out = list.stdout.join('\n');
    expect(out).toContain('Question from the CLI test');
    expect(out).toContain('Bosaso asks');

    const reply = await runCommandLine(ctx.database.db, ['reply', String(t.id), 'Use the report menu.', '--as', 'support1']);
    expect(reply, reply.stderr.join('\n')).toMatchObject({ exitCode: 0 });
    const seen = await ctx.app.inject({ method: 'GET', url: `/api/tickets/view/${t.id}`, headers: bearer(reader.token) });
    expect(seen.json().status).toBe('Answered');
    expect(seen.json().thread.at(-1)).toMatchObject({ authorKind: 'operator', authorName: 'Support Desk', body: 'Use the report menu.' });
    expect(b.status).toBe('Open');

    const bad = await runCommandLine(ctx.database.db, ['reply', '999999', 'x', '--as', 'support1']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr[0]).toBe('No ticket 999999.');
    const empty = await runCommandLine(ctx.database.db, ['reply', String(t.id), '--as', 'support1', '--lang', 'so']);
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr[0]).toContain('--message');
  });

  it('creates an operator with a printed temporary password that signs in', async () => {
    const res = await runCommandLine(ctx.database.db, ['create-operator', '--username', 'desk3', '--name', 'Desk Three']);
    expect(res.exitCode, res.stderr.join()).toBe(0);
    const password = /: (\S+)/.exec(res.stdout[1])![1];
    await operatorSignIn('desk3', password);
    const again = await runCommandLine(ctx.database.db, ['create-operator', '--username', 'desk3', '--name', 'Desk Three']);
    expect(again.exitCode).toBe(2);
  });
});
