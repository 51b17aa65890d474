/**
 * Builds the browser app with Vite (web/vite.config.ts) from the current sources, never a stale
 * `web-dist/`. The browser tests share one build, made by the suite's global setup into `APP_DIR`
 * (test/support/global-setup.ts) and handed to the test files by `inject('webApp')`: made again
 * only when something it reads changed since (a stamp in test-output/, as for dist/ in
 * build-dist.ts). The tests only read it; a script or benchmark that needs another entry page
 * builds its own.
 */
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { ROOT, builtSince, noteBuilt } from './build-dist.ts';

/** The shared build of the browser tests, under the repository root (git-ignored). */
export const APP_DIR = 'test-output/web/app';

/** Where buildTestApp notes a build, dated when it started. */
const STAMP = 'test-output/web-app-built';

/** What the app's build reads: the app, the library's sources it imports, the compilers' versions and options, and this file. */
const INPUTS = {
  dirs: ['web', 'src'],
  files: ['package.json', 'package-lock.json', 'tsconfig.json', 'test/support/build-web.ts'],
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared build of the browser app (absolute path), made by the global setup when Chromium is there. */
    webApp: string;
  }
}

/** Builds the app from web/ into `outDir` (or another entry page, e.g. for the benchmark). */
export async function buildApp(outDir: string, input?: string): Promise<void> {
  await build({
    configFile: resolve(ROOT, 'web/vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, ...(input ? { rolldownOptions: { input } } : {}) },
  });
}

/** `APP_DIR` under `root` was built by buildTestApp from the inputs as they are now. */
export function appUpToDate(root: string): boolean {
  return builtSince(root, STAMP, INPUTS, [`${APP_DIR}/index.html`, `${APP_DIR}/sw.js`]);
}

/** Builds the app into `APP_DIR` unless it is up to date; returns its absolute path. */
export async function buildTestApp(): Promise<string> {
  const dir = resolve(ROOT, APP_DIR);
  if (appUpToDate(ROOT)) return dir;
  const started = Date.now();
  rmSync(join(ROOT, STAMP), { force: true }); // a build that fails half-way is not taken for a good one
  await buildApp(dir);
  noteBuilt(ROOT, started, STAMP);
  return dir;
}
