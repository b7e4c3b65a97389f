// Browser-journey harness: starts the real server (built web app, fresh embedded database with the
// demo organisation) on a free port, drives Debian's Chromium through playwright-core, and keeps a
// screenshot of every screen a journey visits in e2e/screenshots/.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const root = fileURLToPath(new URL('../../..', import.meta.url));
export const screenshotDir = fileURLToPath(new URL('./screenshots/', import.meta.url));
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** True when the browser journeys can run; under CI a missing Chromium is a failure, elsewhere a loud skip. */
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

export interface E2E {
  baseUrl: string;
  browser: Browser;
  /** A fresh browser profile (own localStorage), like a second person at another computer. */
  newContext(): Promise<BrowserContext>;
  newPage(context?: BrowserContext): Promise<Page>;
  shot(page: Page, name: string): Promise<void>;
  /** Runs an operator command (npm run admin) against this server's database. */
  dataDir: string;
  close(): Promise<void>;
}

export async function startE2E(): Promise<E2E> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ubo-e2e-'));
  const port = await freePort();
  const server: ChildProcess = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  mkdirSync(screenshotDir, { recursive: true });
  const contexts: BrowserContext[] = [];
  const e2e: E2E = {
    baseUrl,
    browser,
    dataDir,
    async newContext() {
      const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, baseURL: baseUrl });
      contexts.push(context);
      return context;
    },
    async newPage(context) {
      const page = await (context ?? (await e2e.newContext())).newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
    async shot(page, name) {
      await page.waitForTimeout(250); // let transitions settle so the picture shows the finished screen
      await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: false });
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close().catch(() => {});
      server.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return e2e;
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signInAs(page: Page, baseUrl: string, user: { username: string; password: string; code?: number }) {
  await page.goto(`${baseUrl}/#/auth/login`);
  await page.getByLabel(/username|magaca/i).fill(user.username);
  await page.getByLabel(/password|furaha/i).fill(user.password);
  await page.getByLabel(/code|koodh/i).fill(String(user.code ?? 1000));
  await page.getByRole('button', { name: /sign in|soo gal/i }).click();
  await page.waitForURL(/#\/dashboard/);
}
