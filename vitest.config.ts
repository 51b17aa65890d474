import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds dist/ from the current sources first: the CLI tests spawn bin/klondike, which runs it.
    globalSetup: ['test/support/global-setup.ts'],
    // ...so the worker pool run from the sources gives its threads that build's worker.js, not
    // the TypeScript worker through tsx in every thread (src/batch/pool.ts, workerEntry())
    env: { KLONDIKE_THREADS_FROM_DIST: '1' },
    // At least two files at a time: vitest's default, cores − 1, is one on a 2-core machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // These only catch a hang: a test doing heavy bounded work sets its own (test/support/slow.ts).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // An `expect.poll` waits for a page or a process to get somewhere; the limit only catches one
    // that never does, and is the browser harness's wait (test/support/web-harness.ts, WAIT_MS).
    expect: { poll: { timeout: 120_000 } },
  },
});
