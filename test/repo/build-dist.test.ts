/**
 * The suite's build of dist/ is skipped only while nothing it reads changed since it last ran: a
 * source file edited, added or deleted, a build file edited, or dist/ gone makes it build again.
 * So is its build of the browser app (test/support/build-web.ts), which reads web/ as well.
 */
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_FILES, distUpToDate, noteBuilt } from '../support/build-dist.ts';
import { APP_DIR, appUpToDate } from '../support/build-web.ts';
import { tempDir } from '../support/tmp.ts';

/** A repository with the build's inputs and outputs, every file dated `at` (s). */
function repository(at: number): string {
  const root = tempDir('build-dist');
  for (const dir of ['src/solver', 'tools', 'dist/cli', 'web/src', 'test/support', APP_DIR])
    mkdirSync(join(root, dir), { recursive: true });
  const files = [
    'web/index.html',
    'web/src/main.ts',
    'test/support/build-web.ts',
    `${APP_DIR}/index.html`,
    `${APP_DIR}/sw.js`,
    'src/index.ts',
    'src/solver/core.ts',
    ...BUILD_FILES,
    'dist/.tsbuildinfo',
    'dist/cli/main.js',
  ];
  for (const f of files) writeFileSync(join(root, f), '');
  for (const path of [...files, 'src', 'src/solver', 'web', 'web/src']) utimesSync(join(root, path), at, at);
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
      (root: string) => later(root, 'tools/finish-dist.mjs'),
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

describe('the build of the browser app before the browser tests', () => {
  const at = Date.now() / 1000 - 100;
  const built = (root: string) => noteBuilt(root, (at + 10) * 1000, 'test-output/web-app-built');

  it('is skipped after a build that started after the last change, whatever the build of dist/ did', () => {
    const root = repository(at);
    expect(appUpToDate(root)).toBe(false); // never built here
    noteBuilt(root, (at + 10) * 1000);
    expect(appUpToDate(root)).toBe(false); // dist/ was, not the app
    built(root);
    expect(appUpToDate(root)).toBe(true);
  });

  it('runs again when a file of the app or of the library changed since the build started, or the build is gone', () => {
    const later = (root: string, path: string) => utimesSync(join(root, path), at + 20, at + 20);
    for (const change of [
      (root: string) => later(root, 'web/src/main.ts'),
      (root: string) => later(root, 'src/solver/core.ts'),
      (root: string) => later(root, 'package-lock.json'),
      (root: string) => {
        rmSync(join(root, 'web/src/main.ts'));
        later(root, 'web/src');
      },
      (root: string) => rmSync(join(root, APP_DIR, 'index.html')),
    ]) {
      const root = repository(at);
      built(root);
      change(root);
      expect(appUpToDate(root)).toBe(false);
    }
  });
});
