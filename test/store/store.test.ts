// The store (src/store): schema version 3 (its shortest table in shortest.test.ts), the migration of a real version-1 database, readers that
// never write, big seeds, most-cards-home columns, player rows, and files that are refused as they are.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { exportChunks } from '../../src/stats/export.ts';
import { computeStats } from '../../src/stats/aggregate.ts';
import { writeSampleDb } from '../support/sample-db.ts';
import { checkDbPath, readHeader } from '../../src/store/files.ts';
import { mergeDatabases } from '../../src/store/merge.ts';
import { openReader, playGroups, playRows, resultRows } from '../../src/store/reader.ts';
import { EMPTY_RESULT_EXTRAS, type PlayRow, type ResultRow, canonicalParams } from '../../src/store/rows.ts';
import { ADDED_IN_V2, INT64_MAX, RESULTS, SCHEMA_VERSION, inspectSchema } from '../../src/store/schema.ts';
import { openStore } from '../../src/store/writer.ts';
import type { Rules } from '../../src/types.ts';

const dir = mkdtempSync(join(tmpdir(), 'klondike-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const tmp = (name = 'db.sqlite') => join(dir, `${n++}-${name}`);
const sha = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');
const V1_SQL = readFileSync(new URL('../fixtures/v1-results.sql', import.meta.url), 'utf8');
const R3: Rules = { draw: 3, passes: null, foundationReturn: true };

/** A version-1 database as the version-1 code left it: the fixture's rows, in WAL mode unless asked otherwise. */
function v1Db(path: string, { wal = true, extra = '' } = {}): string {
  const d = new Database(path);
  d.exec(V1_SQL + extra);
  if (wal) d.pragma('journal_mode = WAL');
  d.close();
  return path;
}

/** Every row of a table, exactly (integers as bigint), in key order. */
function raw(path: string, table: string, order: string): Record<string, unknown>[] {
  const d = new Database(path, { readonly: true });
  try {
    return d.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).safeIntegers(true).all() as Record<string, unknown>[];
  } finally {
    d.close();
  }
}

function ok<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const files = (path: string) => readdirSync(join(path, '..')).sort();

function result(seed: bigint, extra: Partial<ResultRow> = {}): ResultRow {
  return {
    ...EMPTY_RESULT_EXTRAS,
    family: 'exact',
    seed,
    ruleSet: 0,
    verdict: 'unwinnable',
    nodes: 10,
    ms: 1,
    solutionLength: null,
    moves: null,
    error: null,
    maxNodes: 1000,
    timeoutMs: 1000,
    maxMemoryMb: 64,
    solverVersion: 'test',
    solvedAt: '2025-01-01T00:00:00Z',
    ...extra,
  };
}

describe('migration from schema version 1', () => {
  it('keeps every column of every row of a real version-1 database, in one transaction with the lock', () => {
    const f = v1Db(tmp('v1.sqlite'));
    const results = raw(f, 'results', 'family, seed, rule_set');
    const ruleSets = raw(f, 'rule_sets', 'id');
    expect(results).toHaveLength(23);
    expect(new Set(results.map((r) => r.verdict))).toEqual(new Set(['winnable', 'unwinnable', 'unknown', 'error']));
    const s = ok(openStore(f));
    expect(s.migratedFrom).toBe(1);
    s.close();
    const after = raw(f, 'results', 'family, seed, rule_set');
    expect(after).toHaveLength(results.length);
    for (const [i, row] of after.entries()) {
      for (const c of ADDED_IN_V2) expect(row[c]).toBeNull();
      const { stop_reason, most_home, most_home_bound, most_home_proved, ...old } = row;
      expect(old).toEqual(results[i]);
    }
    expect(raw(f, 'rule_sets', 'id')).toEqual(ruleSets);
    const d = new Database(f, { readonly: true });
    expect(inspectSchema(d)).toEqual({ kind: 'ours', version: SCHEMA_VERSION });
    expect(d.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(d.prepare("SELECT value FROM meta WHERE key = 'lock'").get()).toBeUndefined();
    d.close();
    // and the migrated rows read back as the version-1 file showed them
    const r = ok(openReader(f));
    expect([...resultRows(r.db)].map((x) => [x.row.family, x.row.seed, x.row.verdict, x.row.moves])).toEqual(
      results
        .slice()
        .sort((a, b) => String(a.family).localeCompare(String(b.family)) || Number(BigInt(a.seed as bigint) - BigInt(b.seed as bigint)))
        .map((x) => [x.family, x.seed, x.verdict, x.moves]),
    );
    r.close();
  });

  it.each([true, false])('a failed migration leaves the file exactly as it was (WAL mode: %s)', (wal) => {
    // A row version 2 refuses (a seed that is not a whole number) aborts the migration.
    const f = v1Db(tmp('bad-v1.sqlite'), {
      wal,
      extra: "INSERT INTO results VALUES ('solvitaire', 'x12', 1, 'unknown', 1, 1, NULL, NULL, NULL, NULL, NULL, NULL, '0.1.0', 'now');",
    });
    const [h, listing] = [sha(f), files(f)];
    const r = openStore(f);
    expect(!r.ok && r.error).toMatch(/cannot migrate from schema version 1 to 3 \(CHECK constraint failed.*\); nothing was changed$/);
    expect(sha(f)).toBe(h);
    expect(files(f)).toEqual(listing);
  });

  it('readers show a version-1 file as version 2 without writing anything beside it', () => {
    const f = v1Db(tmp('v1-read.sqlite'));
    const [h, listing] = [sha(f), files(f)];
    const r = ok(openReader(f));
    expect(r.version).toBe(1);
    const rows = [...resultRows(r.db, { family: 'klondike-solver' })];
    expect(rows.map((x) => x.row.seed)).toEqual([0n, 1n, 2n, 3n, 2147483647n]);
    expect(rows[0].row).toMatchObject({ verdict: 'unwinnable', stopReason: null, mostHome: null });
    expect(computeStats(r.db).map((g) => g.row.deals)).toEqual([5, 7, 8, 3]);
    expect([...playRows(r.db)]).toEqual([]);
    r.close();
    expect(sha(f)).toBe(h);
    expect(files(f)).toEqual(listing);
  });

  it('merge reads version-1 inputs as they are and writes version 2', () => {
    const a = v1Db(tmp('a-v1.sqlite'));
    const h = sha(a);
    const out = tmp('merged.sqlite');
    const m = ok(mergeDatabases([a], out));
    expect(m).toMatchObject({ read: 23, rows: 23, duplicates: 0, conflicts: [] });
    expect(sha(a)).toBe(h);
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ rule_set, ...r }) => r);
    const got = raw(out, 'results r JOIN rule_sets s ON s.id = r.rule_set', 'family, seed, draw, passes, foundation_return');
    const want = raw(a, 'results r JOIN rule_sets s ON s.id = r.rule_set', 'family, seed, draw, passes, foundation_return');
    expect(strip(got).map(({ id, stop_reason, most_home, most_home_bound, most_home_proved, ...x }) => x)).toEqual(
      strip(want).map(({ id, ...x }) => x),
    );
  });
});

describe('merging into a version-1 database', () => {
  it('migrates the output first, then merges: every row kept once', () => {
    const input = v1Db(tmp('in-v1.sqlite'));
    const output = v1Db(tmp('out-v1.sqlite'));
    const d = new Database(output);
    d.exec("DELETE FROM results WHERE family = 'greenfelt'");
    d.close();
    const m = ok(mergeDatabases([input], output));
    expect(m).toMatchObject({ read: 23, rows: 23, duplicates: 20, replaced: 0, conflicts: [] });
    expect(raw(output, 'meta', 'key').find((r) => r.key === 'schema_version')?.value).toBe(String(SCHEMA_VERSION));
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ stop_reason, most_home, most_home_bound, most_home_proved, ...r }) => r);
    expect(strip(raw(output, 'results', 'family, seed, rule_set'))).toEqual(raw(input, 'results', 'family, seed, rule_set'));
  });
});

describe('files refused as they are', () => {
  it.each([
    ['', /empty/],
    ['   ', /empty/],
    [`${dir}/sub/`, /names a directory/],
    [dir, /is a directory/],
  ])('path %j', (path, re) => {
    expect(!checkDbPath(path).ok && checkDbPath(path)).toMatchObject({ error: expect.stringMatching(re) });
    expect(openStore(path)).toMatchObject({ ok: false, error: expect.stringMatching(re) });
    expect(openReader(path)).toMatchObject({ ok: false });
    expect(existsSync(join(dir, 'sub'))).toBe(false);
  });

  it('a foreign schema with our meta table: refused before anything changes, no switch to WAL', () => {
    const f = tmp('foreign.sqlite');
    const d = new Database(f);
    d.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      INSERT INTO meta VALUES ('schema', 'klondike-solver-results'), ('schema_version', '2');
      CREATE TABLE rule_sets (id INTEGER PRIMARY KEY, draw INTEGER, passes INTEGER, foundation_return INTEGER);
      CREATE TABLE results (family TEXT, seed INTEGER, score REAL);
      CREATE TABLE plays (x);`);
    d.close();
    const h = sha(f);
    expect(openStore(f)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/table results has columns \(family, seed, score\), expected/),
    });
    expect(openReader(f)).toMatchObject({ ok: false, error: expect.stringMatching(/another schema/) });
    expect(mergeDatabases([f], tmp())).toMatchObject({ ok: false, error: expect.stringMatching(/another schema/) });
    expect(sha(f)).toBe(h);
    expect(readHeader(f)).toEqual({ kind: 'sqlite', wal: false });
  });

  it('a newer schema version is refused', () => {
    const f = tmp('newer.sqlite');
    ok(openStore(f)).close();
    const d = new Database(f);
    d.prepare('UPDATE meta SET value = ? WHERE key = ?').run(String(SCHEMA_VERSION + 1), 'schema_version');
    d.close();
    const h = sha(f);
    expect(openStore(f)).toMatchObject({
      ok: false,
      error: expect.stringMatching(new RegExp(`version ${SCHEMA_VERSION + 1} was written by a newer klondike-solver`)),
    });
    expect(openReader(f)).toMatchObject({ ok: false, error: expect.stringMatching(/newer/) });
    expect(sha(f)).toBe(h);
  });

  it('a corrupt database (pages overwritten in the middle) is refused by quick_check, unchanged', () => {
    const f = tmp('corrupt.sqlite');
    writeSampleDb(f, 1500);
    const fd = openSync(f, 'r+');
    const garbage = Buffer.alloc(8192, 0x5a);
    writeSync(fd, garbage, 0, garbage.length, 20 * 4096);
    const h = sha(f);
    const r = openStore(f);
    expect(!r.ok && r.error).toMatch(/is a corrupt SQLite database .*nothing was changed|is a corrupt SQLite database/);
    expect(sha(f)).toBe(h);
    expect(readHeader(f)).toEqual({ kind: 'sqlite', wal: false });
    expect(existsSync(`${f}-wal`)).toBe(false);
  });

  it('a database another program keeps locked: busy, one line, nothing changed', () => {
    const f = tmp('busy.sqlite');
    ok(openStore(f)).close();
    const other = new Database(f);
    other.exec('BEGIN IMMEDIATE');
    const h = sha(f);
    expect(openStore(f, { busyTimeoutMs: 100 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/busy: another program holds its write lock/),
    });
    other.exec('COMMIT');
    other.close();
    expect(sha(f)).toBe(h);
    ok(openStore(f, { busyTimeoutMs: 100 })).close();
  });
});

describe('seeds are exact', () => {
  const F52 = Array.from({ length: 52 }, (_, i) => BigInt(i + 1)).reduce((a, b) => a * b);
  const seeds = [10n ** 20n, 5n, F52 - 1n, INT64_MAX, INT64_MAX + 1n, 10n ** 67n, 0n, 2n ** 32n - 1n];

  it('stores integers up to 2^63 − 1 as INTEGER and larger ones as text, reads them back exactly, in numeric order', () => {
    const f = tmp('big.sqlite');
    const s = ok(openStore(f));
    const id = s.ruleSetId(R3);
    s.putResults(seeds.map((seed) => result(seed, { ruleSet: id })));
    expect(s.verdicts('exact', id, [...seeds, 6n]).size).toBe(seeds.length);
    s.close();
    const d = new Database(f, { readonly: true });
    expect(d.prepare('SELECT typeof(seed) FROM results ORDER BY length(seed), seed').pluck().all()).toEqual([
      ...Array(4).fill('integer'),
      ...Array(4).fill('text'),
    ]);
    expect(() => d.prepare('SELECT 1 FROM results WHERE seed BETWEEN 1 AND 10').all()).not.toThrow();
    d.close();
    const r = ok(openReader(f));
    const sorted = [...seeds].sort((a, b) => (a < b ? -1 : 1));
    expect([...resultRows(r.db)].map((x) => x.row.seed)).toEqual(sorted);
    const pick = (from: bigint, to: bigint) => [...resultRows(r.db, { seeds: [{ from, to }] })].map((x) => x.row.seed);
    expect(pick(0n, 10n)).toEqual([0n, 5n]);
    expect(pick(INT64_MAX - 1n, INT64_MAX + 5n)).toEqual([INT64_MAX, INT64_MAX + 1n]);
    expect(pick(10n ** 19n, 10n ** 67n)).toEqual([10n ** 20n, 10n ** 67n]);
    expect(pick(INT64_MAX + 1n, 10n ** 66n)).toEqual([INT64_MAX + 1n, 10n ** 20n]);
    expect(pick(F52 - 1n, F52 - 1n)).toEqual([F52 - 1n]);
    const json = JSON.parse([...exportChunks(r.db, 'json')].join(''));
    expect(json.map((x: { seed: unknown }) => x.seed)).toEqual(
      sorted.map((x) => (x <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(x) : String(x))),
    );
    r.close();
  });

  it('refuses seeds that are not canonical', () => {
    const f = tmp('canon.sqlite');
    ok(openStore(f)).close();
    const d = new Database(f);
    const add = (seed: unknown) =>
      d
        .prepare(
          "INSERT INTO results (family, seed, rule_set, verdict, solver_version, solved_at) VALUES ('exact', ?, 1, 'unknown', 't', 'n')",
        )
        .run(seed);
    d.prepare('INSERT INTO rule_sets (draw, passes, foundation_return) VALUES (3, 0, 1)').run();
    for (const bad of ['5', '007', '-1', 'x', -1, 1.5, `0${INT64_MAX + 1n}`, String(INT64_MAX)])
      expect(() => add(bad), String(bad)).toThrow(/CHECK/);
    expect(() => add(String(INT64_MAX + 1n))).not.toThrow();
    d.close();
  });
});

describe('most cards home', () => {
  it('a better row replaces a worse one, inconsistent ones are refused', () => {
    const f = tmp('home.sqlite');
    const s = ok(openStore(f));
    const id = s.ruleSetId(R3);
    s.putResults([result(1n, { ruleSet: id, mostHome: 20, mostHomeBound: 40, mostHomeProved: false })]);
    expect(s.putResults([result(1n, { ruleSet: id, mostHome: 25, mostHomeBound: 25, mostHomeProved: true })])).toMatchObject({
      replaced: 1,
    });
    expect(s.putResults([result(1n, { ruleSet: id })])).toMatchObject({ kept: 1 });
    expect(s.putResults([result(1n, { ruleSet: id, mostHome: 26, mostHomeBound: 26, mostHomeProved: true })]).conflicts).toHaveLength(1);
    s.putResults([result(4n, { ruleSet: id, mostHome: 12, mostHomeBound: 30, mostHomeProved: false })]);
    expect(s.mostHomeProved('exact', id, [1n, 4n, 5n])).toEqual(new Set([1n]));
    expect(() => s.putResults([result(2n, { ruleSet: id, mostHome: 20, mostHomeBound: 21, mostHomeProved: true })])).toThrow(/CHECK/);
    expect(() => s.putResults([result(3n, { ruleSet: id, mostHome: 53 })])).toThrow(/CHECK/);
    s.close();
    const r = ok(openReader(f));
    expect([...resultRows(r.db)].map((x) => [x.row.seed, x.row.mostHome, x.row.mostHomeBound, x.row.mostHomeProved])).toEqual([
      [1n, 25, 25, true],
      [4n, 12, 30, false],
    ]);
    r.close();
  });

  it('a verdict and most-cards-home knowledge from different rows are both kept', () => {
    const f = tmp('home-merge.sqlite');
    const s = ok(openStore(f));
    const id = s.ruleSetId(R3);
    const home = (x: ResultRow) => [x.verdict, x.mostHome, x.mostHomeBound, x.mostHomeProved];
    // a plain verdict stored first, then a most-home search that ran out of budget (unknown)
    s.putResults([result(1n, { ruleSet: id })]);
    const unknownHome = { ruleSet: id, verdict: 'unknown' as const, mostHome: 9, mostHomeBound: 30, mostHomeProved: false };
    expect(s.putResults([result(1n, unknownHome)])).toMatchObject({ replaced: 1, kept: 0 });
    // the other order: the unknown most-home row first, then the decided plain verdict
    s.putResults([result(2n, unknownHome)]);
    expect(s.putResults([result(2n, { ruleSet: id })])).toMatchObject({ replaced: 1 });
    // a row that knows less changes nothing
    expect(s.putResults([result(1n, { ...unknownHome, mostHome: 5 })])).toMatchObject({ kept: 1 });
    expect(s.mostHomeStored('exact', id, [1n, 2n])).toEqual(
      new Map([
        [1n, false],
        [2n, false],
      ]),
    );
    s.close();
    const r = ok(openReader(f));
    expect([...resultRows(r.db)].map((x) => home(x.row))).toEqual([
      ['unwinnable', 9, 30, false],
      ['unwinnable', 9, 30, false],
    ]);
    r.close();
  });
});

describe('player rows', () => {
  const play = (seed: bigint, ruleSet: number, extra: Partial<PlayRow> = {}): PlayRow => ({
    family: 'solvitaire',
    seed,
    ruleSet,
    stock: 'hidden',
    policy: 'priority',
    params: canonicalParams({ samples: 8, seed: 1 }),
    won: false,
    moveCount: 3,
    moves: 'SW W3 1c',
    cardsHome: 7,
    ms: 2.5,
    error: null,
    solverVersion: 'test',
    solvedAt: '2025-01-01T00:00:00Z',
    ...extra,
  });

  it('canonical parameters: keys sorted at every level', () => {
    expect(canonicalParams({ b: 1, a: { d: [2, { z: 1, y: 0 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"y":0,"z":1}]},"b":1}');
    expect(canonicalParams(undefined)).toBe('{}');
  });

  it('are written, resumed, replaced only when an error, read and grouped beside the thoughtful verdicts', () => {
    const f = tmp('plays.sqlite');
    const s = ok(openStore(f));
    const id = s.ruleSetId(R3);
    s.putResults([
      { ...result(1n, { ruleSet: id, verdict: 'winnable', solutionLength: 2, moves: 'SW W3' }), family: 'solvitaire' },
      { ...result(2n, { ruleSet: id }), family: 'solvitaire' },
    ]);
    const key = {
      family: 'solvitaire',
      ruleSet: id,
      stock: 'hidden' as const,
      policy: 'priority',
      params: canonicalParams({ seed: 1, samples: 8 }),
    };
    s.putPlays([
      play(1n, id, { cardsHome: 10 }),
      play(2n, id, { cardsHome: 4 }),
      play(3n, id, { won: true, cardsHome: 52 }),
      play(4n, id, { error: 'worker died', moveCount: 0, moves: '', cardsHome: 0 }),
      play(1n, id, { stock: 'visible', won: true, cardsHome: 52 }),
    ]);
    expect([...s.playedSeeds(key, [1n, 2n, 3n, 4n, 5n])].sort()).toEqual([1n, 2n, 3n]);
    s.putPlays([play(4n, id, { cardsHome: 1 }), play(1n, id, { cardsHome: 51 })]); // the error is replaced, the game is not
    expect(() => s.putPlays([play(9n, id, { won: true, error: 'boom' })])).toThrow(/CHECK/);
    s.close();

    const r = ok(openReader(f));
    const rows = [...playRows(r.db, { stock: 'hidden' })].map((x) => x.row);
    expect(rows.map((x) => [x.seed, x.won, x.cardsHome, x.error])).toEqual([
      [1n, false, 10, null],
      [2n, false, 4, null],
      [3n, true, 52, null],
      [4n, false, 1, null],
    ]);
    expect(rows[0]).toEqual(play(1n, id, { cardsHome: 10 }));
    const groups = playGroups(r.db);
    expect(groups).toHaveLength(2);
    expect(groups.find((g) => g.stock === 'hidden')).toEqual({
      family: 'solvitaire',
      rules: R3,
      stock: 'hidden',
      policy: 'priority',
      params: '{"samples":8,"seed":1}',
      games: 4,
      won: 1,
      errors: 0,
      cardsHomeMean: (10 + 4 + 52 + 1) / 4,
      cardsHomeSquareMean: (100 + 16 + 2704 + 1) / 4,
      cardsHomeCounts: Array.from({ length: 53 }, (_, k) => ([10, 4, 52, 1].includes(k) ? 1 : 0)),
      msMean: 2.5,
      decidedDeals: 2,
      winnableDeals: 1,
      lostWinnable: 1,
    });
    r.close();
    // merge carries the games over
    const out = tmp('plays-merged.sqlite');
    expect(ok(mergeDatabases([f, f], out))).toMatchObject({ playsRead: 10, plays: 5 });
    const m = ok(openReader(out));
    const again = ok(openReader(f));
    expect([...playRows(m.db)].map((x) => ({ ...x.row, ruleSet: 0 }))).toEqual(
      [...playRows(again.db)].map((x) => ({ ...x.row, ruleSet: 0 })),
    );
    m.close();
    again.close();
  });
});

describe('read-only locations', () => {
  // Root can mount a read-only tmpfs; elsewhere permissions stand in (root ignores them, so those runs skip).
  const root = process.getuid?.() === 0;
  let mount = '';
  if (root) {
    try {
      mount = join(dir, 'ro');
      mkdirSync(mount);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mount], { stdio: 'ignore' });
    } catch {
      mount = '';
    }
  }
  afterAll(() => {
    if (mount) execFileSync('umount', [mount], { stdio: 'ignore' });
  });

  it.skipIf(!root || !mount)('readers work on a read-only mount without creating files: at rest, WAL at rest, WAL with a log', () => {
    const rest = tmp('rest.sqlite');
    writeSampleDb(rest, 50);
    const walRest = v1Db(tmp('wal-rest.sqlite'));
    // a killed batch: WAL mode with committed rows still in the -wal file
    const live = tmp('live.sqlite');
    writeSampleDb(live, 20);
    const w = new Database(live);
    w.pragma('journal_mode = WAL');
    w.pragma('wal_autocheckpoint = 0');
    w.prepare("UPDATE results SET verdict = 'error', error = 'late' WHERE seed = 3").run();
    for (const f of [rest, walRest]) copyFileSync(f, join(mount, f.split('/').pop()!));
    copyFileSync(live, join(mount, 'live.sqlite'));
    copyFileSync(`${live}-wal`, join(mount, 'live.sqlite-wal'));
    w.close();
    execFileSync('mount', ['-o', 'remount,ro', mount]);
    const before = readdirSync(mount).sort();
    for (const [name, rows] of [
      [rest.split('/').pop()!, 200],
      [walRest.split('/').pop()!, 23],
      ['live.sqlite', 80],
    ] as const) {
      const r = ok(openReader(join(mount, name)));
      expect([...resultRows(r.db)]).toHaveLength(rows);
      if (name === 'live.sqlite')
        expect([...resultRows(r.db, { seeds: [{ from: 3n, to: 3n }] })].every((x) => x.row.error === 'late')).toBe(true);
      r.close();
    }
    expect(readdirSync(mount).sort()).toEqual(before);
    expect(openStore(join(mount, rest.split('/').pop()!))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/read-only|cannot write|cannot open/),
    });
  });

  it.skipIf(root)('readers work on a file and directory the user may only read', () => {
    const d = join(dir, 'perm');
    mkdirSync(d);
    const f = join(d, 'r.sqlite');
    writeSampleDb(f, 20);
    execFileSync('chmod', ['0444', f]);
    execFileSync('chmod', ['0555', d]);
    try {
      const r = ok(openReader(f));
      expect([...resultRows(r.db)]).toHaveLength(80);
      r.close();
      expect(readdirSync(d)).toEqual(['r.sqlite']);
    } finally {
      execFileSync('chmod', ['0755', d]);
    }
  });
});

describe('schema', () => {
  it('one column list: every column of results has a JavaScript key and the export names them all', () => {
    const keys = RESULTS.columns.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(expect.arrayContaining(['seed', 'verdict', 'stopReason', 'mostHome', 'mostHomeBound', 'mostHomeProved']));
  });
});
