/**
 * Headless Chromium for the browser app's tests and benchmark: builds the app from the current
 * sources (never a stale `web-dist/`), serves it with `klondike web`'s static server, and launches
 * Debian's `chromium` through playwright-core (which downloads no browser) with a fresh profile.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, type LaunchOptions, chromium } from 'playwright-core';
import { build } from 'vite';
import { serveStatic } from '../../src/cli/web.ts';

/** The browser the tests drive. */
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);
/** How to get it, for the skip message. */
export const CHROMIUM_HINT = `${CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium), or set CHROMIUM to a Chromium binary`;

/** Where the tests put their build and screenshots (git-ignored). */
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

/** Builds the app from web/ into `outDir` (or another entry page, e.g. for the benchmark). */
export async function buildApp(outDir: string, input?: string): Promise<void> {
  await build({
    configFile: resolve('web/vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, ...(input ? { rolldownOptions: { input } } : {}) },
  });
}

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

/** Serves `dir` on 127.0.0.1 and starts Chromium. */
export async function launch(dir: string, options: ContextOptions = {}): Promise<Browser> {
  const { server, url } = await serveStatic(dir, 0);
  const profile = mkdtempSync(join(tmpdir(), 'klondike-chromium-'));
  let ctx: BrowserContext;
  try {
    ctx = await chromium.launchPersistentContext(profile, {
      viewport: { width: 1280, height: 900 },
      ...options,
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
    });
  } catch (e) {
    closeServer(server);
    throw e;
  }
  let serving = true;
  const stopServer = () => {
    if (serving) closeServer(server);
    serving = false;
  };
  return {
    ctx,
    url,
    stopServer,
    close: async () => {
      await ctx.close();
      stopServer();
      rmSync(profile, { recursive: true, force: true });
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
