// Conflicts in every table alike: two rows for one deal that cannot both hold are never combined
// into a proof, the row whose claim holds is kept, and each conflict is reported (merge exits 1):
// shortest rows of the same key, results rows whose most-cards-home ranges are apart, and rows of
// different tables (or counts) of one deal.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/deals/families.ts';
import { movesToCompact } from '../../src/engine/notation.ts';
import { dealPosition } from '../../src/engine/position.ts';
import { countMoves, shortest } from '../../src/solver/index.ts';
import { conflictText } from '../../src/store/conflicts.ts';
import { contradiction, playFacts, resultFacts, shortestFacts } from '../../src/store/facts.ts';
import { mergeDatabases } from '../../src/store/merge.ts';
import { openReader, shortestRows } from '../../src/store/reader.ts';
import {
  EMPTY_RESULT_EXTRAS,
  type PlayRow,
  type ResultRow,
  type ShortestRow,
  better,
  betterShortest,
  shortestConflictOf,
} from '../../src/store/rows.ts';
import { openStore } from '../../src/store/writer.ts';
import type { Rules } from '../../src/types.ts';
import { runInProcess } from '../support/cli-run.ts';
import { tempDir } from '../support/tmp.ts';

const dir = tempDir('store-conflicts');
let n = 0;
const tmp = (name = 'db.sqlite') => join(dir, `${n++}-${name}`);
const R3: Rules = { draw: 3, passes: null, foundationReturn: true };

function ok<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const common = { family: 'solvitaire', seed: 1000007n, ruleSet: 1, solverVersion: 'test', solvedAt: '2025-01-01T00:00:00Z' };

function short(extra: Partial<ShortestRow> = {}): ShortestRow {
  const length = extra.length ?? 130;
  return {
    ...common,
    count: 'atomic',
    verdict: 'winnable',
    length,
    lowerBound: 103,
    proved: false,
    firstLength: 150,
    shortenedLength: 140,
    atomicLength: length,
    ksolveLength: length - 5,
    moves: 'SW3',
    nodes: 1000,
    ms: 5,
    stopReason: 'nodes',
    error: null,
    maxNodes: 1000,
    timeoutMs: 1000,
    maxMemoryMb: 64,
    ...extra,
  };
}

const proved = (length: number, extra: Partial<ShortestRow> = {}) =>
  short({ length, lowerBound: length, proved: true, stopReason: null, ...extra });
const unwinnable = (extra: Partial<ShortestRow> = {}) =>
  short({
    verdict: 'unwinnable',
    length: null,
    lowerBound: null,
    proved: null,
    atomicLength: null,
    ksolveLength: null,
    moves: null,
    ...extra,
  });

function result(extra: Partial<ResultRow> = {}): ResultRow {
  return {
    ...EMPTY_RESULT_EXTRAS,
    ...common,
    verdict: 'winnable',
    nodes: 10,
    ms: 1,
    solutionLength: 150,
    moves: 'SW3',
    error: null,
    maxNodes: 1000,
    timeoutMs: 1000,
    maxMemoryMb: 64,
    ...extra,
  };
}

function play(extra: Partial<PlayRow> = {}): PlayRow {
  return {
    ...common,
    stock: 'hidden',
    policy: 'priority',
    params: '{}',
    won: false,
    moveCount: 80,
    moves: 'SW3',
    cardsHome: 20,
    ms: 1,
    error: null,
    ...extra,
  };
}

/** A database holding these rows (rule set R3). */
function db(rows: { results?: ResultRow[]; shortest?: ShortestRow[]; plays?: PlayRow[] }, name = 'in.sqlite'): string {
  const f = tmp(name);
  const s = ok(openStore(f));
  const id = s.ruleSetId(R3);
  s.putResults((rows.results ?? []).map((r) => ({ ...r, ruleSet: id })));
  s.putShortest((rows.shortest ?? []).map((r) => ({ ...r, ruleSet: id })));
  s.putPlays((rows.plays ?? []).map((r) => ({ ...r, ruleSet: id })));
  s.close();
  return f;
}

function shortestIn(f: string): ShortestRow[] {
  const r = ok(openReader(f));
  try {
    return [...shortestRows(r.db)].map((x) => x.row);
  } finally {
    r.close();
  }
}

describe('two shortest rows that cannot both hold', () => {
  it('are a conflict, never combined into a proof', () => {
    // a line of 130 moves against a proof that none is shorter than 135
    const a = short({ length: 130, lowerBound: 103 });
    const b = short({ length: 140, lowerBound: 135 });
    expect(betterShortest(b, a)).toBeUndefined();
    expect(betterShortest(a, b)).toBeUndefined();
    expect(shortestConflictOf(b, a)).toEqual({
      fact: 'atomic',
      kept: 'a solution of 130 atomic moves, none shorter than 103',
      other: 'a solution of 140 atomic moves, none shorter than 135',
    });
    expect(shortestConflictOf(proved(125), proved(123))).toMatchObject({
      kept: 'fewest atomic moves 123 (proved minimal)',
      other: 'fewest atomic moves 125 (proved minimal)',
    });
    expect(shortestConflictOf(unwinnable(), a)).toMatchObject({ fact: 'verdict', kept: 'winnable', other: 'unwinnable' });
    // rows that agree still combine: the shorter line with the higher bound, proved when they meet
    expect(shortestConflictOf(short({ length: 140, lowerBound: 130 }), a)).toBeUndefined();
    expect(betterShortest(short({ length: 140, lowerBound: 130 }), a)).toMatchObject({ length: 130, lowerBound: 130, proved: true });
  });

  it('merge reports them with exit 1 and keeps no made-up proof', async () => {
    const a = db({ shortest: [short({ length: 130, lowerBound: 103 })] }, 'a.sqlite');
    const b = db({ shortest: [short({ length: 140, lowerBound: 135 })] }, 'b.sqlite');
    const out = tmp('out.sqlite');
    const r = await runInProcess(['merge', a, b, '-o', out]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('1 conflicts');
    expect(r.stderr).toBe(
      `klondike: conflict: solvitaire seed 1000007 (draw 3, unlimited passes), shortest atomic: kept a solution of 140 atomic moves, none shorter than 135 (the line of a solution of 130 atomic moves, none shorter than 103 does not replay) from ${b}, over the row stored before, which says a solution of 130 atomic moves, none shorter than 103\n`,
    );
    // the first row's line ('SW3') does not win, so its claim falls: the other row is kept as it was
    expect(shortestIn(out).map((x) => [x.length, x.lowerBound, x.proved])).toEqual([[140, 135, false]]);
  });

  it('proved minimal at 123 in one file and 125 in the other, or winnable against unwinnable: conflicts, exit 1', async () => {
    for (const [x, y] of [
      [proved(123), proved(125)],
      [proved(123), unwinnable()],
      [unwinnable(), proved(123)],
    ]) {
      const out = tmp('out.sqlite');
      const r = await runInProcess(['merge', db({ shortest: [x] }), db({ shortest: [y] }), '-o', out]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^klondike: conflict: solvitaire seed 1000007 \(draw 3, unlimited passes\), shortest atomic: kept /);
      expect(r.stdout).toContain('1 conflicts');
    }
  });

  it('keeps the row whose line replays: a real line disproves the other row’s lower bound', () => {
    const d = dealFromSeed(1000007, 'solvitaire');
    if (!d.ok) throw new Error(d.error);
    const found = shortest(dealPosition(d.value), R3, { maxNodes: 20_000 });
    expect(found.verdict).toBe('winnable');
    const real = short({
      length: found.length,
      lowerBound: found.lowerBound,
      proved: found.proved,
      stopReason: found.proved ? null : 'nodes',
      atomicLength: found.length,
      ksolveLength: countMoves(found.moves, 'ksolve'),
      moves: movesToCompact(found.moves),
    });
    // a row claiming no line shorter than the real one plus 5, seen first
    const lie = short({ length: found.length + 10, lowerBound: found.length + 5 });
    const m = ok(mergeDatabases([db({ shortest: [lie] }), db({ shortest: [real] })], tmp('out.sqlite')));
    expect(m.conflicts).toHaveLength(1);
    expect(m.conflicts[0].kept).toMatch(/\(its line replays\)$/);
    const out = tmp('out2.sqlite');
    ok(mergeDatabases([db({ shortest: [lie] }), db({ shortest: [real] })], out));
    expect(shortestIn(out).map((x) => [x.length, x.lowerBound, x.moves])).toEqual([[real.length, real.lowerBound, real.moves]]);
  });
});

describe('results rows whose most-cards-home ranges are apart', () => {
  it('conflict, whether proved or not, and against a verdict', () => {
    const home = (mostHome: number | null, mostHomeBound: number | null, verdict: ResultRow['verdict'] = 'unwinnable') =>
      result({ verdict, solutionLength: null, moves: null, mostHome, mostHomeBound, mostHomeProved: mostHome === mostHomeBound });
    // a proved 45 against a proved bound of 40; a line reaching 41 against the same bound
    const c1 = contradiction(resultFacts(home(45, 45)), resultFacts(home(20, 40)));
    expect(c1).toEqual({ fact: 'home', first: 'most cards home 45', second: 'most cards home 20 to 40' });
    expect(contradiction(resultFacts(home(41, null, 'unknown')), resultFacts(home(null, 40, 'unknown')))).toMatchObject({ fact: 'home' });
    // a winnable deal sends 52 home: a bound of 40 denies it
    expect(contradiction(resultFacts(result()), resultFacts(home(null, 40, 'unknown')))).toMatchObject({
      first: 'most cards home 52',
      second: 'most cards home at most 40',
    });
    expect(better(home(20, 40), home(45, 45))).toBe(false);
    // a decided verdict does not replace an unknown row whose proved bound denies it
    expect(better(result(), home(null, 40, 'unknown'))).toBe(false);
    // overlapping ranges agree
    expect(contradiction(resultFacts(home(30, 45)), resultFacts(home(20, 40)))).toBeUndefined();
  });

  it('merge reports them (exit 1) and keeps the first', async () => {
    const base = { verdict: 'unwinnable' as const, solutionLength: null, moves: null };
    const a = db({ results: [result({ ...base, mostHome: 45, mostHomeBound: 45, mostHomeProved: true })] });
    const b = db({ results: [result({ ...base, mostHome: 20, mostHomeBound: 40, mostHomeProved: false })] });
    const r = await runInProcess(['merge', a, b, '-o', tmp('out.sqlite')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `klondike: conflict: solvitaire seed 1000007 (draw 3, unlimited passes): kept most cards home 45, ${b} says most cards home 20 to 40\n`,
    );
  });
});

describe('rows of different tables for one deal', () => {
  it('are checked against each other: verdict, cards home, move counts of either count', () => {
    const cases: [Parameters<typeof db>[0], string][] = [
      [
        { results: [result({ verdict: 'unwinnable', solutionLength: null, moves: null })], shortest: [proved(123)] },
        'results says unwinnable, shortest atomic says winnable',
      ],
      [
        { results: [result({ verdict: 'unwinnable', solutionLength: null, moves: null })], plays: [play({ won: true, cardsHome: 52 })] },
        'results says unwinnable, plays (priority, stock hidden) says winnable',
      ],
      [
        {
          results: [
            result({ verdict: 'unwinnable', solutionLength: null, moves: null, mostHome: 30, mostHomeBound: 30, mostHomeProved: true }),
          ],
          plays: [play({ cardsHome: 35 })],
        },
        'results says most cards home 30, plays (priority, stock hidden) says most cards home at least 35',
      ],
      // the verdict's solution of 100 moves against a proof that none is shorter than 123
      [{ results: [result({ solutionLength: 100 })], shortest: [proved(123)] }, 'results says a solution of 100 atomic moves'],
      // a won game of 90 moves against the same proof
      [
        { shortest: [proved(123)], plays: [play({ won: true, cardsHome: 52, moveCount: 90 })] },
        'plays (priority, stock hidden) says a solution of 90',
      ],
      // the atomic row's line counts 118 as KSolve counts; the ksolve row proves none shorter than 120
      [
        {
          shortest: [
            proved(123, { ksolveLength: 118 }),
            short({ count: 'ksolve', length: 125, lowerBound: 120, ksolveLength: 125, atomicLength: 127 }),
          ],
        },
        'shortest atomic says a solution of 118 moves as KSolve counts, shortest ksolve says a solution of 125 moves as KSolve counts, none shorter than 120',
      ],
    ];
    for (const [rows, words] of cases) {
      const out = tmp('out.sqlite');
      const m = ok(mergeDatabases([db(rows)], out));
      expect(m.conflicts, words).toHaveLength(1);
      expect(conflictText(m.conflicts[0])).toContain(words);
      expect(conflictText(m.conflicts[0])).toMatch(new RegExp(`\\(both kept in ${out}\\)$`));
    }
  });

  it('agreeing rows give no conflict', () => {
    const m = ok(
      mergeDatabases(
        [
          db({
            results: [result({ solutionLength: 150, mostHome: 52, mostHomeBound: 52, mostHomeProved: true })],
            shortest: [
              proved(123, { ksolveLength: 118 }),
              short({ count: 'ksolve', length: 119, lowerBound: 110, ksolveLength: 119, atomicLength: 125 }),
            ],
            plays: [play({ won: true, cardsHome: 52, moveCount: 200 }), play({ policy: 'search', cardsHome: 30 })],
          }),
        ],
        tmp('out.sqlite'),
      ),
    );
    expect(m.conflicts).toEqual([]);
    expect(contradiction(playFacts(play()), shortestFacts(unwinnable()))).toBeUndefined(); // a lost game proves nothing of the verdict
  });
});
