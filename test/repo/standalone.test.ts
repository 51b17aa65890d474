/**
 * The repository stands alone: no file a user gets with a clone (the sources, tests, benchmarks,
 * scripts, tools, docs, CI, the README and the configuration files) names a path outside it, so nothing the project
 * needs can live beside it on one machine only.
 *
 * A path leaves the repository when
 * - a relative path (`../…`) climbs above the repository root from the file that names it, or
 *   stays inside but names something that does not exist there (docs often write paths relative
 *   to the root: `../x` in docs/ names a folder beside the repository, not docs/../x);
 *   build output and installed packages (dist/, node_modules/) count as existing;
 * - an absolute path points into a machine's private folders (`/work`, `/home`, `/root`,
 *   `/Users`, `/mnt`, `/media`), plain or as a `file://` URL. System paths (`/tmp`, `/dev/null`,
 *   `/usr/bin/env`) and `~/…` in examples for the reader's own machine are fine.
 * A line that must name such a path on purpose (a test feeding a path-traversal attack to the CLI)
 * carries the marker `outside-repo-ok` and is skipped.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/build-dist.ts';

/** What is scanned: folders (recursively) and single files, relative to the root. */
const SCANNED = [
  'src',
  'bin',
  'test',
  'bench',
  'scripts',
  'tools',
  'docs',
  '.ci',
  'README.md',
  'CHANGELOG.md',
  'web',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'vitest.config.ts',
  'biome.json',
];
/** Generated folders: a path into them is inside the repository even before they exist. */
const GENERATED = new Set(['dist', 'node_modules']);
const SKIP_LINE = 'outside-repo-ok';
/** This file plants leaving paths to prove the check can fail, so it is not scanned itself. */
const SELF = join('test', 'repo', 'standalone.test.ts');

/** Characters that end a path; `$` starts a substitution (`../${name}`), checked up to there. */
const STOP = `\\s'"\`()\\[\\]<>,;{}|$`;
/** `../…` not preceded by a path character. */
const RELATIVE = new RegExp(`(?<![\\w./-])((?:\\.\\./)+[^${STOP}]*)`, 'g');
/** An absolute path into a private folder, alone or after `file://`. */
const ABSOLUTE = new RegExp(`(?:(?<![\\w.:/-])|(?<=file://))(/(?:work|home|root|Users|mnt|media)(?:/[^${STOP}]*)?)(?![\\w-])`, 'g');

/** One path found leaving the repository. */
interface Leak {
  file: string;
  line: number;
  path: string;
  why: string;
}

/** The paths in `text` (the content of `file`, relative to `root`) that leave the repository. */
function findLeaks(root: string, file: string, text: string): Leak[] {
  const leaks: Leak[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.includes(SKIP_LINE)) continue;
    for (const m of line.matchAll(RELATIVE)) {
      const path = m[1].replace(/[.:]+$/, '');
      const target = resolve(root, dirname(file), path.replace(/#.*$/, '')); // a link's #anchor is not part of the file's name
      const inside = relative(root, target);
      if (inside === '..' || inside.startsWith(`..${sep}`)) {
        leaks.push({ file, line: i + 1, path, why: 'climbs above the repository root' });
      } else if (!GENERATED.has(inside.split(sep)[0]) && !existsSync(target)) {
        leaks.push({ file, line: i + 1, path, why: `names ${inside}, which is not in the repository` });
      }
    }
    for (const m of line.matchAll(ABSOLUTE)) {
      leaks.push({ file, line: i + 1, path: m[1], why: 'absolute path into a private folder' });
    }
  }
  return leaks;
}

/** Every text file to scan, relative to the root. */
function scannedFiles(): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = join(ROOT, rel);
    if (!existsSync(abs)) return;
    if (statSync(abs).isDirectory()) {
      for (const name of readdirSync(abs).sort()) if (name !== 'node_modules') walk(join(rel, name));
    } else if (rel !== SELF) out.push(rel);
  };
  for (const rel of SCANNED) walk(rel);
  return out;
}

describe('the repository names no path outside itself', () => {
  it('finds planted paths that leave, and passes paths that stay', () => {
    const leaks = (file: string, text: string) => findLeaks(ROOT, file, text).map((l) => l.path);
    // Leaving: a folder beside the repository, from docs and from a test; a climb past the root;
    // private absolute paths, plain and as a URL.
    expect(leaks('docs/engine.md', 'The rules are those of `../outside/RULES.md`.')).toEqual(['../outside/RULES.md']);
    expect(leaks('test/x.test.ts', "readFileSync(new URL('../../outside/data/deals.jsonl', import.meta.url))")).toEqual([
      '../../outside/data/deals.jsonl',
    ]);
    expect(leaks('bench/README.md', 'figures from ../../../elsewhere.')).toEqual(['../../../elsewhere']);
    expect(leaks('scripts/x.sh', 'cp "../../$NAME" .')).toEqual(['../../']);
    expect(leaks('scripts/x.sh', 'cp /work/outside/data/*.tsv test/ && ls "/home/me/x"')).toEqual([
      '/work/outside/data/*.tsv',
      '/home/me/x',
    ]);
    expect(leaks('docs/x.md', 'open file:///Users/me/report.html')).toEqual(['/Users/me/report.html']);
    // Staying: imports inside the repository, system paths, URLs, the reader's home in examples.
    expect(leaks('test/x.test.ts', "import { solve } from '../src/solver/index.ts';")).toEqual([]);
    expect(leaks('docs/x.md', 'see [the method](../bench/README.md#play-normal-play) and ../bench/NOPE.md#x')).toEqual([
      '../bench/NOPE.md#x',
    ]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a template literal, planted
    expect(leaks('test/x.test.ts', 'const spec = `file:../${tarball}`;')).toEqual([]);
    expect(leaks('bin/klondike', "new URL('../dist/cli/main.js', import.meta.url)")).toEqual([]);
    expect(leaks('src/batch/x.ts', "new URL('../../package.json', import.meta.url)")).toEqual([]);
    expect(leaks('test/x.test.ts', "spawn('/usr/bin/env', ['--db', '/tmp/x.sqlite']); write('/dev/full')")).toEqual([]);
    expect(leaks('docs/x.md', 'See https://example.org/work/home and --workdir ~/klondike-solver, a/home/b.')).toEqual([]);
    expect(leaks('test/x.test.ts', "run(['--db', '../../../etc/x']); // outside-repo-ok: a traversal attack")).toEqual([]);
  });

  it('in src, bin, test, bench, scripts, tools, docs, .ci, the README and the configuration files', () => {
    const files = scannedFiles();
    expect(files).toContain('README.md');
    expect(files).toContain(join('src', 'solver', 'index.ts'));
    expect(files.length).toBeGreaterThan(50);
    const leaks: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(join(ROOT, file));
      if (bytes.includes(0)) continue; // binary
      for (const l of findLeaks(ROOT, file, bytes.toString('utf8'))) leaks.push(`${l.file}:${l.line}: ${l.path} (${l.why})`);
    }
    expect(leaks).toEqual([]);
  });
});
