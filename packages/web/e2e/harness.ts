// Browser-journey harness (how to use it: e2e/README.md): starts the real server (built web app, fresh
// embedded database with the demo organisation) on a free port, drives Debian's Chromium through
// playwright-core, and keeps a screenshot of every screen a journey visits in e2e/screenshots/.
//
// Test data beyond the demo organisation is prepared BEFORE the server starts, because the embedded
// database (PGlite) can be opened by one process only: startE2E({ prepare }) opens the database in the
// data directory in this process, migrates it, seeds the demo organisation, hands `prepare` the
// operator command line (the same commands as `npm run admin -- ...`), closes the database and only
// then starts the server on that directory.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
export const screenshotDir = fileURLToPath(new URL('./screenshots/', import.meta.url));
/** Every screen's picture is kept when run by hand; under CI only failures are (about 300 PNGs a run
 * otherwise), unless E2E_SCREENSHOTS=1 asks for them. */
const keepScreenshots = process.env.E2E_SCREENSHOTS === '1' || !process.env.CI;
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The demo organisation the server seeds on an empty database (packages/server/src/seed/demo.ts). */
export const demo = {
  code: 1000,
  name: 'Demo Utility',
  admin: { username: 'admin', password: 'Admin@2026', fullname: 'Demo Administrator', code: 1000 },
  cashier: { username: 'cashier', password: 'Cashier@2026', fullname: 'Demo Cashier', code: 1000 },
} as const;

/** True when the browser journeys can run; under CI a missing Chromium is a failure, elsewhere a loud skip. */
/**
 * One clock for every journey: the day and the month in UTC. The server's business date is the
 * database's current_date (UTC: the server runs with TZ=UTC) and every browser context runs in UTC too,
 * so a journey, the page's default dates and the server agree on today and this month.
 */
export const clock = {
  today: (): string => new Date().toISOString().slice(0, 10),
  /** YYYY-MM of the month `back` months before this one. */
  monthBefore(back: number): string {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
  },
  /** The last day (YYYY-MM-DD) of a YYYY-MM month. */
  monthEnd(period: string): string {
    const [y, m] = period.split('-').map(Number);
    return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  },
  year: (): number => new Date().getUTCFullYear(),
};

export function browserAvailable(): boolean {
  if (existsSync(chromiumPath)) return true;
  if (process.env.CI === 'true') throw new Error(`Chromium not found at ${chromiumPath}: browser tests cannot run under CI`);
  console.warn(`\n!!! SKIPPING BROWSER TESTS: Chromium not found at ${chromiumPath} (apt-get install -y chromium) !!!\n`);
  return false;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** What a preparation step may do to the database before the server starts. */
export interface Preparation {
  /**
   * Runs one operator command, e.g. admin('add-note', '--code', '1000', ...). Throws with the command's
   * message when it fails; returns the lines it printed.
   */
  admin(...argv: string[]): Promise<string[]>;
  /**
   * Adds a staff member who is not an administrator, with a role holding `privileges`. The operator
   * command line has no command for this (staff are added in Settings > Users), so it writes the rows
   * as the demo seed does.
   */
  addStaff(opts: { code: number; username: string; password: string; fullname: string; role: string; privileges: string[] }): Promise<void>;
  /** The database's date plus `days` as YYYY-MM-DD (the date the server compares subscriptions with). */
  date(days?: number): Promise<string>;
}

async function prepareDatabase(dataDir: string, prepare?: (p: Preparation) => Promise<void>): Promise<void> {
  // Imported here so journeys without a preparation step never load the server code.
  const { openDatabase } = await import('../../server/src/db/client.ts');
  const { migrate } = await import('../../server/src/db/migrate.ts');
  const { inSystem, inTenant } = await import('../../server/src/db/tenant.ts');
  const { queryRows } = await import('../../server/src/db/rows.ts');
  const { seedDemoIfEmpty } = await import('../../server/src/seed/demo.ts');
  const { runCommandLine } = await import('../../server/src/cli/commands.ts');
  const { hashPassword } = await import('../../server/src/lib/passwords.ts');
  const { clients } = await import('../../server/src/modules/organisations/index.ts');
  const { roles, rolePrivileges, users } = await import('../../server/src/modules/users/index.ts');
  const { eq, sql } = await import('drizzle-orm');

  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    await migrate(database);
    await seedDemoIfEmpty(database.db);
    if (!prepare) return;
    const db = database.db;
    await prepare({
      async admin(...argv) {
        const result = await runCommandLine(db, argv, { LANG: 'C' });
        if (result.exitCode !== 0) throw new Error(`npm run admin -- ${argv.join(' ')}: ${result.stderr.join(' ')}`);
        return result.stdout;
      },
      async addStaff({ code, username, password, fullname, role, privileges }) {
        const [client] = await inSystem(db, (tx) => tx.select({ id: clients.id }).from(clients).where(eq(clients.code, code)));
        if (!client) throw new Error(`no organisation with code ${code}`);
        const passwordHash = await hashPassword(password);
        await inTenant(db, client.id, async (tx) => {
          const [r] = await tx.insert(roles).values({ clientId: client.id, name: role }).returning();
          if (privileges.length > 0) {
            await tx.insert(rolePrivileges).values(privileges.map((privilege) => ({ clientId: client.id, roleId: r.id, privilege })));
          }
          await tx.insert(users).values({ clientId: client.id, username, fullname, passwordHash, roleId: r.id });
        });
      },
      async date(days = 0) {
        const [row] = await queryRows<{ d: string }>(db, sql`select to_char(current_date + ${days}::int, 'YYYY-MM-DD') as d`);
        return row.d;
      },
    });
  } finally {
    await database.close();
  }
}

/** What global-setup.ts provides ('' when the files run without it). */
function provided(key: 'e2eTemplateDir' | 'e2eWebDist' | 'e2eServer'): string {
  try {
    return inject(key) || '';
  } catch {
    return ''; // not run through e2e/vitest.config.ts
  }
}

export interface E2E {
  baseUrl: string;
  browser: Browser;
  dataDir: string;
  /** A fresh browser profile (own localStorage), like a second person at another computer. */
  newContext(): Promise<BrowserContext>;
  newPage(context?: BrowserContext): Promise<Page>;
  /** Saves e2e/screenshots/<name>.png of what the page shows now. */
  shot(page: Page, name: string): Promise<void>;
  /** Uncaught exceptions of every page of this run ("message (url)"); a journey ends by expecting none. */
  pageErrors: string[];
  /**
   * For afterEach: when the test failed, saves screenshots/FAILED-<test>-<n>.png of every open page, so
   * a failure can be looked at.
   */
  afterEachTest(ctx: { task: { name: string; result?: { state?: string } } }): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Prepares data in the database before the server starts (see Preparation). */
  prepare?: (p: Preparation) => Promise<void>;
  /** The app's transitions and animations on (the default asks for reduced motion, which turns them off). */
  motion?: boolean;
}

export async function startE2E(options: StartOptions = {}): Promise<E2E> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ubo-e2e-'));
  let server: ChildProcess | undefined;
  let launching: Promise<Browser> | undefined;
  try {
    // The template of global-setup.ts: migrated, with the demo organisation (else the server makes it).
    const template = provided('e2eTemplateDir');
    if (template) cpSync(template, dataDir, { recursive: true });
    if (options.prepare) await prepareDatabase(dataDir, options.prepare);
    const port = await freePort();
    // The server built once for the run (global-setup.ts), else its sources through tsx.
    const built = provided('e2eServer');
    const [command, args] = built
      ? [process.execPath, ['--enable-source-maps', built]]
      : [join(root, 'node_modules/.bin/tsx'), [join(root, 'packages/server/src/main.ts')]];
    server = spawn(command, args, {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: '1',
        TZ: 'UTC',
        LOG_LEVEL: 'warn',
        // The SMS journey's gateway listens on loopback, which the server refuses unless allowed.
        SMS_GATEWAY_ALLOW_HOSTS: '127.0.0.1',
        // So does the e-mail journey's SMTP server.
        EMAIL_SMTP_ALLOW_HOSTS: '127.0.0.1',
        // The run's own copy of the built web app (global-setup.ts); else packages/web/dist.
        ...(provided('e2eWebDist') ? { WEB_DIST: provided('e2eWebDist') } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = serverLog(server);
    // The browser starts while the server does.
    launching = chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    launching.catch(() => {}); // reported below, after the server
    await waitForServer(server, `http://127.0.0.1:${port}`, log);
    return makeE2E(`http://127.0.0.1:${port}`, dataDir, server, log, await launching, options);
  } catch (err) {
    await launching?.then((b) => b.close()).catch(() => {});
    if (server && server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** The server's output (its last 20,000 characters), for failure reports. */
function serverLog(server: ChildProcess): () => string {
  let output = '';
  const add = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  server.stdout?.on('data', add);
  server.stderr?.on('data', add);
  return () => output;
}

async function waitForServer(server: ChildProcess, baseUrl: string, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${log()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function makeE2E(baseUrl: string, dataDir: string, server: ChildProcess, log: () => string, browser: Browser, options: StartOptions): E2E {
  const exited = new Promise<void>((resolve) => {
    if (server.exitCode !== null) resolve();
    else server.once('exit', () => resolve());
  });
  mkdirSync(screenshotDir, { recursive: true });
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  const e2e: E2E = {
    baseUrl,
    browser,
    dataDir,
    pageErrors,
    async newContext() {
      // Reduced motion (the app then runs no transitions, animations or ripples, index.html and theme.ts):
      // Chromium spent about 30 % less CPU on two measured journeys without them (2-core CI machine).
      const context = await browser.newContext({
        viewport: { width: 1366, height: 850 },
        baseURL: baseUrl,
        locale: 'en-GB',
        timezoneId: 'UTC',
        reducedMotion: options.motion ? 'no-preference' : 'reduce',
      });
      contexts.push(context);
      return context;
    },
    async newPage(context) {
      const page = await (context ?? (await e2e.newContext())).newPage();
      page.setDefaultTimeout(15_000);
      page.on('pageerror', (err) => pageErrors.push(`${err.message} (${page.url()})`));
      // A Content-Security-Policy violation is reported on the console only: it counts as a page error.
      page.on('console', (msg) => {
        if (/Content Security Policy/i.test(msg.text())) pageErrors.push(`CSP: ${msg.text()} (${page.url()})`);
      });
      return page;
    },
    async afterEachTest(ctx) {
      if (ctx.task.result?.state !== 'fail') return;
      const name = ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
      let n = 0;
      for (const c of contexts) {
        for (const p of c.pages()) {
          n += 1;
          await p.screenshot({ path: join(screenshotDir, `FAILED-${name}-${n}.png`) }).catch(() => {});
          console.error(`FAILED ${ctx.task.name}: page ${n} at ${p.url()} -> screenshots/FAILED-${name}-${n}.png`);
        }
      }
      const output = log().trim();
      if (output) console.error(`server output (last lines):\n${output.split('\n').slice(-30).join('\n')}`);
      if (server.exitCode !== null) console.error(`the server has exited with code ${server.exitCode}`);
    },
    async shot(page, name) {
      if (!keepScreenshots) return;
      // Transitions and animations are run to their end for the picture, so it shows the finished screen.
      await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: false, animations: 'disabled' });
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close().catch(() => {});
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        const killer = setTimeout(() => server.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return e2e;
}

export interface Credentials {
  username: string;
  password: string;
  code?: number;
}

/** Fills the sign-in form (English labels) and presses Sign in; does not wait for where it leads. */
export async function submitSignIn(page: Page, user: Credentials) {
  if (!/#\/auth\/login/.test(page.url())) await page.goto('/#/auth/login');
  await page.getByLabel('Username', { exact: true }).fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Organisation code', { exact: true }).fill(String(user.code ?? demo.code));
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the login screen and waits for the dashboard's welcome. */
export async function signInAs(page: Page, user: Credentials & { fullname?: string }) {
  await submitSignIn(page, user);
  await page.waitForURL(/#\/dashboard$/);
  await page.getByRole('heading', { name: user.fullname ? `Welcome, ${user.fullname}` : /^Welcome, / }).waitFor();
}

/**
 * Runs `act` (a click on Log out, or on Login of the expired screen) and waits for what logging out
 * does: the sign-in screen, then the page's reload 100 ms later.
 */
export async function loggingOut(page: Page, act: () => Promise<void>) {
  await Promise.all([page.waitForEvent('load'), act()]);
  await page.waitForURL(/#\/auth\/login$/);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
}

/** Opens the sidebar's account panel (profile, change password, log out) and waits until it is open. */
export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /^(Account menu for|Liiska akoonka) / }).click();
  // Clicking inside a sub-menu that is still unfolding can miss: wait until it has unfolded.
  await page
    .locator('aside .MuiCollapse-entered')
    .getByRole('button', { name: /^(Log out|Ka bax)$/ })
    .waitFor();
}

/** Logs out through the sidebar's account panel and waits for the sign-in screen after the reload. */
export async function logOut(page: Page) {
  await openAccountMenu(page);
  await loggingOut(page, () => page.getByRole('button', { name: /^(Log out|Ka bax)$/ }).click());
}

/** Unfolds a sub-menu of the main menu (e.g. 'Settings') and waits until it has unfolded. */
export async function openMenuSection(page: Page, section: string, menuName?: string) {
  const nav = mainMenu(page, menuName);
  const button = nav.getByRole('button', { name: section, exact: true });
  // The sub-menu's entries sit in the collapse right after its button.
  const unfolded = button.locator('xpath=following-sibling::div[contains(@class, "MuiCollapse-entered")]');
  // Right after a page load the menu may still open the current route's section by itself, and a click
  // read against the state before that folds it again: look again and click until it stays unfolded.
  for (let attempt = 1; ; attempt += 1) {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    try {
      await unfolded.waitFor({ timeout: attempt < 3 ? 3000 : undefined });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/** The part of the URL after '#', e.g. '/dashboard' or '/auth/change-password?action=required'. */
export function route(page: Page): string {
  return new URL(page.url()).hash.replace(/^#/, '');
}

/** Waits until the locator is visible (fails the journey after the page timeout) and returns it. */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible' });
  return locator;
}

/** The sidebar's main menu. */
export function mainMenu(page: Page, name = 'Main menu'): Locator {
  return page.getByRole('navigation', { name });
}

/** Texts of the entries the main menu shows now (open sub-menus included), in order. */
export async function menuEntries(page: Page, name?: string): Promise<string[]> {
  const nav = mainMenu(page, name);
  await nav.locator('.MuiListItemButton-root').first().waitFor();
  return (await nav.locator('.MuiListItemButton-root .MuiListItemText-primary').allInnerTexts()).map((s) => s.trim());
}

/** The page's full width and the window's: a page that scrolls sideways has scrollWidth > innerWidth. */
export function pageWidth(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

/** Whether the element lies wholly within the window's width (not scrolled or pushed off to a side). */
export function isWithinWindowWidth(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth;
  });
}

/**
 * Opens every sub-menu of the sidebar and returns the menu labels that are cut short (their text is
 * wider than their box: an ellipsis instead of the whole title), with the number of labels seen.
 */
export async function truncatedMenuLabels(page: Page): Promise<{ labels: number; truncated: string[] }> {
  const nav = page.locator('aside nav').first();
  await nav.locator('.MuiListItemButton-root').first().waitFor();
  for (let i = 0; i < 30 && (await nav.locator('[aria-expanded="false"]').count()) > 0; i++) {
    await nav.locator('[aria-expanded="false"]').first().click();
  }
  return nav.evaluate((el) => {
    const texts = [...el.querySelectorAll<HTMLElement>('.MuiListItemText-primary')];
    return { labels: texts.length, truncated: texts.filter((t) => t.scrollWidth > t.clientWidth).map((t) => t.textContent ?? '') };
  });
}
