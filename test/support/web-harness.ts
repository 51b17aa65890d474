/**
 * Headless Chromium for the browser app's tests and benchmark: serves a build of the app
 * (test/support/build-web.ts: the tests share the global setup's, `inject('webApp')`) with
 * `klondike web`'s static server, and launches Debian's `chromium` through playwright-core (which
 * downloads no browser) with a fresh profile, or opens a fresh context (a private window) on one Chromium shared by a test file
 * (`openContext`): starting and stopping a browser costs about a second of CPU, a context next to
 * nothing.
 *
 * Timeouts: every wait of the tests is for work bounded by positions or samples, never by time,
 * so a wait's limit only catches a page that never answers. `WAIT_MS` is the one limit for a
 * Playwright action or wait and for an `expect.poll`, far beyond what a loaded machine takes.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser as Chromium, type BrowserContext, type LaunchOptions, type Page, chromium } from 'playwright-core';
import { serveStatic } from '../../src/cli/web.ts';
import { SLOW } from './slow.ts';

export { buildApp } from './build-web.ts';

/** The browser the tests drive. */
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);
/** How to get it, for the skip message. */
export const CHROMIUM_HINT = `${CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium), or set CHROMIUM to a Chromium binary`;

/** The limit of a wait for the page (see the header): it only catches a page that never answers. */
export const WAIT_MS = 120_000;

/** Where the tests put their screenshots (git-ignored; with SLOW=1) and the shared build of the app. */
export const OUTPUT = resolve('test-output/web');

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A running browser with a fresh profile and a server for `dir`. */
export interface Browser {
  ctx: BrowserContext;
  url: string;
  /** Stops the server: the address answers nothing any more (the network is cut). */
  stopServer(): void;
  close(): Promise<void>;
}

/** The context's options: a desktop screen unless told otherwise (a phone with touch, say). */
export type ContextOptions = Omit<Parameters<typeof chromium.launchPersistentContext>[1], keyof LaunchOptions>;

/**
 * Serves `dir` on 127.0.0.1 and starts a Chromium of its own with a fresh profile on disk (what
 * an installed app needs: Chromium calls a private window's page not installable).
 */
export async function launch(dir: string, options: ContextOptions = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'klondike-chromium-'));
  return serving(dir, async () => {
    const ctx = await chromium.launchPersistentContext(profile, {
      ...contextOptions(options),
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
    });
    return { ctx, close: () => ctx.close() };
  }).then((b) => ({ ...b, close: () => b.close().finally(() => rmSync(profile, { recursive: true, force: true })) }));
}

let shared: Promise<Chromium> | undefined;

/** Serves `dir` on 127.0.0.1 and opens a fresh context (a private window) on the shared Chromium. */
export async function openContext(dir: string, options: ContextOptions = {}): Promise<Browser> {
  return serving(dir, async () => {
    const ctx = await newSharedContext(options);
    return { ctx, close: () => ctx.close() };
  });
}

/** A fresh context (a private window: no cache, no storage, no service worker) on the shared Chromium, for a server of the caller's. */
export async function newSharedContext(options: ContextOptions = {}): Promise<BrowserContext> {
  shared ??= chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  const ctx = await (await shared).newContext(contextOptions(options));
  ctx.setDefaultTimeout(WAIT_MS);
  return ctx;
}

/** Closes the shared Chromium, if one was started. */
export async function closeShared(): Promise<void> {
  const b = shared;
  shared = undefined;
  await (await b)?.close();
}

/** A desktop screen unless told otherwise (a phone with touch, say). */
function contextOptions(options: ContextOptions): ContextOptions {
  return { viewport: { width: 1280, height: 900 }, ...options };
}

/** Starts the server for `dir`, then the context; the server stops when the context cannot start. */
async function serving(dir: string, start: () => Promise<{ ctx: BrowserContext; close(): Promise<void> }>): Promise<Browser> {
  const { server, url } = await serveStatic(dir, 0);
  let opened: { ctx: BrowserContext; close(): Promise<void> };
  try {
    opened = await start();
  } catch (e) {
    closeServer(server);
    throw e;
  }
  opened.ctx.setDefaultTimeout(WAIT_MS);
  let up = true;
  const stopServer = () => {
    if (up) closeServer(server);
    up = false;
  };
  return {
    ctx: opened.ctx,
    url,
    stopServer,
    close: async () => {
      await opened.close();
      stopServer();
    },
  };
}

function closeServer(s: Server): void {
  s.close();
  s.closeAllConnections();
}

/** Makes the output folder. */
export function outputDir(): string {
  mkdirSync(OUTPUT, { recursive: true });
  return OUTPUT;
}

/**
 * Saves a screenshot of the whole page as `dir/name.png`, with SLOW=1 only: a picture is for a
 * person to look at, checks nothing, and costs a fifth of a second of the browser's CPU.
 */
export async function screenshot(page: Page, dir: string, name: string): Promise<void> {
  if (SLOW) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}
