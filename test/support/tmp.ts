// Temporary directories for tests, removed once the test file's tests are done.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

// registered while the importing test file is collected: runs after all of that file's tests
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory under the system's temporary directory (`klondike-<prefix>-…`), removed after the file's tests. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `klondike-${prefix}-`));
  made.push(dir);
  return dir;
}
