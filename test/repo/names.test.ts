/**
 * Every file the repository names exists: a comment of the sources, tests, benchmarks, scripts and tools,
 * or a page of the docs, that names a file (`src/solver/search.ts`, `bench/pair.bench.ts`,
 * `docs/hidden.md`, or a bare `segment.ts`) names one that is in the repository, and every relative
 * link of the Markdown files leads to a file or folder that is there, and to a heading of it when
 * the link has an anchor (`docs/solver.md#the-most-cards-home`). A file renamed without its mentions
 * fails here, with the place that still names it.
 *
 * What counts as naming a file, so that prose and examples do not:
 * - a token ending in a source or document extension (`.ts`, `.mts`, `.mjs`, `.md`, `.sh`), with or
 *   without folders before it; it must be the end of a path of the repository (`state.ts` is any
 *   file of that name, `core/state.ts` one in a folder `core`), so paths written from the root or
 *   from a folder of their own (docs/web.md's table of web/) both pass. Data files (`seen.json` in
 *   an example is the reader's, `data/study-dD.verdicts` a pattern) are judged in links only;
 * - never a path into what a build or an install makes (dist/, web-dist/, node_modules/), a URL
 *   (its `/` before the name), or code outside comments: in source files only comments are read
 *   (lines that start as a comment, and the part after ` // ` or, in shell, ` # `), so a test's
 *   planted strings are not names; Markdown is read whole, and a path that climbs a folder counts
 *   in a link only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/build-dist.ts';

/** This file plants stale names in strings, some after ` // `: not read itself. */
const SELF = 'test/repo/names.test.ts';
/** Folders and files read, relative to the root. */
const SCANNED = ['src', 'bin', 'test', 'bench', 'scripts', 'tools', 'docs', 'web', '.ci', 'README.md', 'CHANGELOG.md', 'vitest.config.ts'];
/** Folders a build, an install or a test run makes: never walked, and a path into them is not checked. */
const MADE = new Set(['node_modules', 'dist', 'web-dist', 'test-output', 'coverage', '.git']);
const EXT = 'ts|mts|mjs|md|sh';
/** A path-like token: not inside a longer path or a URL, folders then a name with a known extension. */
const TOKEN = new RegExp(`(?<![\\w./@$:~-])((?:[\\w.-]+/)*[\\w-]+(?:\\.[\\w-]+)*\\.(?:${EXT}))(?![\\w/-]|\\.\\w)`, 'g');
/** A Markdown link or image target: `](target)` or `](target "title")`. */
const LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

/** Every file under the root (relative, with `/`), made folders left out. */
function repoFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!MADE.has(e.name)) walk(path);
      } else out.push(path);
    }
  };
  walk('');
  return out;
}

/** What the repository holds: each file and folder, and every tail of their paths (`core/state.ts`, `state.ts`). */
interface Tree {
  paths: Set<string>;
  tails: Set<string>;
}

function treeOf(files: readonly string[]): Tree {
  const paths = new Set<string>();
  const tails = new Set<string>();
  for (const f of files) {
    for (let p = f; p !== '.'; p = posix.dirname(p)) paths.add(p);
    const parts = f.split('/');
    for (let i = 0; i < parts.length; i++) tails.add(parts.slice(i).join('/'));
  }
  return { paths, tails };
}

/** The lines of a file that are read for names: all of a Markdown file, the comments of the rest. */
function readableLines(file: string, text: string): string[] {
  const lines = text.split('\n');
  if (file.endsWith('.md')) return lines;
  const hash = /\.sh$/.test(file) || file === '.ci/run';
  return lines.map((line) => {
    const t = line.trimStart();
    if (hash) return t.startsWith('#') ? line : (/\s#\s(.*)$/.exec(line)?.[1] ?? '');
    if (t.startsWith('//') || t.startsWith('/*') || t.startsWith('*')) return line;
    return /\s\/\/\s(.*)$/.exec(line)?.[1] ?? '';
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings (a repeated one as GitHub numbers it: `x`, `x-1`, …). */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** One name that leads nowhere. */
interface Stale {
  file: string;
  line: number;
  name: string;
  why: string;
}

/** The names in `text` (the content of `file`) that lead nowhere; `read` gives another Markdown file's text by path. */
function staleNames(tree: Tree, file: string, text: string, read: (path: string) => string): Stale[] {
  const out: Stale[] = [];
  const dir = posix.dirname(file);
  readableLines(file, text).forEach((line, i) => {
    const at = (name: string, why: string) => out.push({ file, line: i + 1, name, why });
    // In Markdown a link's target is judged as a link (below), not as a name.
    for (const m of (file.endsWith('.md') ? line.replace(LINK, '](...)') : line).matchAll(TOKEN)) {
      const name = m[1];
      if (name.startsWith('.') || MADE.has(name.split('/')[0])) continue;
      if (!tree.tails.has(name) && !tree.paths.has(posix.join(dir, name))) at(name, 'no such file');
    }
    if (!file.endsWith('.md')) return;
    for (const m of line.matchAll(LINK)) {
      const target = m[1];
      if (/^[a-z][\w+.-]*:/i.test(target)) continue; // a URL: https:, mailto:, file:
      const [path, anchor] = target.split('#', 2);
      const resolved = path === '' ? file : posix.normalize(posix.join(dir, path)).replace(/\/$/, '');
      if (resolved.startsWith('..') || MADE.has(resolved.split('/')[0])) continue; // standalone.test.ts judges paths above the root
      if (!tree.paths.has(resolved)) at(target, `links to ${resolved}, which is not in the repository`);
      else if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(read(resolved)).has(anchor))
        at(target, `${resolved} has no heading #${anchor}`);
    }
  });
  return out;
}

describe('the files the repository names exist', () => {
  const files = repoFiles(ROOT);
  const tree = treeOf(files);
  const cache = new Map<string, string>();
  const read = (path: string) => {
    let t = cache.get(path);
    if (t === undefined) {
      t = readFileSync(join(ROOT, path), 'utf8');
      cache.set(path, t);
    }
    return t;
  };

  it('the checks find planted stale names and pass the real ones', () => {
    const t = treeOf(['src/core/state.ts', 'src/engine/state.ts', 'docs/solver.md', 'web/src/main.ts', 'data/a.csv.gz', 'bench/README.md']);
    const md = (text: string) => (path: string) => (path === 'docs/solver.md' ? text : '');
    const names = (file: string, text: string, other = '') => staleNames(t, file, text, md(other)).map((s) => s.name);
    // A comment naming a renamed file, a bare name, a folder that is not there; a doc naming a script.
    expect(names('src/x.ts', ' * the table (src/solver/table.ts, tt.ts) and core/state.ts')).toEqual(['src/solver/table.ts', 'tt.ts']);
    expect(names('src/x.ts', 'const a = 1; // see solver/state.ts')).toEqual(['solver/state.ts']);
    expect(names('scripts/x.sh', '# runs bench/gone.bench.ts')).toEqual(['bench/gone.bench.ts']);
    // The relative links below are resolved against the planted docs/x.md, not against this file
    // (the marker on their lines tells standalone.test.ts so).
    const data = 'Made by `scripts/study.sh` into data/b.csv.gz; [data](../data/b.csv.gz), [a](../data/a.csv.gz).'; // outside-repo-ok
    expect(names('docs/x.md', data)).toEqual(['scripts/study.sh', '../data/b.csv.gz']); // outside-repo-ok
    // Links: a missing file, a missing heading, a heading that is there, a folder, a same-page anchor.
    const solver = '# The solver\n\n## The most cards home\n\n```\n# not a heading\n```\n';
    expect(names('docs/x.md', '[a](nope.md), [b](solver.md#tried), [c](solver.md#the-most-cards-home)', solver)).toEqual([
      'nope.md',
      'solver.md#tried',
    ]);
    const up = '[d](../bench/) [e](../web/src/main.ts) [f](../web/src/gone.ts)'; // outside-repo-ok
    expect(names('docs/x.md', up, solver)).toEqual(['../web/src/gone.ts']); // outside-repo-ok
    expect(names('docs/solver.md', '[g](#the-most-cards-home) [h](#not-a-heading)', solver)).toEqual(['#not-a-heading']);
    // Not names: code outside comments, URLs, the reader's files, made folders, a relative path outside a link.
    expect(names('test/x.test.ts', "writeFileSync(join(dir, 'good.ts'), '') // the module, src/main.ts")).toEqual([]);
    expect(names('docs/x.md', 'https://github.com/o/r/blob/main/docs/method.md, seen.json, dist/cli/main.js, `./x.ts`')).toEqual([]);
    expect(slug('`search`: determinized sampling over the solver')).toBe('search-determinized-sampling-over-the-solver');
    expect(slug('Players: `batch --player`')).toBe('players-batch---player');
    expect(slug('npm start and npm test on a fresh clone')).toBe('npm-start-and-npm-test-on-a-fresh-clone');
  });

  it('in the comments of src, bin, test, bench, scripts, tools and web, and in the docs, the README and the changelog', () => {
    const scanned = files
      .filter((f) => SCANNED.some((s) => f === s || f.startsWith(`${s}/`)))
      .filter((f) => f !== SELF && /\.(ts|mts|mjs|js|sh|md)$|^bin\/|^\.ci\//.test(f));
    expect(scanned).toContain('docs/solver.md');
    expect(scanned).toContain('src/solver/search-driver.ts');
    expect(scanned.length).toBeGreaterThan(150);
    const stale: string[] = [];
    for (const file of scanned)
      for (const s of staleNames(tree, file, read(file), read)) stale.push(`${s.file}:${s.line}: ${s.name} (${s.why})`);
    expect(stale).toEqual([]);
  });
});
