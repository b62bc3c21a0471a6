// The browser-test harness: the real server started as `npm start` would start it (own port, temporary SQLite
// database, captcha off unless asked), and Debian's Chromium driven by playwright-core.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { SERVER_NODE_FLAGS } from '../../scripts/server-process.js';

export const root = join(import.meta.dirname, '..', '..');
export const screenshotDir = join(root, 'tests', 'e2e', 'screenshots');

export interface ConsoleServer {
  url: string;
  databaseFile: string;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  captcha?: boolean;
  env?: Record<string, string>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 150000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/login`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer at ${url}:\n${output()}`);
}

export async function startServer(options: ServerOptions = {}): Promise<ConsoleServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ride-console-e2e-'));
  const databaseFile = join(dir, 'console.db');
  let log = '';
  // Node itself with tsx's loader and the server's flags, as `npm start` runs it, not the tsx command: the process
  // signalled at the end is the server, and none is left holding its port behind a wrapper.
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts', '--build-if-needed'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseFile,
        CAPTCHA_ENABLED: options.captcha ? 'true' : 'false',
        // No load balancer watches a test's server: stopping it need not wait for one to see /readyz fail.
        DRAIN_GRACE_MS: '0',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    // Waited for: the suite does not end with the server still running.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(url, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, databaseFile, stop };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** What the browser refused under the server's Content-Security-Policy; `csp-check.ts` fails a test that left any. */
export const cspViolations: string[] = [];

export async function newPage(
  browser: Browser,
  server: ConsoleServer,
): Promise<{ context: BrowserContext; page: Page }> {
  // Without motion, as a person who asks their system for less of it sees the console: a click never lands on a
  // dialog still opening, however busy the machine (the benches keep the motion).
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1366, height: 800 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
  });
  return { context, page };
}

export interface Credentials {
  username?: string;
  password?: string;
}

/** Fills the account form of /login and waits for the home tab. */
/**
 * Opens /login signed out. A retried test may find the page still signed in from its first try, and /login sends a
 * signed-in page home, so the session is cleared first.
 */
export async function openSignIn(page: Page): Promise<void> {
  await page.goto('/login');
  if (await page.evaluate(() => localStorage.getItem('ride-token') !== null)) {
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
  }
}

export async function fillSignIn(page: Page, { username = 'admin', password = 'admin' }: Credentials = {}) {
  await openSignIn(page);
  await page.getByPlaceholder('请输入账号').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

export async function signIn(page: Page, credentials: Credentials = {}): Promise<void> {
  await fillSignIn(page, credentials);
  await page.waitForURL('**/wel/index');
}

export interface ConsoleOptions extends ServerOptions {
  /** Runs against the started server before the browser opens: the data a file's tests need. */
  prepare?: (server: ConsoleServer) => Promise<void>;
  /** Whom the page signs in as (admin unless told); `false` leaves it signed out on a blank page. */
  signIn?: Credentials | false;
}

export interface OpenConsole {
  server: ConsoleServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

/** The start of most browser test files: the server, Chromium and one page, signed in. */
export async function openConsole({
  prepare,
  signIn: credentials = {},
  ...options
}: ConsoleOptions = {}): Promise<OpenConsole> {
  const server = await startServer(options);
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await server.stop();
  };
  try {
    await prepare?.(server);
    browser = await launchBrowser();
    const { context, page } = await newPage(browser, server);
    if (credentials) await signIn(page, credentials);
    return { server, browser, context, page, close };
  } catch (error) {
    // A failed start leaves no server or browser running behind the failed file.
    await close();
    throw error;
  }
}

/**
 * A button's accessible name as antd gives it: a button whose loading icon has not finished fading out is named
 * "loading 保存" for a while. Spaces between the characters are allowed too (antd spaces a two-character label, 保 存,
 * unless told not to, as the console does).
 */
export const buttonName = (text: string): RegExp => new RegExp(`^(loading\\s+)?${text.split('').join('\\s*')}$`);

/**
 * Answers the open confirm (`.ant-modal-confirm`) with the button `name`, until the confirm has gone: a click that
 * lands while it is still opening can be lost, and it then stays over the dialog below.
 */
export async function answerConfirm(page: Page, name: RegExp): Promise<void> {
  const confirm = page.locator('.ant-modal-confirm');
  // The first confirm of a visit comes once its code has loaded: wait for it to be there before answering.
  await confirm.first().waitFor();
  const deadline = Date.now() + 20000;
  while ((await confirm.count()) > 0) {
    if (Date.now() > deadline) throw new Error(`the confirm did not close on ${name}`);
    // Either may fail while the confirm is still moving; the loop looks again.
    await confirm
      .getByRole('button', { name })
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await confirm.waitFor({ state: 'detached', timeout: 2000 }).catch(() => undefined);
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}
