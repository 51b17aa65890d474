// The `shortest` table of schema version 3: rows written, improved and refused by the store, the
// migration of a version-2 file (every row kept, the table added) and readers of older files.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { mergeDatabases } from '../../src/store/merge.ts';
import { openReader, resultRows, shortestRows } from '../../src/store/reader.ts';
import { EMPTY_RESULT_EXTRAS, type ResultRow, type ShortestRow, betterShortest } from '../../src/store/rows.ts';
import { SCHEMA_VERSION, SHORTEST, encodeRow, inspectSchema, insertSql } from '../../src/store/schema.ts';
import { openStore } from '../../src/store/writer.ts';
import { tempDir } from '../support/tmp.ts';

const dir = tempDir('store-shortest');
let n = 0;
const tmp = (name = 'db.sqlite') => join(dir, `${n++}-${name}`);
const sha = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');
const V1_SQL = readFileSync(new URL('../fixtures/v1-results.sql', import.meta.url), 'utf8');
const R3 = { draw: 3, passes: null, foundationReturn: true };

function ok<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

function row(seed: bigint, ruleSet: number, extra: Partial<ShortestRow> = {}): ShortestRow {
  return {
    family: 'solvitaire',
    seed,
    ruleSet,
    count: 'atomic',
    verdict: 'winnable',
    length: 120,
    lowerBound: 100,
    proved: false,
    firstLength: 150,
    shortenedLength: 140,
    atomicLength: 120,
    ksolveLength: 115,
    moves: 'SW3',
    nodes: 1000,
    ms: 5,
    stopReason: 'nodes',
    error: null,
    maxNodes: 1000,
    timeoutMs: 1000,
    maxMemoryMb: 64,
    solverVersion: 'test',
    solvedAt: '2025-01-01T00:00:00Z',
    ...extra,
  };
}

function result(seed: bigint, ruleSet: number): ResultRow {
  return {
    ...EMPTY_RESULT_EXTRAS,
    family: 'solvitaire',
    seed,
    ruleSet,
    verdict: 'winnable',
    nodes: 10,
    ms: 1,
    solutionLength: 3,
    moves: 'SW3 W1 W2',
    error: null,
    maxNodes: 1000,
    timeoutMs: 1000,
    maxMemoryMb: 64,
    solverVersion: 'test',
    solvedAt: '2025-01-01T00:00:00Z',
  };
}

/** A version-2 database as the version-2 code left it: a current one without the `shortest` table. */
function v2Db(path: string): string {
  const s = ok(openStore(path));
  const rs = s.ruleSetId(R3);
  s.putResults([result(1n, rs), result(2n, rs)]);
  s.close();
  const d = new Database(path);
  d.exec("DROP TABLE shortest; UPDATE meta SET value = '2' WHERE key = 'schema_version'");
  d.close();
  return path;
}

describe('shortest rows', () => {
  it('a second row keeps the shorter line and the higher bound; proved only when they meet', () => {
    const a = row(1n, 1, { length: 120, atomicLength: 120, lowerBound: 100 });
    // a deeper search found no shorter line but proved more: the line stays, the bound rises
    const b = row(1n, 1, { length: 125, atomicLength: 125, lowerBound: 110, moves: 'x' });
    expect(betterShortest(b, a)).toMatchObject({ length: 120, lowerBound: 110, proved: false, moves: 'SW3' });
    // a bound that reaches the length proves it
    const c = row(1n, 1, { length: 130, atomicLength: 130, lowerBound: 120 });
    expect(betterShortest(c, a)).toMatchObject({ length: 120, lowerBound: 120, proved: true, stopReason: null });
    // nothing new: keep the stored row
    expect(betterShortest(row(1n, 1, { lowerBound: 90 }), a)).toBeUndefined();
    // a shorter line replaces, with the stored bound when that is higher
    const d = row(1n, 1, { length: 118, atomicLength: 118, lowerBound: 95, moves: 'y' });
    expect(betterShortest(d, a)).toMatchObject({ length: 118, lowerBound: 100, proved: false, moves: 'y' });
    // decided over unknown over error; an error never replaces
    const unknown = row(1n, 1, { verdict: 'unknown', length: null, lowerBound: null, proved: null, atomicLength: null });
    expect(betterShortest(a, unknown)).toBe(a);
    expect(betterShortest(unknown, a)).toBeUndefined();
    expect(betterShortest({ ...unknown, verdict: 'error' }, unknown)).toBeUndefined();
  });

  it('are written, improved and read back; the table refuses a proved flag whose bound is not the length', () => {
    const f = tmp();
    const s = ok(openStore(f));
    const rs = s.ruleSetId(R3);
    s.putShortest([row(1n, rs), row(2n, rs, { count: 'ksolve', length: 115 })]);
    s.putShortest([row(1n, rs, { length: 121, atomicLength: 121, lowerBound: 120 })]);
    expect(s.shortestStored('solvitaire', rs, 'atomic', [1n, 2n, 3n])).toEqual(new Map([[1n, { verdict: 'winnable', proved: true }]]));
    expect(s.shortestStored('solvitaire', rs, 'ksolve', [1n, 2n])).toEqual(new Map([[2n, { verdict: 'winnable', proved: false }]]));
    const put = s.db.prepare(insertSql(SHORTEST));
    const refused = (x: ShortestRow) => () => put.run(encodeRow(SHORTEST, x));
    expect(refused(row(3n, rs, { proved: true }))).toThrow(/CHECK constraint/);
    expect(refused(row(3n, rs, { lowerBound: 121 }))).toThrow(/CHECK constraint/);
    expect(refused(row(3n, rs, { atomicLength: 119 }))).toThrow(/CHECK constraint/);
    expect(refused(row(3n, rs, { verdict: 'unknown' }))).toThrow(/CHECK constraint/);
    s.close();
    const r = ok(openReader(f));
    const got = [...shortestRows(r.db)].map((x) => x.row);
    expect(got.map((x) => [x.seed, x.count, x.length, x.lowerBound, x.proved])).toEqual([
      [1n, 'atomic', 120, 120, true],
      [2n, 'ksolve', 115, 100, false],
    ]);
    expect([...shortestRows(r.db, { count: 'ksolve' })]).toHaveLength(1);
    r.close();
    for (const x of got) expect(x.proved).toBe(x.lowerBound === x.length);
  });

  it('merge combines them like the writer', () => {
    const [a, b, out] = [tmp('a.sqlite'), tmp('b.sqlite'), tmp('out.sqlite')];
    for (const [f, bound] of [
      [a, 100],
      [b, 120],
    ] as const) {
      const s = ok(openStore(f));
      s.putShortest([row(1n, s.ruleSetId(R3), { lowerBound: bound, length: 120 })]);
      s.close();
    }
    expect(ok(mergeDatabases([a, b], out))).toMatchObject({ shortestRead: 2, shortest: 1 });
    const r = ok(openReader(out));
    expect([...shortestRows(r.db)].map((x) => [x.row.length, x.row.lowerBound, x.row.proved])).toEqual([[120, 120, true]]);
    r.close();
  });
});

describe('older databases', () => {
  it('a version-2 file is read as it is, unchanged, with no shortest rows', () => {
    const f = v2Db(tmp('v2.sqlite'));
    const h = sha(f);
    const r = ok(openReader(f));
    expect(r.version).toBe(2);
    expect([...resultRows(r.db)].map((x) => x.row.seed)).toEqual([1n, 2n]);
    expect([...shortestRows(r.db)]).toEqual([]);
    r.close();
    expect(sha(f)).toBe(h);
  });

  it('a writer migrates a version-2 file: every row kept, the table added', () => {
    const f = v2Db(tmp('v2-write.sqlite'));
    const before = new Database(f, { readonly: true });
    const results = before.prepare('SELECT * FROM results ORDER BY seed').all();
    before.close();
    const s = ok(openStore(f));
    expect(s.migratedFrom).toBe(2);
    s.putShortest([row(1n, s.ruleSetId(R3))]);
    s.close();
    const d = new Database(f, { readonly: true });
    expect(inspectSchema(d)).toEqual({ kind: 'ours', version: SCHEMA_VERSION });
    expect(d.prepare('SELECT * FROM results ORDER BY seed').all()).toEqual(results);
    expect(d.prepare('SELECT count(*) FROM shortest').pluck().get()).toBe(1);
    d.close();
  });

  it('a version-1 file is read with no shortest rows, and migrated to the current version', () => {
    const f = tmp('v1.sqlite');
    const d = new Database(f);
    d.exec(V1_SQL);
    d.close();
    const r = ok(openReader(f));
    expect(r.version).toBe(1);
    expect([...shortestRows(r.db)]).toEqual([]);
    r.close();
    const s = ok(openStore(f));
    expect(s.migratedFrom).toBe(1);
    s.close();
    const m = new Database(f, { readonly: true });
    expect(inspectSchema(m)).toEqual({ kind: 'ours', version: SCHEMA_VERSION });
    expect(m.prepare('SELECT count(*) FROM results').pluck().get()).toBe(23);
    m.close();
  });
});
