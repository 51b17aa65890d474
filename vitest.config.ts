import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds dist/ from the current sources first: the CLI tests spawn bin/klondike, which runs it.
    globalSetup: ['test/global-setup.ts'],
    // Two files at a time: vitest's default on a 2-core machine is one (cores − 1).
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
