/**
 * Vitest global setup: compiles src/ to dist/ before any test file runs, and again before every
 * re-run in watch mode. The tests import the TypeScript sources directly, and the worker pool run
 * from the sources loads TypeScript workers (batch/pool.ts), but the CLI tests spawn the real
 * bin/klondike, which runs dist/: building first means those spawns run the current sources too,
 * never a stale build.
 */
import type { TestProject } from 'vitest/node';
import { buildDist } from './build-dist.ts';

export default function setup(project: TestProject): void {
  buildDist();
  project.onTestsRerun(() => buildDist());
}
