// Journey: staff requests as three people at three computers. The store keeper writes a request with two
// lines (the total adds up as typed) and submits it (numbered REQ-<year>-00001), then one for a single
// amount (REQ-<year>-00002). The department head finds both under "Awaiting my action", gives the first
// approval to one and rejects the other (a reason is required). Finance approves the first (its steps show
// who and when), opens a purchase order prefilled from it, and instead pays it (more than approved is refused). The head's own request offers him no approval.
// The store keeper attaches the quotation, then reads their requests in Somali: fulfilled, and rejected with the head's reason.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();
const year = new Date().getUTCFullYear();
const ref = (n: number) => `REQ-${year}-${String(n).padStart(5, '0')}`;

const keeper = { username: 'faadumo', password: 'Store@2026x', fullname: 'Faadumo Warsame', code: 1000 };
const head = { username: 'cabdullaahi', password: 'Head@2026x', fullname: 'Cabdullaahi Nuur', code: 1000 };
const finance = { username: 'hodan', password: 'Finance@2026x', fullname: 'Hodan Maxamed', code: 1000 };

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

describe.skipIf(!run)('requests: submit, first-approve, approve and reject as three people', () => {
  let e2e: E2E;
  let keeperPage: Page;
  let headPage: Page;
  let financePage: Page;
  let firstUrl = '';

  beforeAll(async () => {
    e2e = await startE2E({
      prepare: async (p) => {
        await p.addStaff({ ...keeper, role: 'Store keeper', privileges: ['add-request'] });
        await p.addStaff({ ...head, role: 'Department head', privileges: ['add-request', 'list-request', 'first-approve-request'] });
        await p.addStaff({
          ...finance,
          role: 'Finance',
          privileges: ['list-request', 'approve-request', 'request-report', 'purchase-order', 'cash-purchase', 'pay-request'],
        });
      },
    });
    keeperPage = await e2e.newPage(await e2e.newContext());
    headPage = await e2e.newPage(await e2e.newContext());
    financePage = await e2e.newPage(await e2e.newContext());
    await signInAs(keeperPage, keeper);
    await signInAs(headPage, head);
    await signInAs(financePage, finance);
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('the store keeper submits a request with lines and one with an amount', async () => {
    const page = keeperPage;
    await page.goto('/#/requests/add');
    await visible(page.getByRole('heading', { name: 'New request', level: 2 }));
    await visible(page.getByText(`It will be numbered ${ref(1)}`));
    await choose(page, /^Branch/, 'Main branch');
    await page.getByLabel(/^Department/).fill('Network');
    await page.getByLabel(/^Purpose/).fill('Cable for the Hodan extension');
    await page.getByLabel(/^Description/).fill('Cable 16mm (metre)');
    await page.getByLabel(/^Quantity/).fill('120');
    await page.getByLabel(/^Estimated unit amount/).fill('3.35');
    await page.getByRole('button', { name: 'Add a line' }).click();
    await page
      .getByLabel(/^Description/)
      .nth(1)
      .fill('Clamps');
    await page
      .getByLabel(/^Quantity/)
      .nth(1)
      .fill('2.5');
    await page
      .getByLabel(/^Estimated unit amount/)
      .nth(1)
      .fill('1.01');
    // 402.00 + 2.53 (2.525 to the cent)
    await visible(page.getByTestId('request-total').getByText('404.53'));
    await e2e.shot(page, 'requests-01-new');
    // Straight from the last field to the button: the click that blurs the field must still submit (it was
    // once lost to the re-render the blur caused).
    await page.getByRole('button', { name: 'Save and submit' }).click();
    await page.waitForURL(/#\/requests\/\d+$/);
    firstUrl = page.url();
    await visible(page.getByRole('heading', { name: `Request ${ref(1)}`, level: 2 }));
    await visible(page.getByTestId('request-status').getByText('Submitted'));
    await visible(page.getByTestId('request-step-submitted').getByText(keeper.fullname));
    await visible(page.getByTestId('request-step-first').getByText('Waiting'));
    // The supplier's quotation goes with the request (a PDF: its type is read from its bytes).
    await page.locator('input[type="file"]').setInputFiles({
      name: 'quotation.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await visible(page.getByRole('region', { name: 'Attachments' }).getByText('quotation.pdf'));

    await page.goto('/#/requests/add');
    await visible(page.getByRole('heading', { name: 'New request', level: 2 }));
    await choose(page, /^Type/, 'Cash advance');
    await choose(page, /^Branch/, 'Main branch');
    await page.getByLabel(/^Purpose/).fill('Fuel for the Afgooye survey');
    await page.getByRole('button', { name: 'Remove line' }).click();
    // Without lines and without an amount the form says so on the amount.
    await page.getByRole('button', { name: 'Save and submit' }).click();
    await visible(page.getByText('Enter the lines or an amount above zero.'));
    await page.getByLabel(/^Amount/).fill('75.00');
    await page.getByRole('button', { name: 'Save and submit' }).click();
    await visible(page.getByRole('heading', { name: `Request ${ref(2)}`, level: 2 }));
    await visible(page.getByTestId('request-amount').getByText('75.00'));
    // The keeper may not approve: no such buttons.
    expect(await page.getByRole('button', { name: 'First approval' }).count()).toBe(0);
    await e2e.shot(page, 'requests-02-submitted');
  });

  it('the department head gives the first approval to one and rejects the other with a reason', async () => {
    const page = headPage;
    await page.goto('/#/requests/list?tab=awaiting');
    await visible(page.getByRole('tab', { name: 'Awaiting my action', selected: true }));
    await visible(page.getByRole('cell', { name: ref(1) }));
    await visible(page.getByRole('cell', { name: ref(2) }));
    await e2e.shot(page, 'requests-03-awaiting-head');
    await page.getByRole('cell', { name: ref(1) }).click();
    await visible(page.getByRole('heading', { name: `Request ${ref(1)}`, level: 2 }));
    await page.getByRole('button', { name: 'First approval' }).click();
    await visible(page.getByTestId('request-status').getByText('First approved'));
    await visible(page.getByTestId('request-step-first').getByText(head.fullname));
    // Only finance gives the final approval.
    expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);

    await page.goto('/#/requests/list?tab=awaiting');
    await page.getByRole('cell', { name: ref(2) }).click();
    await visible(page.getByRole('heading', { name: `Request ${ref(2)}`, level: 2 }));
    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject ${ref(2)}` });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await visible(dialog.getByText('Field is required.'));
    await dialog.getByLabel(/^Reason/).fill('Use the pool vehicle fuel card');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await visible(page.getByTestId('request-status').getByText('Rejected'));
    await visible(page.getByText('Reason: Use the pool vehicle fuel card'));
    await e2e.shot(page, 'requests-04-rejected');
  });

  it('the head cannot approve his own request', async () => {
    const page = headPage;
    await page.goto('/#/requests/add');
    await visible(page.getByRole('heading', { name: 'New request', level: 2 }));
    await choose(page, /^Branch/, 'Main branch');
    await page.getByLabel(/^Purpose/).fill('Printer toner');
    await page.getByRole('button', { name: 'Remove line' }).click();
    await page.getByLabel(/^Amount/).fill('60.00');
    await page.getByRole('button', { name: 'Save and submit' }).click();
    await visible(page.getByRole('heading', { name: `Request ${ref(3)}`, level: 2 }));
    await visible(page.getByText('This is your own request: another approver must act on it.'));
    expect(await page.getByRole('button', { name: 'First approval' }).count()).toBe(0);
  });

  it('finance approves and opens a purchase order prefilled from the request', async () => {
    const page = financePage;
    await page.goto('/#/requests/list?tab=awaiting');
    await visible(page.getByRole('cell', { name: ref(1) }));
    // Waiting for the first approval is the head's step, not finance's.
    expect(await page.getByRole('cell', { name: ref(3) }).count()).toBe(0);
    await page.goto(firstUrl);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await visible(page.getByTestId('request-status').getByText('Approved'));
    await visible(page.getByTestId('request-step-final').getByText(finance.fullname));
    await visible(page.getByTestId('request-step-first').getByText(head.fullname));
    await e2e.shot(page, 'requests-05-approved');
    await page.getByRole('button', { name: 'Create purchase order' }).click();
    await page.waitForURL(/#\/vendors\/orders\/new\?request=\d+$/);
    await visible(page.getByTestId('from-request').getByText(`From request ${ref(1)}`));
    await visible(page.getByLabel(/^Notes/));
    expect(await page.getByLabel(/^Notes/).inputValue()).toBe(`${ref(1)} Cable for the Hodan extension`);
    expect(
      await page
        .getByLabel(/^Quantity/)
        .first()
        .inputValue(),
    ).toBe('120');
    expect(
      await page
        .getByLabel(/^Unit price/)
        .first()
        .inputValue(),
    ).toBe('3.35');
    await e2e.shot(page, 'requests-06-order-from-request');

    // Or finance pays it from the cash account against an expense account: the request shows the payment and its entry.
    await page.goto(firstUrl);
    await visible(page.getByRole('region', { name: 'Attachments' }).getByText('quotation.pdf'));
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const pay = page.getByRole('dialog', { name: `Pay request ${ref(1)}` });
    expect(await pay.getByLabel(/^Amount/).inputValue()).toBe('404.53');
    await pay.getByLabel(/^Amount/).fill('404.54');
    await choose(page, /^Paid from/, /Cash on hand/);
    await choose(page, /^Charged to/, /Repairs and maintenance/);
    await pay.getByRole('button', { name: 'Pay', exact: true }).click();
    await visible(pay.getByText('The payment cannot be more than the approved amount (404.53).'));
    await pay.getByLabel(/^Amount/).fill('400.00');
    await e2e.shot(page, 'requests-06b-pay');
    await pay.getByRole('button', { name: 'Pay', exact: true }).click();
    await visible(page.getByTestId('request-status').getByText('Fulfilled'));
    await visible(page.getByTestId('request-step-fulfilled').getByText(/Became Payment RP-000001/));
    await visible(page.getByTestId('request-payment-RP-000001').getByText('400.00'));
    await e2e.shot(page, 'requests-06c-paid');

    await page.goto('/#/requests/report');
    await visible(page.getByRole('heading', { name: 'Requests report' }).first());
    await visible(page.getByTestId('requests-total-requested').getByText('539.53'));
    await visible(page.getByTestId('requests-total-approved').getByText('404.53'));
    await e2e.shot(page, 'requests-07-report');
  });

  it('the store keeper reads their requests in Somali', async () => {
    const page = keeperPage;
    await page.goto('/#/requests/list');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('heading', { name: 'Liiska codsiyada', level: 2 }));
    await visible(page.getByRole('row', { name: new RegExp(ref(1)) }).getByText('La fuliyay'));
    await visible(page.getByRole('row', { name: new RegExp(ref(2)) }).getByText('La diiday'));
    await e2e.shot(page, 'requests-08-list-somali');
    await page.getByRole('cell', { name: ref(2) }).click();
    await visible(page.getByRole('heading', { name: `Codsi ${ref(2)}`, level: 2 }));
    await visible(page.getByText('Sababta: Use the pool vehicle fuel card'));
    await visible(page.getByTestId('request-step-rejected').getByText(head.fullname));
    await e2e.shot(page, 'requests-09-rejected-somali');
    expect(e2e.pageErrors).toEqual([]);
  });
});
