/**
 * Vitest global setup: compiles src/ to dist/ before any test file runs, and again before every
 * re-run in watch mode. The tests import the TypeScript sources directly, but the CLI tests spawn
 * the real bin/klondike, which runs dist/, and the worker pool's threads load dist/batch/worker.js
 * under the suite (`KLONDIKE_THREADS_FROM_DIST`, src/batch/pool.ts): building first means those
 * run the current sources too, never a stale build.
 *
 * When Chromium is there, it also builds the browser app once for the browser tests
 * (test/support/build-web.ts), each a few seconds of CPU saved per file, and provides its folder
 * as `webApp` (`inject('webApp')`).
 */
import type { TestProject } from 'vitest/node';
import { buildDist } from './build-dist.ts';
import { buildTestApp } from './build-web.ts';
import { haveChromium } from './web-harness.ts';

async function build(project: TestProject): Promise<void> {
  buildDist();
  if (haveChromium) project.provide('webApp', await buildTestApp());
}

export default async function setup(project: TestProject): Promise<void> {
  await build(project);
  project.onTestsRerun(() => build(project));
}
