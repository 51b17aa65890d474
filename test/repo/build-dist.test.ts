/**
 * The suite's build of dist/ is skipped only while nothing it reads changed since it last ran: a
 * source file edited, added or deleted, a build file edited, or dist/ gone makes it build again.
 */
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distUpToDate, noteBuilt } from '../support/build-dist.ts';
import { tempDir } from '../support/tmp.ts';

/** A repository with the build's inputs and outputs, every file dated `at` (s). */
function repository(at: number): string {
  const root = tempDir('build-dist');
  for (const dir of ['src/solver', 'scripts', 'dist/cli']) mkdirSync(join(root, dir), { recursive: true });
  const files = [
    'src/index.ts',
    'src/solver/core.ts',
    'tsconfig.json',
    'tsconfig.build.json',
    'package.json',
    'package-lock.json',
    'scripts/build-core.mjs',
    'scripts/finish-dist.mjs',
    'dist/.tsbuildinfo',
    'dist/cli/main.js',
  ];
  for (const f of files) writeFileSync(join(root, f), '');
  for (const path of [...files, 'src', 'src/solver']) utimesSync(join(root, path), at, at);
  return root;
}

describe('the build of dist/ before the tests', () => {
  const at = Date.now() / 1000 - 100;

  it('is skipped after a build that started after the last change', () => {
    const root = repository(at);
    expect(distUpToDate(root)).toBe(false); // never built here
    noteBuilt(root, (at + 10) * 1000);
    expect(distUpToDate(root)).toBe(true);
  });

  it('runs again when a source or a build file changed since the build started, or dist/ is gone', () => {
    const later = (root: string, path: string) => utimesSync(join(root, path), at + 20, at + 20);
    for (const change of [
      (root: string) => later(root, 'src/solver/core.ts'),
      (root: string) => later(root, 'scripts/finish-dist.mjs'),
      (root: string) => later(root, 'package-lock.json'),
      (root: string) => {
        rmSync(join(root, 'src/solver/core.ts'));
        later(root, 'src/solver');
      },
      (root: string) => rmSync(join(root, 'dist'), { recursive: true }),
    ]) {
      const root = repository(at);
      noteBuilt(root, (at + 10) * 1000);
      change(root);
      expect(distUpToDate(root)).toBe(false);
    }
  });
});
