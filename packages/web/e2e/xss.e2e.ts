// Journey: stored text is shown as text. Markup such as <img src=x onerror=alert(1)> is a valid name
// (the API returns it raw in JSON, correctly); every screen, print view, PDF and export must show it
// literally. The administrator gives it (through the API) to a city, a branch, a zone, a tariff, a customer
// and their address, an account, a journal memo, a role and a user's full name, bills the customer, then
// visits the lists, pages and print views: the text is visible as typed, no <img src="x"> element exists,
// no dialog opened. The bill's PDF and the ageing's CSV and Excel files hold the literal text.
import { inflateRawSync, inflateSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, clock, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();
const PAYLOAD = '<img src=x onerror=alert(1)>';
const named = (what: string) => `${what} ${PAYLOAD}`;

function apiCall(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );
}

async function ok(page: Page, method: string, path: string, body?: unknown) {
  const res = await apiCall(page, method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A file from the API as bytes (base64 through the page). */
async function fetchBytes(page: Page, path: string): Promise<Buffer> {
  const base64 = await page.evaluate(async (path) => {
    const res = await fetch(`/api${path}`, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  }, path);
  return Buffer.from(base64, 'base64');
}

/** The text a pdfkit PDF draws with its standard fonts: every content stream inflated, its strings joined. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let out = '';
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      for (const hex of tj[1].matchAll(/<([0-9a-fA-F]*)>/g)) out += Buffer.from(hex[1], 'hex').toString('latin1');
      out += '\n';
    }
  }
  return out;
}

/** The text of every entry of a ZIP archive (.xlsx), stored or deflated, read through its central directory. */
function zipText(archive: Buffer): string {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let p = archive.readUInt32LE(end + 16);
  let out = '';
  for (let i = 0; i < count; i++) {
    const method = archive.readUInt16LE(p + 10);
    const size = archive.readUInt32LE(p + 20);
    const nameLength = archive.readUInt16LE(p + 28);
    const local = archive.readUInt32LE(p + 42);
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = archive.subarray(start, start + size);
    out += (method === 8 ? inflateRawSync(data) : Buffer.from(data)).toString('utf8');
    p += 46 + nameLength + archive.readUInt16LE(p + 30) + archive.readUInt16LE(p + 32);
  }
  return out;
}

/** XML text with its five entities decoded. */
const xmlDecoded = (xml: string) =>
  xml
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

function lastMonth(): string {
  return clock.monthBefore(1);
}

describe.skipIf(!run)('stored markup is shown as text everywhere', () => {
  let e2e: E2E;
  let page: Page;
  const dialogs: string[] = [];
  const ids = { customer: 0, bill: 0, entry: 0 };

  beforeAll(async () => {
    e2e = await startE2E();
    page = await e2e.newPage();
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signInAs(page, demo.admin);
    const period = lastMonth();
    const city = await ok(page, 'POST', '/cities', { name: named('City'), region: named('Region') });
    const branch = await ok(page, 'POST', '/elc/branches', { name: named('Branch') });
    const zone = await ok(page, 'POST', '/elc/zones', { name: named('Zone'), branchId: branch.id, description: named('Zone note') });
    await ok(page, 'POST', '/elc/prices', {
      name: named('Tariff'),
      customerClass: 'residential',
      zoneId: zone.id,
      effectiveFrom: '2020-01-01',
      serviceCharge: '2',
      taxPercent: '0',
      description: named('Tariff note'),
      blocks: [{ from: '0', to: null, rate: '1' }],
    });
    const customer = await ok(page, 'POST', '/elc/customers', {
      name: named('Customer'),
      phone: '0615990011',
      customerClass: 'residential',
      address: named('Address'),
      cityId: city.id,
    });
    ids.customer = customer.id;
    const house = await ok(page, 'POST', '/elc/houses', {
      customerId: customer.id,
      zoneId: zone.id,
      houseNo: 'X-1',
      meterNumber: 'MTR-X1',
      meterDigits: 5,
      installationReading: '0',
      installationDate: '2020-01-01',
    });
    await ok(page, 'POST', '/elc/reads', { houseId: house.id, period, readingDate: `${period}-28`, currentReading: '12' });
    await ok(page, 'POST', '/bills/saveCustomersBill', { period });
    const bills = await ok(page, 'GET', `/bills?customerId=${customer.id}`);
    ids.bill = (bills.data ?? bills.rows ?? bills)[0].id;

    const account = await ok(page, 'POST', '/finance/accounts', {
      code: '1999',
      nameEn: named('Account'),
      nameSo: named('Xisaab'),
      type: 'asset',
      subtype: 'other',
    });
    const accounts = await ok(page, 'GET', '/finance/accounts');
    const cash = (accounts.data ?? accounts).find((a: { code: string }) => a.code !== '1999' && /^1/.test(a.code));
    const entry = await ok(page, 'POST', '/finance/transaction', {
      date: `${period}-15`,
      memo: named('Memo'),
      reference: 'XSS-1',
      lines: [
        { accountId: account.id, debit: '5', credit: '0', memo: named('Line') },
        { accountId: cash.id, debit: '0', credit: '5' },
      ],
    });
    ids.entry = entry.id;
    const role = await ok(page, 'POST', '/roles', { name: named('Role'), privileges: ['dashboard'] });
    await ok(page, 'POST', '/admin', { username: 'xss.user', fullname: named('User'), roleId: role.id });
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  /** Opens a screen and checks the named text shows literally, and that no markup of it became an element. */
  async function looksLiteral(path: string, what: string, shot: string) {
    await page.goto(`/#${path}`);
    await visible(page.getByText(named(what), { exact: false }).first());
    await expect.poll(() => page.locator('img[src="x"]').count()).toBe(0);
    await expect.poll(() => page.locator('img[onerror]').count()).toBe(0);
    await e2e.shot(page, shot);
  }

  it('lists and pages show every name as typed', async () => {
    await looksLiteral('/settings/list-cities', 'City', 'xss-01-cities');
    await looksLiteral('/settings/list-branches', 'Branch', 'xss-02-branches');
    await looksLiteral('/customers/zones', 'Zone', 'xss-03-zones');
    await looksLiteral('/customers/tariffs', 'Tariff', 'xss-04-tariffs');
    await looksLiteral('/customers', 'Customer', 'xss-05-customers');
    await looksLiteral(`/customers/${ids.customer}`, 'Customer', 'xss-06-customer-page');
    await looksLiteral('/finance/list-account', 'Account', 'xss-07-accounts');
    await looksLiteral(`/finance/general-journal/${ids.entry}`, 'Memo', 'xss-08-journal-entry');
    await looksLiteral('/settings/list-roles', 'Role', 'xss-09-roles');
    await looksLiteral('/settings/list-users', 'User', 'xss-10-users');
    expect(dialogs).toEqual([]);
  });

  it('the bill, its print view, its PDF and the ageing export show the customer literally', async () => {
    await looksLiteral(`/customers/bills/${ids.bill}`, 'Customer', 'xss-11-bill');
    await looksLiteral(`/customers/bills/${ids.bill}/print`, 'Customer', 'xss-12-bill-print');
    const pdf = await fetchBytes(page, `/bills/${ids.bill}/print.pdf`);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(pdf).replace(/\n/g, '')).toContain(named('Customer'));
    const today = clock.today();
    const csv = (await fetchBytes(page, `/finance/customer/aging/export?format=csv&date=${today}`)).toString('utf8');
    expect(csv).toContain(named('Customer'));
    // In the Excel file the text is a cell's value: XML-escaped in the file, the same text once read.
    const xlsx = zipText(await fetchBytes(page, `/finance/customer/aging/export?format=xlsx&date=${today}`));
    expect(xlsx).not.toContain(PAYLOAD);
    expect(xmlDecoded(xlsx)).toContain(named('Customer'));
    expect(dialogs).toEqual([]);
    expect(e2e.pageErrors).toEqual([]);
  });
});
