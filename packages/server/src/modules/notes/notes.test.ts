import { isAllowedVideoUrl, isNoteDue } from '@ubo/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, signIn, startTestApp, type TestContext } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { rolePrivileges, roles, users } from '../users/index.ts';
import { publishNote } from './index.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let staffA: string;
const ids: Record<string, number> = {};

async function addStaff(org: { clientId: number; code: number }, username: string, privileges: string[]): Promise<string> {
  const password = 'Staff@2026';
  const passwordHash = await hashPassword(password);
  await inTenant(ctx.database.db, org.clientId, async (tx) => {
    const [role] = await tx
      .insert(roles)
      .values({ clientId: org.clientId, name: `Role of ${username}` })
      .returning();
    if (privileges.length > 0) await tx.insert(rolePrivileges).values(privileges.map((privilege) => ({ clientId: org.clientId, roleId: role.id, privilege })));
    await tx.insert(users).values({ clientId: org.clientId, username, fullname: `Staff ${username}`, passwordHash, roleId: role.id });
  });
  return signIn(ctx, { username, password, code: org.code });
}

const base = { message: 'Body', type: 'optional', repetition: 'two_times', questions: [] as string[] };
const publish = (clientId: number | null, title: string, extra: Partial<Parameters<typeof publishNote>[1]> = {}) =>
  inSystem(ctx.database.db, (tx) => publishNote(tx, { ...base, clientId, title, target: 'other', ...extra }));

const get = (token: string, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
const post = (token: string, url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), ...headers } });
const titles = async (token: string) => ((await get(token, '/api/notes')).json() as Array<{ title: string }>).map((n) => n.title).sort();

async function counts() {
  const [row] = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ activity: number; feedback: number; answers: string }>(
      tx,
      sql`
      select (select count(*)::int from note_activity) as activity, (select count(*)::int from note_feedback) as feedback,
             (select coalesce(string_agg(answer, ',' order by id), '') from note_feedback) as answers`,
    ),
  );
  return row;
}

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Org A' });
  orgB = await newOrganisation(ctx, { name: 'Org B' });
  staffA = await addStaff(orgA, 'clerk', []);
  ids.global = (await publish(null, 'global-other', { video: 'https://www.youtube.com/embed/abc', type: 'required' })).id;
  ids.globalAdmin = (await publish(null, 'global-admin', { target: 'admin' })).id;
  ids.onlyA = (await publish(orgA.clientId, 'only-A', { questions: ['Was this clear?', 'What is missing?'] })).id;
  ids.onlyB = (await publish(orgB.clientId, 'only-B')).id;
  ids.inactive = (await publish(null, 'withdrawn')).id;
  await inSystem(ctx.database.db, (tx) => tx.execute(sql`update notes set is_active = false where id = ${ids.inactive}`));
});
afterAll(() => ctx.close());

describe('GET /api/notes', () => {
  it("shows an organisation its own and the global notes, never another organisation's", async () => {
    expect(await titles(orgA.token)).toEqual(['global-admin', 'global-other', 'only-A']);
    expect(await titles(orgB.token)).toEqual(['global-admin', 'global-other', 'only-B']);
  });

  it('hides notes for administrators from other users', async () => {
    expect(await titles(staffA)).toEqual(['global-other', 'only-A']);
  });

  it("returns every field of the spec, with the caller's answers and views", async () => {
    const list = (await get(orgA.token, '/api/notes')).json() as Array<Record<string, unknown>>;
    const global = list.find((n) => n.id === ids.global);
    expect(global).toEqual({
      id: ids.global,
      title: 'global-other',
      message: 'Body',
      video_iframe: 'https://www.youtube.com/embed/abc',
      type: 'required',
      target: 'other',
      repetition: 'two_times',
      feedback: [],
      total_view: 0,
    });
    const onlyA = list.find((n) => n.id === ids.onlyA);
    expect(onlyA?.feedback).toEqual([
      { id: 'q1', question: 'Was this clear?', answer: null },
      { id: 'q2', question: 'What is missing?', answer: null },
    ]);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notes' })).statusCode).toBe(401);
  });
});

describe('views and clicks', () => {
  it("counts the caller's views only, per user", async () => {
    expect((await post(staffA, '/api/notes/click', { NoteId: ids.global, activity_type: 'view' })).json()).toEqual({ ok: true, total_view: 1 });
    expect((await post(staffA, '/api/notes/click', { NoteId: String(ids.global), activity_type: 'view' })).json()).toEqual({ ok: true, total_view: 2 });
    expect((await post(staffA, '/api/notes/click', { NoteId: ids.global, activity_type: 'click' })).json()).toEqual({ ok: true, total_view: 2 });
    expect((await get(staffA, `/api/notes/check?NoteId=${ids.global}`)).json()).toEqual({ total_view: 2 });
    expect((await get(orgA.token, `/api/notes/check?NoteId=${ids.global}`)).json()).toEqual({ total_view: 0 });
    expect((await get(orgB.token, `/api/notes/check?NoteId=${ids.global}`)).json()).toEqual({ total_view: 0 });
    const mine = ((await get(staffA, '/api/notes')).json() as Array<{ id: number; total_view: number }>).find((n) => n.id === ids.global);
    expect(mine?.total_view).toBe(2);
  });

  it('answers 404 for a note the caller may not see, and records nothing', async () => {
    const before = await counts();
    const hidden: Array<[string, number]> = [
      [orgA.token, ids.onlyB],
      [orgB.token, ids.onlyA],
      [staffA, ids.globalAdmin],
      [orgA.token, ids.inactive],
      [orgA.token, 999999],
    ];
    for (const [token, id] of hidden) {
      expect((await get(token, `/api/notes/check?NoteId=${id}`)).statusCode).toBe(404);
      const click = await post(token, '/api/notes/click', { NoteId: id, activity_type: 'view' });
      expect(click.statusCode).toBe(404);
      expect(click.json().code).toBe('NOT_FOUND');
    }
    expect(await counts()).toEqual(before);
  });

  it('names the bad field', async () => {
    const before = await counts();
    const bad = await post(staffA, '/api/notes/click', { NoteId: ids.global, activity_type: 'read' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'activity_type', message: 'The value is not valid.' }]);
    const missing = await post(staffA, '/api/notes/click', {}, { 'x-lang': 'so' });
    expect(missing.json().details).toEqual([
      { field: 'NoteId', message: 'Goobtan waa qasab.' },
      { field: 'activity_type', message: 'Goobtan waa qasab.' },
    ]);
    expect((await get(staffA, '/api/notes/check?NoteId=abc')).json().details).toEqual([{ field: 'NoteId', message: 'Enter a number.' }]);
    expect((await get(staffA, '/api/notes/check?NoteId=99999999999')).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });
});

describe('feedback', () => {
  it('saves one answer per user and question, replacing an earlier one', async () => {
    const first = await post(staffA, '/api/notes/add-feedback', { NoteId: ids.onlyA, feedback_id: 'q1', answer: 'Yes' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true, message: 'Saved.' });
    await post(staffA, '/api/notes/add-feedback', { NoteId: ids.onlyA, feedback_id: 'q1', answer: '  Mostly  ' });
    await post(orgA.token, '/api/notes/add-feedback', { NoteId: ids.onlyA, feedback_id: 'q2', answer: 'Nothing' });
    const mine = ((await get(staffA, '/api/notes')).json() as Array<{ id: number; feedback: unknown }>).find((n) => n.id === ids.onlyA);
    expect(mine?.feedback).toEqual([
      { id: 'q1', question: 'Was this clear?', answer: 'Mostly' },
      { id: 'q2', question: 'What is missing?', answer: null },
    ]);
    const admins = ((await get(orgA.token, '/api/notes')).json() as Array<{ id: number; feedback: Array<{ answer: string | null }> }>).find(
      (n) => n.id === ids.onlyA,
    );
    expect(admins?.feedback.map((f) => f.answer)).toEqual([null, 'Nothing']);
    expect((await counts()).feedback).toBe(2);
    const log = await inTenant(ctx.database.db, orgA.clientId, (tx) =>
      queryRows<{ action: string }>(tx, sql`select action from audit_log where entity = 'note_feedback' order by id`),
    );
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'create']);
  });

  it("refuses a question the note does not have, an empty or too long answer, and another organisation's note", async () => {
    const before = await counts();
    const unknown = await post(staffA, '/api/notes/add-feedback', { NoteId: ids.onlyA, feedback_id: 'q9', answer: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: 'feedback_id', message: 'This question does not belong to the note.' }]);
    const somali = await post(staffA, '/api/notes/add-feedback', { NoteId: ids.onlyA, feedback_id: 'q9', answer: 'x' }, { 'x-lang': 'so' });
    expect(somali.json().details[0].message).toBe("Su'aashani kama mid aha su'aalaha ogeysiiskan.");
    const empty = await post(staffA, '/api/notes/add-feedback', { NoteId: ids.onlyA, feedback_id: 'q1', answer: '   ' });
    expect(empty.json().details).toEqual([{ field: 'answer', message: 'Field is required.' }]);
    const long = await post(staffA, '/api/notes/add-feedback', { NoteId: ids.onlyA, feedback_id: 'q1', answer: 'a'.repeat(2001) });
    expect(long.json().details).toEqual([{ field: 'answer', message: 'The max allowed number of characters is 2000' }]);
    expect((await post(staffA, '/api/notes/add-feedback', { NoteId: ids.onlyA, feedback_id: 'q1', answer: 'a'.repeat(2000) })).statusCode).toBe(200);
    await post(staffA, '/api/notes/add-feedback', { NoteId: ids.onlyA, feedback_id: 'q1', answer: 'Mostly' });
    expect((await post(orgB.token, '/api/notes/add-feedback', { NoteId: ids.onlyA, feedback_id: 'q1', answer: 'x' })).statusCode).toBe(404);
    expect((await post(staffA, '/api/notes/add-feedback', { NoteId: ids.global, feedback_id: 'q1', answer: 'x' })).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });
});

describe('row-level security', () => {
  it("keeps one organisation's note activity out of another's reach", async () => {
    const seen = await inTenant(ctx.database.db, orgB.clientId, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from note_activity`));
    expect(seen[0].n).toBe(0);
    const writable = await inTenant(ctx.database.db, orgA.clientId, (tx) =>
      tx.execute(sql`insert into notes (title, message, type, target, repetition) values ('x', 'y', 'optional', 'other', 'one_time')`),
    ).then(
      () => true,
      () => false,
    );
    expect(writable).toBe(false);
  });
});

describe('note helpers of the contracts', () => {
  it('accepts only https YouTube and Vimeo links', () => {
    for (const ok of [
      'https://www.youtube.com/embed/abc?rel=0',
      'https://youtube.com/watch?v=x',
      'https://www.youtube-nocookie.com/embed/x',
      'https://player.vimeo.com/video/76979871',
      'https://vimeo.com/76979871',
      'HTTPS://VIMEO.COM/1',
    ]) {
      expect(isAllowedVideoUrl(ok)).toBe(true);
    }
    for (const bad of [
      'http://youtube.com/x',
      'https://youtube.com.evil.example/x',
      'https://evil.example/youtube.com',
      'https://user@youtube.com/x',
      'https://youtube.com:444/x',
      'https://youtube.com/x"><script>',
      'https://youtube.com/ x',
      '//youtube.com/x',
      'javascript:alert(1)',
      'https://m.youtube.com/x',
      `https://youtube.com/${'a'.repeat(500)}`,
    ]) {
      expect(isAllowedVideoUrl(bad)).toBe(false);
    }
  });

  it('keeps a note due until its repetition limit is reached', () => {
    expect(isNoteDue({ repetition: 'one_time', total_view: 0 })).toBe(true);
    expect(isNoteDue({ repetition: 'one_time', total_view: 1 })).toBe(false);
    expect(isNoteDue({ repetition: 'two_times', total_view: 1 })).toBe(true);
    expect(isNoteDue({ repetition: 'three_times', total_view: 3 })).toBe(false);
  });
});
