/**
 * Builds dist/ from the current sources: the solver's core (tools/build-core.mjs, when its
 * sources changed), `tsc -p tsconfig.build.json`, incremental, then removes
 * compiled files whose source is gone, copying the hand-written declarations (tools/finish-dist.mjs) (the build info
 * lives in dist/, so deleting dist/ forces a full build). About 3 s when little changed, 5–10 s
 * from nothing on a 2-core machine; nothing at all when no input changed since the last build here
 * (a stamp in test-output/, newer than every source, folder and build file). Used before anything
 * runs the compiled code (the test suite's global setup, the start-up benchmark), so bin/klondike
 * never runs a stale build there.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Where buildDist notes a build, dated when it started (git-ignored; not in dist/, which is shipped). */
const STAMP = 'test-output/dist-built';

/** The build's own files besides src/: its configuration and scripts, and the lock file (the compilers' versions). */
export const BUILD_FILES = [
  'tsconfig.json',
  'tsconfig.build.json',
  'package.json',
  'package-lock.json',
  'tools/build-core.mjs',
  'tools/finish-dist.mjs',
];

/** The newest change to anything under `dirs` of `root` (every file and folder: a deleted or renamed file changes its folder) or among its `files`. */
export function newestChange(root: string, dirs: readonly string[], files: readonly string[]): number {
  let newest = Math.max(...files.map((f) => statSync(join(root, f)).mtimeMs));
  const walk = (dir: string): void => {
    newest = Math.max(newest, statSync(dir).mtimeMs);
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of dirs) walk(join(root, dir));
  return newest;
}

/** A build noted in `stamp` (see noteBuilt) started after the newest change to its inputs, and its `outputs` are there. */
export function builtSince(
  root: string,
  stamp: string,
  inputs: { dirs: readonly string[]; files: readonly string[] },
  outputs: readonly string[],
): boolean {
  const path = join(root, stamp);
  if (!existsSync(path) || outputs.some((f) => !existsSync(join(root, f)))) return false;
  return statSync(path).mtimeMs > newestChange(root, inputs.dirs, inputs.files);
}

/** dist/ under `root` was built by buildDist from the inputs as they are now: none changed since the build started. */
export function distUpToDate(root: string): boolean {
  return builtSince(root, STAMP, { dirs: ['src'], files: BUILD_FILES }, ['dist/.tsbuildinfo', 'dist/cli/main.js']);
}

/** Notes in `stamp` that a build of `root` which started at `started` (ms) succeeded: an input changed since then is newer. */
export function noteBuilt(root: string, started: number, stamp = STAMP): void {
  mkdirSync(join(root, dirname(stamp)), { recursive: true });
  writeFileSync(join(root, stamp), `${new Date(started).toISOString()}\n`);
  utimesSync(join(root, stamp), started / 1000, started / 1000);
}

/** Compiles src/ to dist/ unless it is up to date; throws with tsc's output when the build fails. */
export function buildDist(): void {
  if (distUpToDate(ROOT)) return;
  const started = Date.now();
  compile();
  noteBuilt(ROOT, started);
}

/** The build: the core, tsc, then the finishing script. */
function compile(): void {
  // the solver's core first (src/core/, AssemblyScript): tsc compiles the module it writes
  const core = spawnSync(process.execPath, ['tools/build-core.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (core.status !== 0) throw new Error(`building the solver's core failed:\n${core.stdout}${core.stderr}`);
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`building dist/ failed (tsc exit ${r.status}):\n${r.stdout}${r.stderr}`);
  const p = spawnSync(process.execPath, ['tools/finish-dist.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (p.status !== 0) throw new Error(`finishing dist/ failed:\n${p.stderr}`);
}
