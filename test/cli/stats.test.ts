// `stats`, `export` and `report`: stdout, stderr and exit codes. One test of each command runs the
// real binary; the other command lines run in this process (the same code, no Node start-up).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSchema } from '../../src/store/schema.ts';
import { runInProcess } from '../support/cli-run.ts';
import { HEAVY_MS } from '../support/slow.ts';
import { makeKnownDb, parseCsv, tempDir } from '../support/stats-fixture.ts';

let dir: string;
let known: string;

type Ran = { out: string; err: string; code: number | null };

/** Runs the real binary. */
function bin(...args: string[]): Ran {
  const r = spawnSync(process.execPath, ['bin/klondike', ...args], { encoding: 'utf8', timeout: HEAVY_MS });
  return { out: r.stdout, err: r.stderr, code: r.status };
}

/** Runs a command line in this process. */
async function run(...args: string[]): Promise<Ran> {
  const r = await runInProcess(args);
  return { out: r.stdout, err: r.stderr, code: r.code };
}

beforeAll(async () => {
  dir = tempDir();
  known = join(dir, 'known.sqlite');
  makeKnownDb(known);
  writeFileSync(join(dir, 'text.sqlite'), 'this is not a database, just some text that is long enough to look like a header\n'.repeat(20));
  const other = new Database(join(dir, 'other.sqlite'));
  other.exec('CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT)');
  other.close();
  const empty = new Database(join(dir, 'empty.sqlite'));
  initSchema(empty);
  empty.close();
});

describe('klondike stats', () => {
  it('--format json', async () => {
    const r = bin('stats', '--db', known, '--format', 'json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({
      family: 'solvitaire',
      draw: 3,
      passes: null,
      foundationReturn: true,
      deals: 10,
      winnable: 6,
      winRate: 0.75,
      lowerBound: 0.6,
      upperBound: 0.8,
    });
  });

  it('--format csv with filters', async () => {
    const r = await run(
      'stats',
      '--db',
      known,
      '--format',
      'csv',
      '--family',
      'solvitaire',
      '--draw',
      '3',
      '--passes',
      'unlimited',
      '--seeds',
      '1-4,9',
    );
    expect(r.code).toBe(0);
    const [head, row] = parseCsv(r.out);
    const o = Object.fromEntries(head.map((h, i) => [h, row[i]]));
    expect(o).toMatchObject({
      family: 'solvitaire',
      draw: '3',
      passes: 'unlimited',
      deals: '5',
      winnable: '4',
      unknown: '1',
      winRate: '1',
      lowerBound: '0.8',
      upperBound: '1',
    });
    const fr = parseCsv((await run('stats', '--db', known, '--format', 'csv', '--foundation-return', 'no', '--passes', '3')).out);
    expect(fr.map((r) => r[0])).toEqual(['family', 'klondike-solver']);
  });

  it('table by default', async () => {
    const r = await run('stats', '--db', known);
    expect(r.code).toBe(0);
    expect(r.out).toContain('draw 3, unlimited passes · solvitaire');
    expect(r.out).toContain('deals      10: winnable 6, unwinnable 2, unknown 1, errors 1');
  });

  it('an empty database prints an empty result clearly', async () => {
    const db = join(dir, 'empty.sqlite');
    expect((await run('stats', '--db', db, '--format', 'json')).out).toBe('[]\n');
    const t = await run('stats', '--db', db);
    expect(t.code).toBe(0);
    expect(t.out).toMatch(/^no results in .*empty\.sqlite match \(0 deals\)$/m);
  });
});

describe('klondike export and report', () => {
  it('export ndjson to stdout, csv to a file', async () => {
    const r = bin('export', '--db', known, '--format', 'ndjson', '--family', 'klondike-solver');
    expect(r.code).toBe(0);
    expect(
      r.out
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).seed),
    ).toEqual([0, 1, 2, 3]);
    const out = join(dir, 'all.csv');
    const f = await run('export', '--db', known, '--out', out);
    expect(f.code).toBe(0);
    expect(parseCsv(readFileSync(out, 'utf8'))).toHaveLength(17);
  });

  it('report writes one HTML file with five charts', async () => {
    const out = join(dir, 'report.html');
    const r = bin('report', '--db', known, '--out', out);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/wrote .*report\.html \(3 groups\)/);
    expect(readFileSync(out, 'utf8').match(/<svg/g)).toHaveLength(5);
  });
});

describe('bad input: one line on stderr, exit 2', () => {
  const missing = () => join(dir, 'missing.sqlite');
  const cases: [string, () => string[], RegExp][] = [
    ['missing database', () => ['stats', '--db', missing()], /^klondike: no database at .*missing\.sqlite/],
    ['missing database (export)', () => ['export', '--db', missing()], /^klondike: no database at/],
    ['missing database (report)', () => ['report', '--db', missing(), '--out', join(dir, 'x.html')], /^klondike: no database at/],
    ['not SQLite', () => ['stats', '--db', join(dir, 'text.sqlite')], /^klondike: .*text\.sqlite is not an SQLite database\n$/],
    [
      'another schema',
      () => ['stats', '--db', join(dir, 'other.sqlite'), '--format', 'json'],
      /^klondike: .*other\.sqlite: database has another schema/,
    ],
    ['a directory', () => ['stats', '--db', dir], /is a directory\n$/],
    ['bad format', () => ['stats', '--db', known, '--format', 'xml'], /^error: option '--format <format>' argument 'xml' is invalid/],
    ['bad passes', () => ['stats', '--db', known, '--passes', 'two'], /passes must be a whole number/],
    ['bad draw', () => ['stats', '--db', known, '--draw', '0'], /draw must be a whole number 1…24/],
    ['bad seeds', () => ['stats', '--db', known, '--seeds', '10-1'], /the end is below the start/],
    ['bad foundation return', () => ['stats', '--db', known, '--foundation-return', 'maybe'], /expects yes or no/],
    ['bad family', () => ['export', '--db', known, '--family', 'pysol'], /unknown seed family "pysol"/],
    ['report without --out', () => ['report', '--db', known], /required option '--out <file>'/],
    ['unwritable --out', () => ['export', '--db', known, '--out', join(dir, 'no/such/dir.csv')], /^klondike: cannot write .*ENOENT/],
  ];
  it.each(cases)('%s', async (_name, args, message) => {
    const r = await run(...args());
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.err).toMatch(message);
  });

  it('reading never creates a database', async () => {
    await run('stats', '--db', missing());
    expect(existsSync(missing())).toBe(false);
  });
});
