/**
 * Builds dist/ from the current sources: the solver's core (scripts/build-core.mjs, when its
 * sources changed), `tsc -p tsconfig.build.json`, incremental, then removes
 * compiled files whose source is gone, copying the hand-written declarations (scripts/finish-dist.mjs) (the build info
 * lives in dist/, so deleting dist/ forces a full build). About 3 s when little changed, 5–10 s
 * from nothing on a 2-core machine. Used before anything runs the compiled code (the test suite's
 * global setup, the start-up benchmark), so bin/klondike never runs a stale build there.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Compiles src/ to dist/; throws with tsc's output when the build fails. */
export function buildDist(): void {
  // the solver's core first (src/core/, AssemblyScript): tsc compiles the module it writes
  const core = spawnSync(process.execPath, ['scripts/build-core.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (core.status !== 0) throw new Error(`building the solver's core failed:\n${core.stdout}${core.stderr}`);
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`building dist/ failed (tsc exit ${r.status}):\n${r.stdout}${r.stderr}`);
  const p = spawnSync(process.execPath, ['scripts/finish-dist.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (p.status !== 0) throw new Error(`finishing dist/ failed:\n${p.stderr}`);
}
