// Random samples of the big families: `batch --family exact --random K --sample-seed S` stores the
// first K codes of the documented generator exactly, resumes, extends, shards, exports every digit;
// bad K or S are one-line errors. Also `--seeds` lists and ranges of 68-digit codes. The first batch
// runs the real binary; the other command lines run in this process.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_BUDGET, validateBatchOptions } from '../../src/batch/request.ts';
import { MAX_SEEDS, describeSeeds, parseSeedList, randomSample, seedsOf, shardSize } from '../../src/batch/seeds.ts';
import { MAX_CODE, randomCodes } from '../../src/deals/big-families.ts';
import { type Run, runCli, runInProcess } from '../support/cli-run.ts';

const dir = mkdtempSync(join(tmpdir(), 'klondike-batch-random-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sha = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');
const value = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const sorted = (xs: readonly bigint[]) => [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const BUDGET = ['--max-nodes', '20000', '--workers', '2', '--quiet'];

/** Every row of `results`, exactly (integers as bigint, big seeds as their text), in seed order. */
function dump(db: string): Record<string, unknown>[] {
  const d = new Database(db, { readonly: true });
  try {
    return d.prepare('SELECT * FROM results ORDER BY family, length(seed), seed').safeIntegers(true).all() as Record<string, unknown>[];
  } finally {
    d.close();
  }
}
const storedSeeds = (db: string) => dump(db).map((r) => BigInt(r.seed as bigint | string));

describe('random samples as seed sources', () => {
  it('are the codes of randomCodes, in order, and their shards cover them once', () => {
    const s = value(randomSample(50, 7));
    const all = randomCodes(50, 7);
    expect([...seedsOf(s)]).toEqual(all);
    const shards = [1, 2, 3].map((index) => [...seedsOf(s, { index, count: 3 })]);
    expect(shards.map((x) => x.length)).toEqual([1, 2, 3].map((index) => Number(shardSize(s, { index, count: 3 }))));
    expect(shards[1]).toEqual(all.filter((_, k) => k % 3 === 1));
    expect(sorted(shards.flat())).toEqual(sorted(all));
    // A smaller sample is a prefix of a larger one.
    expect([...seedsOf(value(randomSample(20, 7)))]).toEqual(all.slice(0, 20));
    expect(describeSeeds(s)).toBe('random sample of 50 deals (sample seed 7)');
    expect(describeSeeds(value(parseSeedList('3-5,1')))).toBe('deals 3-5,1');
  });

  it('refuse a bad count or sample seed', () => {
    for (const [k, s] of [
      [0, 1],
      [-1, 1],
      [1.5, 1],
      [Number(MAX_SEEDS) + 1, 1],
      [5, -1],
      [5, 2 ** 32],
      [5, 0.5],
    ])
      expect(randomSample(k, s).ok, `${k} ${s}`).toBe(false);
    expect(randomSample(Number(MAX_SEEDS), 2 ** 32 - 1).ok).toBe(true);
  });

  it('are for the big families only', () => {
    const base = { rules: { draw: 3, passes: null, foundationReturn: true }, budget: BATCH_BUDGET, workers: 1, db: 'x' };
    const seeds = value(randomSample(10, 1));
    expect(validateBatchOptions({ ...base, seeds, family: 'exact' }).ok).toBe(true);
    expect(validateBatchOptions({ ...base, seeds, family: 'microsoft' }).ok).toBe(true);
    for (const family of ['solvitaire', 'klondike-solver', 'greenfelt'] as const)
      expect(validateBatchOptions({ ...base, seeds, family })).toEqual({
        ok: false,
        error: `--random draws codes of the big families (microsoft, exact); ${family} deals are numbered by a random generator already: give --seeds 1-10`,
      });
  });
});

describe('batch --family exact --random K --sample-seed S (the real binary)', () => {
  const db = join(dir, 'random.sqlite');
  let first: Run;
  beforeAll(async () => {
    first = await runCli(['batch', '--family', 'exact', '--random', '20', '--sample-seed', '7', ...BUDGET, '--db', db]);
  });

  it('stores exactly the codes of randomCodes(20, 7) as the seeds', () => {
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^batch: 20 deals solved \(winnable \d+, unwinnable \d+, unknown \d+, errors 0\), 0 already stored/);
    const codes = randomCodes(20, 7);
    expect(storedSeeds(db)).toEqual(sorted(codes));
    // The codes are big (beyond 2^63, so stored as their digits), and each row is its deal's.
    expect(codes.filter((c) => c > 2n ** 63n)).toHaveLength(20);
    const rows = dump(db);
    expect(rows.every((r) => r.family === 'exact' && r.max_nodes === 20000n)).toBe(true);
  });

  it('a rerun solves nothing and changes no row; a larger K solves only the new codes', async () => {
    const before = dump(db);
    const again = await runInProcess(['batch', '--family', 'exact', '--random', '20', '--sample-seed', '7', ...BUDGET, '--db', db]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^batch: 0 deals solved .*, 20 already stored/);
    expect(dump(db)).toEqual(before);
    const more = await runInProcess(['batch', '--family', 'exact', '--random', '25', '--sample-seed', '7', ...BUDGET, '--db', db]);
    expect(more.code, more.stderr).toBe(0);
    expect(more.stdout).toMatch(/^batch: 5 deals solved .*, 20 already stored/);
    expect(storedSeeds(db)).toEqual(sorted(randomCodes(25, 7)));
    // The first 20 rows are untouched.
    const kept = new Set(before.map((r) => JSON.stringify(r, (_, v) => (typeof v === 'bigint' ? `${v}` : v))));
    expect(dump(db).filter((r) => kept.has(JSON.stringify(r, (_, v) => (typeof v === 'bigint' ? `${v}` : v))))).toHaveLength(20);
  });

  it('export keeps every digit of the seeds, as text in CSV and as strings in JSON; stats counts them', async () => {
    const codes = sorted(randomCodes(25, 7)).map(String);
    const csv = await runInProcess(['export', '--db', db, '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trimEnd().split('\n');
    expect(lines[0].split(',').slice(0, 2)).toEqual(['family', 'seed']);
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(codes);
    // Far beyond what a double holds exactly; at least one has all 68 digits.
    expect(codes.every((c) => BigInt(c) > 2n ** 64n)).toBe(true);
    expect(codes.some((c) => c.length === 68)).toBe(true);
    const json = await runInProcess(['export', '--db', db, '--format', 'json']);
    const recs = JSON.parse(json.stdout) as { seed: unknown }[];
    expect(recs.map((r) => r.seed)).toEqual(codes);
    const stats = await runInProcess(['stats', '--db', db, '--family', 'exact', '--format', 'json']);
    expect(stats.code, stats.stderr).toBe(0);
    const groups = JSON.parse(stats.stdout) as { family: string; deals: number; decided: number; winnable: number }[];
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ family: 'exact', deals: 25 });
    expect(groups[0].winnable).toBe(dump(db).filter((r) => r.verdict === 'winnable').length);
  });

  it('the microsoft family too, and --seeds lists and ranges of 68-digit codes', async () => {
    const ms = join(dir, 'microsoft.sqlite');
    const r = await runInProcess(['batch', '--family', 'microsoft', '--random', '3', '--sample-seed', '1', ...BUDGET, '--db', ms]);
    expect(r.code, r.stderr).toBe(0);
    expect(storedSeeds(ms)).toEqual(sorted(randomCodes(3, 1)));
    const top = MAX_CODE;
    const list = await runInProcess([
      'batch',
      '--family',
      'exact',
      '--seeds',
      `${top - 3n}-${top},12345678901234567890123456789`,
      ...BUDGET,
      '--db',
      ms,
    ]);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^batch: 5 deals solved/);
    expect(
      dump(ms)
        .filter((x) => x.family === 'exact')
        .map((x) => BigInt(x.seed as string)),
    ).toEqual([12345678901234567890123456789n, top - 3n, top - 2n, top - 1n, top]);
    const out = await runInProcess(['batch', '--family', 'exact', '--seeds', `${top}-${top + 1n}`, ...BUDGET, '--db', ms]);
    expect(out.code).toBe(2);
    expect(out.stderr).toBe(`klondike: seed ${top + 1n} is outside the exact range (0 ≤ N < 52!)\n`);
  });
});

describe('bad --random and --sample-seed: one line on stderr, exit 2, nothing changed', () => {
  const db = join(dir, 'bad.sqlite');
  const seedsFile = join(dir, 'seeds.txt');
  beforeAll(() => writeFileSync(seedsFile, '1-3\n'));
  const cases: [string, string[], RegExp][] = [
    ['K = 0', ['--random', '0', '--sample-seed', '1'], /random must be a whole number 1…10000000, got "0"/],
    ['K negative', ['--random=-5', '--sample-seed', '1'], /random must be a whole number/],
    ['K a fraction', ['--random', '2.5', '--sample-seed', '1'], /random must be a whole number/],
    ['K too large', ['--random', '10000001', '--sample-seed', '1'], /random must be a whole number 1…10000000/],
    ['K not a number', ['--random', 'ten', '--sample-seed', '1'], /random must be a whole number/],
    ['S negative', ['--random', '5', '--sample-seed=-1'], /sample-seed must be a whole number 0…4294967295/],
    ['S too large', ['--random', '5', '--sample-seed', '4294967296'], /sample-seed must be a whole number 0…4294967295/],
    ['S a fraction', ['--random', '5', '--sample-seed', '1.5'], /sample-seed must be a whole number/],
    ['K without S', ['--random', '5'], /--random needs --sample-seed/],
    ['S without K', ['--sample-seed', '5', '--seeds', '1-3'], /--sample-seed applies to --random only/],
    ['with --seeds', ['--random', '5', '--sample-seed', '1', '--seeds', '1-3'], /give either --random or --seeds, not both/],
    ['with --seeds-file', ['--random', '5', '--sample-seed', '1', '--seeds-file', seedsFile], /either --random or --seeds-file/],
  ];
  it.each(cases)('%s', async (_name, args, re) => {
    const r = await runInProcess(['batch', '--family', 'exact', ...args, '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^(klondike|error): /);
    expect(lines[0]).toMatch(re);
    expect(existsSync(db)).toBe(false);
  });

  it('a small family is refused with its reason, and an existing database is left as it was', async () => {
    const good = join(dir, 'random.sqlite'); // written by the tests above
    const before = sha(good);
    const r = await runInProcess(['batch', '--random', '100', '--sample-seed', '1', '--db', good]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'klondike: --random draws codes of the big families (microsoft, exact); solvitaire deals are numbered by a random generator already: give --seeds 1-100\n',
    );
    const bad = await runInProcess(['batch', '--family', 'exact', '--random', '0', '--sample-seed', '1', '--db', good]);
    expect(bad.code).toBe(2);
    expect(sha(good)).toBe(before);
  });
});
