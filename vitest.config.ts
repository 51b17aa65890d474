import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds dist/ from the current sources first: the CLI tests spawn bin/klondike, which runs it.
    globalSetup: ['test/support/global-setup.ts'],
    // At least two files at a time: vitest's default, cores − 1, is one on a 2-core machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
