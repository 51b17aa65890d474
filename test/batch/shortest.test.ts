// `runBatch` with `shortest`: the stored rows are what `solve --shortest` finds under the same
// budget, a rerun resumes (and with retryUnknown searches the unproved deals again), and a row is
// proved exactly when its lower bound is its length.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runBatch } from '../../src/batch/run.ts';
import { dealFromSeed } from '../../src/deals/families.ts';
import { movesFromCompact, movesToCompact } from '../../src/engine/notation.ts';
import { dealPosition } from '../../src/engine/position.ts';
import { shortest } from '../../src/solver/index.ts';
import { openReader, shortestRows } from '../../src/store/reader.ts';
import type { ShortestRow } from '../../src/store/rows.ts';
import type { Rules } from '../../src/types.ts';
import { runCli } from '../support/cli-run.ts';
import { bySize } from '../support/slow.ts';
import { tempDir } from '../support/tmp.ts';

const dir = tempDir('batch-shortest');
const R3: Rules = { draw: 3, passes: null, foundationReturn: true };
// the full budget a batch deal runs under (the rest comes from BATCH_BUDGET)
const BUDGET = { maxNodes: 150_000, timeoutMs: 3_600_000, maxMemoryMb: 64 };

function stored(db: string): ShortestRow[] {
  const r = openReader(db);
  if (!r.ok) throw new Error(r.error);
  try {
    return [...shortestRows(r.value.db)].map((x) => x.row);
  } finally {
    r.value.close();
  }
}

const position = (seed: number) => {
  const d = dealFromSeed(seed, 'solvitaire');
  if (!d.ok) throw new Error(d.error);
  return dealPosition(d.value);
};

describe('batch --shortest', () => {
  const db = join(dir, 'shortest.sqlite');
  const base = { family: 'solvitaire', rules: R3, budget: { maxNodes: BUDGET.maxNodes, maxMemoryMb: 64 }, workers: 1, db } as const;
  // seeds 1 (lost) and 2 (won), then 3 for the resume; 1-4, then 5, with SLOW=1
  const SEEDS = bySize([1, 2], [1, 2, 3, 4]);
  const ALL = [...SEEDS, SEEDS.length + 1];

  it('stores what solve --shortest finds under the same budget', async () => {
    const seeds = SEEDS;
    const s = await runBatch({ ...base, seeds, shortest: 'atomic' });
    expect(s).toMatchObject({ done: seeds.length, skipped: 0, interrupted: false, unwinnable: 1, winnable: seeds.length - 1 });
    const rows = stored(db);
    expect(rows.map((r) => [r.seed, r.verdict])).toEqual(seeds.map((seed) => [BigInt(seed), seed === 1 ? 'unwinnable' : 'winnable']));
    for (const row of rows) {
      const want = shortest(position(Number(row.seed)), R3, BUDGET, { count: 'atomic' });
      expect(row.verdict).toBe(want.verdict);
      if (row.verdict !== 'winnable') {
        expect([row.length, row.lowerBound, row.proved, row.moves]).toEqual([null, null, null, null]);
        continue;
      }
      expect(row).toMatchObject({
        count: 'atomic',
        length: want.length,
        lowerBound: want.lowerBound,
        proved: want.proved,
        firstLength: want.firstLength,
        shortenedLength: want.shortenedLength,
        atomicLength: want.moves.length,
        moves: movesToCompact(want.moves),
        maxNodes: BUDGET.maxNodes,
      });
      expect(row.ksolveLength).toBe(want.moves.filter((m) => !(m.from === 'waste' && m.to === 'stock')).length);
      expect(row.length).toBeLessThanOrEqual(row.shortenedLength!);
      expect(row.shortenedLength).toBeLessThanOrEqual(row.firstLength!);
      expect(movesFromCompact(row.moves!).ok).toBe(true);
    }
    // and the command line says the same of one of them
    const cli = await runCli([
      'solve',
      '--seed',
      '2',
      '--shortest',
      '--json',
      '--max-nodes',
      String(BUDGET.maxNodes),
      '--max-memory',
      '64',
    ]);
    const two = rows.find((r) => r.seed === 2n)!;
    expect(JSON.parse(cli.stdout).shortest).toMatchObject({
      length: two.length,
      proved: two.proved,
      lowerBound: two.lowerBound,
      ksolve: two.ksolveLength,
      firstLength: two.firstLength,
      shortenedLength: two.shortenedLength,
    });
  });

  it('resumes: stored deals are skipped; retryUnknown searches the unproved ones again and keeps the better', async () => {
    const before = stored(db);
    const s = await runBatch({ ...base, seeds: ALL, shortest: 'atomic' });
    expect(s).toMatchObject({ done: 1, skipped: SEEDS.length, total: 1 });
    const after = stored(db);
    expect(after.slice(0, SEEDS.length)).toEqual(before);
    expect(after.map((r) => r.seed)).toEqual(ALL.map(BigInt));
    const open = after.filter((r) => r.verdict === 'winnable' && !r.proved);
    const more = await runBatch({ ...base, seeds: ALL, shortest: 'atomic', retryUnknown: true, budget: { maxNodes: 300_000 } });
    expect(more).toMatchObject({ done: open.length, skipped: ALL.length - open.length });
    const again = stored(db);
    for (const [i, r] of again.entries()) {
      const was = after[i];
      if (r.verdict !== 'winnable') continue;
      expect(r.length).toBeLessThanOrEqual(was.length!);
      expect(r.lowerBound).toBeGreaterThanOrEqual(was.lowerBound!);
    }
  });

  it('proved exactly when the lower bound is the length; another count is another row', async () => {
    const s = await runBatch({ ...base, seeds: [2], shortest: 'ksolve' });
    expect(s).toMatchObject({ done: 1, skipped: 0 });
    const rows = stored(db);
    const k = rows.find((r) => r.count === 'ksolve')!;
    expect(k).toMatchObject({ seed: 2n, verdict: 'winnable' });
    expect(k.length).toBe(k.ksolveLength);
    for (const r of rows) {
      if (r.verdict !== 'winnable') expect(r.proved).toBeNull();
      else {
        expect(r.proved).toBe(r.lowerBound === r.length);
        expect(r.lowerBound).toBeLessThanOrEqual(r.length!);
        if (r.proved) expect(r.stopReason).toBeNull();
      }
    }
    // the table's own constraint, for any row
    const d = new Database(db, { readonly: true });
    expect(d.prepare('SELECT count(*) FROM shortest WHERE proved = 1 AND lower_bound <> length').pluck().get()).toBe(0);
    d.close();
  });

  it('a stored row that the new search contradicts: a conflict told, the stored row kept, no proof made up', async () => {
    const f = join(dir, 'conflict.sqlite');
    await runBatch({ ...base, db: f, seeds: [2], shortest: 'atomic' });
    const [first] = stored(f);
    expect(first).toMatchObject({ verdict: 'winnable', proved: false });
    // a stored row claiming no line shorter than the one the search finds, plus 5
    const d = new Database(f);
    const claim = { length: first.length! + 10, bound: first.length! + 5 };
    d.prepare('UPDATE shortest SET length = ?, atomic_length = ?, lower_bound = ?').run(claim.length, claim.length, claim.bound);
    d.close();
    const lines: string[] = [];
    const s = await runBatch({ ...base, db: f, seeds: [2], shortest: 'atomic', retryUnknown: true }, { onConflict: (l) => lines.push(l) });
    expect(s).toMatchObject({ done: 1, conflicts: 1 });
    expect(lines).toEqual([
      `solvitaire seed 2 (draw 3, unlimited passes), shortest atomic: kept a solution of ${claim.length} atomic moves, none shorter than ${claim.bound}, this run says a solution of ${first.length} atomic moves, none shorter than ${first.lowerBound}`,
    ]);
    expect(stored(f).map((r) => [r.length, r.lowerBound, r.proved])).toEqual([[claim.length, claim.bound, false]]);
    // the command line says it on stderr, and exits 1
    const cli = await runCli([
      'batch',
      '--shortest',
      '--seeds',
      '2',
      '--retry-unknown',
      '--quiet',
      '--workers',
      '1',
      '--max-nodes',
      String(BUDGET.maxNodes),
      '--max-memory',
      '64',
      '--db',
      f,
    ]);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toBe(`klondike: conflict: ${lines[0]}\n`);
  });

  it('refuses --shortest with a player or --most-home, and an unknown count', async () => {
    await expect(runBatch({ ...base, seeds: [1], shortest: 'atomic', mostHome: true })).rejects.toThrow(/--shortest and --most-home/);
    await expect(runBatch({ ...base, seeds: [1], shortest: 'moves' as never })).rejects.toThrow(/count must be atomic or ksolve/);
  });
});
