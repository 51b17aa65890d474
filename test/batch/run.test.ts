// Library-level tests of the batch runner: store (checks, lock), runBatch with injected faults
// and a stop signal, merge rules. The real binary is exercised in test/cli/batch.test.ts.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createSolverPool, workerEntry } from '../../src/batch/pool.ts';
import { createProgressReporter, formatDuration, progressLine, progressMode, summaryLine } from '../../src/batch/progress.ts';
import { runBatch } from '../../src/batch/run.ts';
import { validateBatchOptions, type BatchOptions } from '../../src/batch/request.ts';
import type { BatchProgress } from '../../src/batch/summary.ts';
import { SOLVER_VERSION } from '../../src/batch/record.ts';
import { mergeDatabases } from '../../src/store/merge.ts';
import { EMPTY_RESULT_EXTRAS, type Ranked, type ResultRow, type StoredVerdict, better } from '../../src/store/rows.ts';
import { initSchema } from '../../src/store/schema.ts';
import { openStore } from '../../src/store/writer.ts';
import type { Rules } from '../../src/types.ts';
import { ROOT } from '../support/build-dist.ts';
import { heavyTests } from '../support/slow.ts';

// the batches start worker threads, and two of them wait for a thread to die: minutes on a busy machine
heavyTests();

const dir = mkdtempSync(join(tmpdir(), 'klondike-batch-'));
let n = 0;
const tmp = (name = 'db.sqlite') => join(dir, `${n++}-${name}`);
const sha = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');
const R3: Rules = { draw: 3, passes: null, foundationReturn: true };

afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  delete process.env.KLONDIKE_TEST_FAULT;
});

function rows(db: string): { seed: number; verdict: string; error: string | null; solved_at: string; nodes: number }[] {
  const d = new Database(db, { readonly: true });
  try {
    return d
      .prepare('SELECT CAST(seed AS INTEGER) AS seed, verdict, error, solved_at, nodes FROM results ORDER BY length(seed), seed')
      .all() as never;
  } finally {
    d.close();
  }
}

function meta(db: string): Record<string, string> {
  const d = new Database(db, { readonly: true });
  try {
    return Object.fromEntries((d.prepare('SELECT key, value FROM meta').raw().all() as [string, string][]).map((r) => r));
  } finally {
    d.close();
  }
}

function opts(db: string, extra: Partial<BatchOptions> = {}): BatchOptions {
  return { seeds: [1, 2, 3, 4, 5, 6], family: 'solvitaire', rules: R3, budget: { maxNodes: 2000 }, workers: 2, db, ...extra };
}

describe('store', () => {
  it('creates missing directories, takes a lock while open and releases it', () => {
    const db = join(dir, 'nested', 'deeper', 'r.sqlite');
    const s = openStore(db);
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    expect(meta(db).lock).toBe(`${process.pid}@${hostname()}`);
    const again = openStore(db);
    expect(again.ok).toBe(false);
    expect(!again.ok && again.error).toMatch(/in use by another batch \(pid \d+/);
    s.value.close();
    expect(meta(db).lock).toBeUndefined();
    expect(meta(db).schema).toBe('klondike-solver-results');
    // At rest the database is one file in rollback-journal mode: readable on a read-only disk.
    const d = new Database(db, { readonly: true });
    expect(d.pragma('journal_mode', { simple: true })).toBe('delete');
    d.close();
    expect(existsSync(`${db}-wal`) || existsSync(`${db}-shm`)).toBe(false);
  });

  it('takes over a lock left by a dead process, refuses one held by another host', () => {
    const db = tmp();
    const s = openStore(db);
    if (!s.ok) throw new Error(s.error);
    s.value.close();
    const d = new Database(db);
    d.prepare("INSERT INTO meta VALUES ('lock', ?)").run(`999999999@${hostname()}`);
    d.close();
    const t = openStore(db);
    expect(t.ok).toBe(true);
    if (t.ok) t.value.close();
    // Our own pid on a file this process does not hold: a dead batch whose pid was reused.
    const r = new Database(db);
    r.prepare("INSERT INTO meta VALUES ('lock', ?)").run(`${process.pid}@${hostname()}`);
    r.close();
    const t2 = openStore(db);
    expect(t2.ok).toBe(true);
    if (t2.ok) t2.value.close();
    const e = new Database(db);
    e.prepare("INSERT INTO meta VALUES ('lock', '42@elsewhere')").run();
    e.close();
    const u = openStore(db);
    expect(!u.ok && u.error).toMatch(/in use by another batch \(pid 42 on elsewhere\)/);
  });

  it('refuses files that are not our database and leaves them untouched', () => {
    const text = tmp('notes.sqlite');
    writeFileSync(text, 'this is not a database, but it is long enough to have a header or two\n'.repeat(20));
    const h = sha(text);
    const r = openStore(text);
    expect(!r.ok && r.error).toMatch(/is not an SQLite database/);
    expect(sha(text)).toBe(h);

    const other = tmp('other.sqlite');
    const d = new Database(other);
    d.exec("CREATE TABLE people (name TEXT); INSERT INTO people VALUES ('ann')");
    d.close();
    const h2 = sha(other);
    const r2 = openStore(other);
    expect(!r2.ok && r2.error).toMatch(/another schema/);
    expect(sha(other)).toBe(h2);

    const r3 = openStore(dir);
    expect(!r3.ok && r3.error).toMatch(/is a directory/);
    const r4 = openStore(join(text, 'x.sqlite'));
    expect(!r4.ok && r4.error).toMatch(/cannot create the directory/);
  });
});

describe('validateBatchOptions', () => {
  it.each([
    [{ workers: 0 }, /workers must be/],
    [{ workers: 1.5 }, /workers must be/],
    [{ budget: { maxNodes: 0 } }, /max-nodes/],
    [{ budget: { timeoutMs: -1 } }, /timeout/],
    [{ budget: { maxMemoryMb: 0 } }, /max-memory/],
    [{ rules: { draw: 0, passes: null, foundationReturn: true } }, /draw/],
    [{ seeds: [] }, /no seeds/],
    [{ seeds: [1, 2 ** 31], family: 'klondike-solver' as const }, /seed 2147483648 is outside the klondike-solver range \(0 ≤ N < 2\^31\)/],
    [{ seeds: [2n ** 70n] }, /seed 1180591620717411303424 is outside the solvitaire range/],
    [{ seeds: [-1] }, /seeds must be whole numbers ≥ 0/],
  ])('rejects case %# (%s)', (extra, re) => {
    const r = validateBatchOptions(opts('unused', extra as Partial<BatchOptions>));
    expect(!r.ok && r.error).toMatch(re);
  });
});

describe('runBatch', () => {
  it('records a throwing deal and a crashing worker as errors and goes on; resumes; retries on request', async () => {
    const db = tmp();
    process.env.KLONDIKE_TEST_FAULT = '3:throw,5:crash';
    const seen: number[] = [];
    const s = await runBatch(opts(db), { onProgress: (p) => seen.push(p.done) });
    expect(s).toMatchObject({ total: 6, done: 6, skipped: 0, errors: 2, interrupted: false });
    expect(s.winnable + s.unwinnable + s.unknown).toBe(4);
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(6);
    const first = rows(db);
    expect(first.map((r) => r.seed)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(first[2]).toMatchObject({ verdict: 'error', error: 'solver threw: test fault: deal 3 throws' });
    expect(first[4].verdict).toBe('error');
    expect(first[4].error).toMatch(/^worker died: worker exited with code: 3; worker replaced$/);
    expect(meta(db).lock).toBeUndefined();

    // Rerun: everything is stored, nothing solved.
    const again = await runBatch(opts(db));
    expect(again).toMatchObject({ total: 0, done: 0, skipped: 6 });
    expect(rows(db)).toEqual(first);

    // Retry without the fault: only the unknown and error rows are solved again.
    delete process.env.KLONDIKE_TEST_FAULT;
    const undecided = first.filter((r) => r.verdict === 'unknown' || r.verdict === 'error').length;
    const retry = await runBatch(opts(db, { retryUnknown: true }));
    expect(retry).toMatchObject({ total: undecided, skipped: 6 - undecided, errors: 0 });
    const after = rows(db);
    for (const [i, r] of first.entries()) {
      if (r.verdict === 'winnable' || r.verdict === 'unwinnable') expect(after[i]).toEqual(r);
      else expect(after[i].verdict).not.toBe('error');
    }
  });

  it('records a worker that runs out of memory or hangs past the hard limit, with a replacement worker', async () => {
    // The hard limit is wall-clock time from dispatch, and a deal handed to a replacement thread
    // waits for it to load: on a busy machine that wait can pass a short limit. So the hanging
    // deal is the last of its batch: the deal before it runs on a thread loaded before the clock
    // starts, in about 30 ms of CPU against 5 s (under a load of 12 on 2 cores, 30-130 ms of wall
    // time), and the deal after the out-of-memory one has the default limit (123 s) for its
    // replacement thread to load.
    process.env.KLONDIKE_TEST_FAULT = '1:oom,4:hang';
    const [dbA, dbB] = [tmp(), tmp()];
    const [a, b] = await Promise.all([
      runBatch(opts(dbA, { seeds: [1, 3], workers: 1, budget: { maxNodes: 2000, maxMemoryMb: 4 } })),
      runBatch(opts(dbB, { seeds: [2, 4], workers: 1, budget: { maxNodes: 2000, timeoutMs: 1000 } })),
    ]);
    expect(a).toMatchObject({ done: 2, errors: 1 });
    expect(b).toMatchObject({ done: 2, errors: 1 });
    const [ra, rb] = [rows(dbA), rows(dbB)];
    expect(ra[0].error).toMatch(/^worker ran out of memory: .*; worker replaced$/);
    expect(ra[1].verdict).not.toBe('error');
    expect(rb[0].verdict).not.toBe('error');
    expect(rb[1].error).toBe('deal passed the hard time limit of 5.0 s; worker replaced');
  });

  it('a thread killed at the hard limit is replaced by one that solves the next deal', async () => {
    // The limit applies to the next deal too, on a thread that has just loaded: 5 s against about
    // 30 ms of CPU. The hung deal waits rather than spins, so the 5 s cost no CPU.
    process.env.KLONDIKE_TEST_FAULT = '4:sleep3600000';
    const pool = createSolverPool({ workers: 1, hardLimitMs: 5000 });
    try {
      await pool.ready();
      const task = (seed: number) => ({ seed: BigInt(seed), family: 'solvitaire' as const, rules: R3, budget: { maxNodes: 2000 } });
      const hung = await pool.solve(task(4));
      expect(hung).toMatchObject({ verdict: 'error', error: 'deal passed the hard time limit of 5.0 s; worker replaced' });
      // waits (untimed) for the replacement thread to load, then solves on it
      await pool.ready();
      const next = await pool.solve(task(2));
      expect(next.error).toBeNull();
      expect(['winnable', 'unwinnable', 'unknown']).toContain(next.verdict);
    } finally {
      await pool.destroy();
    }
  });

  it("a pool run from the sources without the suite's build loads the TypeScript worker through tsx, and solves", async () => {
    // the suite's pools load dist/batch/worker.js (KLONDIKE_THREADS_FROM_DIST, vitest.config.ts);
    // the benchmarks, run with tsx, load worker-entry.mjs, which installs tsx in the thread
    const saved = process.env.KLONDIKE_THREADS_FROM_DIST;
    expect(saved).toBe('1');
    expect(workerEntry()).toBe(join(ROOT, 'dist', 'batch', 'worker.js'));
    delete process.env.KLONDIKE_THREADS_FROM_DIST;
    try {
      expect(workerEntry()).toBe(join(ROOT, 'src', 'batch', 'worker-entry.mjs'));
      const pool = createSolverPool({ workers: 1 });
      try {
        await pool.ready();
        const r = await pool.solve({ seed: 2n, family: 'solvitaire', rules: R3, budget: { maxNodes: 2000 } });
        expect(r.error).toBeNull();
        expect(['winnable', 'unwinnable', 'unknown']).toContain(r.verdict);
      } finally {
        await pool.destroy();
      }
    } finally {
      process.env.KLONDIKE_THREADS_FROM_DIST = saved;
    }
  });

  it('fails before writing anything when the worker threads cannot start', async () => {
    const db = tmp();
    process.env.KLONDIKE_TEST_FAULT = 'load:throw';
    await expect(runBatch(opts(db))).rejects.toThrow(/^worker threads cannot start: .*test fault: the worker module fails to load/);
    expect(rows(db)).toEqual([]);
    expect(meta(db).lock).toBeUndefined();
  });

  it('stops on the signal, keeps what finished and releases the lock', async () => {
    const db = tmp();
    process.env.KLONDIKE_TEST_FAULT = '*:sleep150';
    const ac = new AbortController();
    const s = await runBatch(opts(db, { seeds: Array.from({ length: 40 }, (_, i) => i + 1), signal: ac.signal }), {
      onProgress: (p) => {
        if (p.done >= 3) ac.abort();
      },
    });
    expect(s.interrupted).toBe(true);
    expect(s.done).toBeGreaterThanOrEqual(3);
    expect(s.done).toBeLessThan(40);
    expect(rows(db).length).toBe(s.done);
    expect(meta(db).lock).toBeUndefined();
    delete process.env.KLONDIKE_TEST_FAULT;
    const rest = await runBatch(opts(db, { seeds: Array.from({ length: 40 }, (_, i) => i + 1), budget: { maxNodes: 500 } }));
    expect(rest).toMatchObject({ skipped: s.done, done: 40 - s.done, interrupted: false });
    expect(rows(db).length).toBe(40);
  });
});

describe('merge', () => {
  const row = (seed: number, verdict: StoredVerdict, extra: Partial<ResultRow> = {}): ResultRow => ({
    ...EMPTY_RESULT_EXTRAS,
    seed: BigInt(seed),
    verdict,
    nodes: 10,
    ms: 1,
    solutionLength: verdict === 'winnable' ? 100 : null,
    moves: verdict === 'winnable' ? 'SW' : null,
    error: verdict === 'error' ? 'boom' : null,
    family: 'solvitaire',
    ruleSet: 0,
    maxNodes: null,
    timeoutMs: null,
    maxMemoryMb: null,
    solverVersion: SOLVER_VERSION,
    solvedAt: '2025-01-01T00:00:00.000Z',
    ...extra,
  });
  const make = (rules: Rules[], data: [number, ResultRow][]) => {
    const f = tmp();
    const s = openStore(f);
    if (!s.ok) throw new Error(s.error);
    const ids = rules.map((r) => s.value.ruleSetId(r));
    s.value.putResults(data.map(([k, r]) => ({ ...r, ruleSet: ids[k] })));
    s.value.close();
    return f;
  };
  const R1: Rules = { draw: 1, passes: 1, foundationReturn: false };

  it('ranks rows: decided over unknown over error, most-home knowledge, shorter wins, more nodes', () => {
    const r = (verdict: StoredVerdict, extra: Partial<Ranked> = {}): Ranked => ({
      verdict,
      nodes: 0,
      solutionLength: verdict === 'winnable' ? 5 : null,
      mostHome: null,
      mostHomeBound: null,
      mostHomeProved: null,
      ...extra,
    });
    expect(better(r('winnable'), r('unknown', { nodes: 9 }))).toBe(true);
    expect(better(r('unknown'), r('error'))).toBe(true);
    expect(better(r('error'), r('unknown'))).toBe(false);
    expect(better(r('winnable', { solutionLength: 5 }), r('winnable', { solutionLength: 6 }))).toBe(true);
    expect(better(r('winnable', { solutionLength: 6 }), r('winnable', { solutionLength: 5 }))).toBe(false);
    expect(better(r('unknown', { nodes: 7 }), r('unknown', { nodes: 6 }))).toBe(true);
    expect(better(r('unwinnable', { nodes: 7 }), r('unwinnable', { nodes: 6 }))).toBe(false);
    expect(better(r('unwinnable'), r('winnable'))).toBe(false); // a conflict keeps the first
    // most cards home: proved over a bound over nothing; a narrower interval over a wider one
    const proved = r('unwinnable', { mostHome: 30, mostHomeBound: 30, mostHomeProved: true });
    const bound = r('unwinnable', { mostHome: 28, mostHomeBound: 40, mostHomeProved: false });
    expect(better(proved, bound)).toBe(true);
    expect(better(bound, proved)).toBe(false);
    expect(better(bound, r('unwinnable'))).toBe(true);
    expect(better(r('unwinnable', { mostHome: 29, mostHomeBound: 35, mostHomeProved: false }), bound)).toBe(true);
    expect(better(r('unwinnable', { mostHome: 27, mostHomeBound: 35, mostHomeProved: false }), bound)).toBe(false);
    expect(better(r('unwinnable', { mostHome: 31, mostHomeBound: 31, mostHomeProved: true }), proved)).toBe(false); // conflict
  });

  it('combines overlapping databases with different rule-set ids, reports conflicts, leaves inputs alone', () => {
    // a: rule sets [R3, R1]; b: [R1, R3] so the ids differ between the files.
    const a = make(
      [R3, R1],
      [
        [0, row(1, 'winnable')],
        [0, row(2, 'unknown', { nodes: 5 })],
        [0, row(3, 'error')],
        [0, row(4, 'winnable')],
        [1, row(1, 'unwinnable')],
      ],
    );
    const b = make(
      [R1, R3],
      [
        [1, row(1, 'winnable', { solutionLength: 90 })],
        [1, row(2, 'unknown', { nodes: 50 })],
        [1, row(3, 'unwinnable')],
        [1, row(4, 'unwinnable')],
        [1, row(5, 'winnable')],
        [0, row(1, 'unwinnable')],
      ],
    );
    const ha = sha(a);
    const hb = sha(b);
    const out = tmp('all.sqlite');
    const r = mergeDatabases([a, b], out);
    if (!r.ok) throw new Error(r.error);
    expect(r.value).toMatchObject({ inputs: 2, read: 11, rows: 6, replaced: 3, duplicates: 1 });
    // the winnable row's solution ('SW') does not win: the unwinnable row is kept
    expect(r.value.conflicts).toEqual([
      {
        family: 'solvitaire',
        seed: 4n,
        rules: R3,
        table: 'results',
        kept: "unwinnable (the winnable row's solution does not replay)",
        other: 'winnable',
        from: b,
        replaced: true,
      },
    ]);
    expect(sha(a)).toBe(ha);
    expect(sha(b)).toBe(hb);
    const d = new Database(out, { readonly: true });
    const got = d
      .prepare(
        'SELECT CAST(seed AS INTEGER) AS seed, verdict, nodes, solution_length AS len, draw FROM results JOIN rule_sets s ON s.id = rule_set ORDER BY draw DESC, seed',
      )
      .all();
    d.close();
    expect(got).toEqual([
      { seed: 1, verdict: 'winnable', nodes: 10, len: 90, draw: 3 },
      { seed: 2, verdict: 'unknown', nodes: 50, len: null, draw: 3 },
      { seed: 3, verdict: 'unwinnable', nodes: 10, len: null, draw: 3 },
      { seed: 4, verdict: 'unwinnable', nodes: 10, len: null, draw: 3 },
      { seed: 5, verdict: 'winnable', nodes: 10, len: 100, draw: 3 },
      { seed: 1, verdict: 'unwinnable', nodes: 10, len: null, draw: 1 },
    ]);
    expect(meta(out).lock).toBeUndefined();
  });

  it('merges into an existing results database, its rows taking part', () => {
    const out = make(
      [R1, R3],
      [
        [1, row(7, 'unknown')],
        [1, row(8, 'winnable')],
      ],
    );
    const a = make(
      [R3],
      [
        [0, row(7, 'unwinnable')],
        [0, row(9, 'error')],
      ],
    );
    const r = mergeDatabases([a], out);
    expect(r).toMatchObject({ ok: true, value: { read: 2, rows: 3, replaced: 1, duplicates: 0, conflicts: [] } });
    const d = new Database(out, { readonly: true });
    expect(d.prepare('SELECT seed, verdict FROM results ORDER BY seed').raw().all()).toEqual([
      [7, 'unwinnable'],
      [8, 'winnable'],
      [9, 'error'],
    ]);
    d.close();
  });

  it('refuses bad inputs and an output that is an input, changing nothing', () => {
    const a = make([R3], [[0, row(1, 'winnable')]]);
    const ha = sha(a);
    expect(mergeDatabases([a], a)).toMatchObject({ ok: false, error: expect.stringMatching(/also an input/) });
    expect(mergeDatabases([], tmp())).toMatchObject({ ok: false });
    const missing = tmp('missing.sqlite');
    const out = tmp('out.sqlite');
    expect(mergeDatabases([a, missing], out)).toMatchObject({ ok: false, error: expect.stringMatching(/does not exist/) });
    const text = tmp('text.sqlite');
    writeFileSync(text, 'hello\n'.repeat(100));
    expect(mergeDatabases([a, text], out)).toMatchObject({ ok: false, error: expect.stringMatching(/not an SQLite database/) });
    const empty = tmp('empty.sqlite');
    new Database(empty).close();
    expect(mergeDatabases([empty], out)).toMatchObject({ ok: false, error: expect.stringMatching(/not a klondike results database/) });
    const foreign = tmp('foreign.sqlite');
    const f = new Database(foreign);
    initSchema(f);
    f.prepare("UPDATE meta SET value = '9' WHERE key = 'schema_version'").run();
    f.close();
    expect(mergeDatabases([foreign], out)).toMatchObject({ ok: false, error: expect.stringMatching(/schema version 9/) });
    expect(sha(a)).toBe(ha);
  });
});

describe('progress', () => {
  const p: BatchProgress = { total: 200, done: 50, skipped: 10, winnable: 40, unwinnable: 5, unknown: 4, errors: 1, elapsedMs: 10_000 };
  it('formats lines, durations and the summary', () => {
    expect(progressLine(p)).toBe('batch: 50/200 (25%) 5.0 deals/s ETA 30s | winnable 40, unwinnable 5, unknown 4, errors 1');
    expect(formatDuration(59.4)).toBe('59s');
    expect(formatDuration(260)).toBe('4m20s');
    expect(formatDuration(3720)).toBe('1h02m');
    expect(formatDuration(Infinity)).toBe('?');
    expect(summaryLine({ ...p, done: 200, elapsedMs: 40_000, interrupted: false, db: 'x.sqlite', stored: 200, conflicts: 0 })).toBe(
      'batch: 200 deals solved (winnable 40, unwinnable 5, unknown 4, errors 1), 10 already stored, 40s at 5.0 deals/s → x.sqlite',
    );
    expect(summaryLine({ ...p, done: 200, elapsedMs: 40_000, interrupted: false, db: 'x.sqlite', stored: 200, conflicts: 2 })).toBe(
      'batch: 200 deals solved (winnable 40, unwinnable 5, unknown 4, errors 1), 2 conflicting with stored rows (kept as stored, listed above), 10 already stored, 40s at 5.0 deals/s → x.sqlite',
    );
    expect(summaryLine({ ...p, interrupted: true, db: 'x.sqlite', stored: 50, conflicts: 0 })).toMatch(
      /^batch interrupted: 50 of 200 deals solved .* run the same command again to resume$/,
    );
  });
  it('picks the mode from the stream and writes plain lines at most once per interval', () => {
    expect(progressMode({ isTTY: true } as NodeJS.WriteStream, false)).toBe('bar');
    expect(progressMode({ isTTY: false } as NodeJS.WriteStream, false)).toBe('lines');
    expect(progressMode({ isTTY: true } as NodeJS.WriteStream, true)).toBe('none');
    let out = '';
    const stream = {
      write: (t: string) => {
        out += t;
        return true;
      },
    } as unknown as NodeJS.WriteStream;
    const every = createProgressReporter('lines', stream, 0);
    every.update(p);
    every.update({ ...p, done: 51 });
    every.update({ ...p, done: 200 }); // the summary line covers the end
    every.stop();
    expect(out.split('\n').filter(Boolean)).toHaveLength(2);
    out = '';
    const slow = createProgressReporter('lines', stream, 60_000);
    slow.update(p);
    expect(out).toBe('');
  });
});
