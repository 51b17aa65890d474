/**
 * Where a lost game was lost, on games of the search player stored in data/ (draw 1, stock
 * hidden): the walk back (`lastWinnable`) with the solver as its probe, and the losing move's kind
 * (`losingMove`), each checked against the solver's verdicts on either side of the move and the
 * face-down cards counted on a replay of its own.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/deals/families.ts';
import { type AtomicMove, movesFromCompact } from '../../src/engine/notation.ts';
import { dealPosition } from '../../src/engine/position.ts';
import { lastWinnable, losingMove } from '../../src/hidden/rewind.ts';
import { playState } from '../../src/hidden/segment.ts';
import { solve } from '../../src/solver/index.ts';
import type { Rules } from '../../src/types.ts';

const RULES: Rules = { draw: 1, passes: null, foundationReturn: true };
const rows: Record<string, string>[] = parse(gunzipSync(readFileSync('data/play-search-look-d1-hidden.csv.gz')).toString('utf8'), {
  columns: true,
});

/** A stored game: its deal and its moves. */
function game(seed: number) {
  const row = rows.find((r) => r.seed === String(seed));
  if (!row) throw new Error(`no game of seed ${seed}`);
  const deal = dealFromSeed(seed, 'solvitaire');
  const moves = movesFromCompact(row.moves);
  if (!deal.ok || !moves.ok) throw new Error('unreadable game');
  return { start: dealPosition(deal.value), moves: moves.value, won: row.won === '1' };
}

const verdictAfter = (start: ReturnType<typeof game>['start'], moves: readonly AtomicMove[], k: number) => {
  const s = playState(start, RULES, moves.slice(0, k));
  if (!s) throw new Error(`move ${k} is not legal`);
  return solve(s.toPosition(), RULES, { maxNodes: 5_000_000 });
};

const faceDownAfter = (start: ReturnType<typeof game>['start'], moves: readonly AtomicMove[], k: number) => {
  const s = playState(start, RULES, moves.slice(0, k))!;
  return Array.from(s.down.slice(0, 7)).reduce((a, b) => a + b, 0);
};

describe('where a lost game was lost', () => {
  it.each([
    [2, 'turn up'],
    [6, 'waste'],
  ])('seed %i: the walk finds the losing move, and its kind (%s) is what it did', async (seed, kind) => {
    const { start, moves, won } = game(seed);
    expect(won).toBe(false);
    const w = await lastWinnable(moves.length, async (k) => {
      const r = verdictAfter(start, moves, k);
      return { verdict: r.verdict, moves: r.moves };
    });
    expect(w).toBeDefined();
    if (!w) return;
    expect(w.undecided).toBeUndefined();
    expect(w.lost).toBe(w.winnable + 1);
    expect(verdictAfter(start, moves, w.winnable).verdict).toBe('winnable');
    expect(verdictAfter(start, moves, w.lost).verdict).toBe('unwinnable');
    const m = losingMove(start, RULES, moves, w.lost);
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    expect(m.value.index).toBe(w.lost);
    expect(m.value.move).toEqual(moves[w.lost - 1]);
    expect(m.value.kind).toBe(kind);
    const turned = faceDownAfter(start, moves, w.lost) < faceDownAfter(start, moves, w.lost - 1);
    expect(turned).toBe(kind === 'turn up');
    // the moves since the last card turned up: none turned between, one turned just before
    const last = w.lost - 1 - m.value.sinceTurnUp;
    for (let k = last + 1; k < w.lost; k++) expect(faceDownAfter(start, moves, k)).toBe(faceDownAfter(start, moves, k - 1));
    if (last > 0) expect(faceDownAfter(start, moves, last)).toBeLessThan(faceDownAfter(start, moves, last - 1));
  });

  it('refuses a move number outside the game and a move that is not legal', () => {
    const { start, moves } = game(2);
    expect(losingMove(start, RULES, moves, 0).ok).toBe(false);
    expect(losingMove(start, RULES, moves, moves.length + 1).ok).toBe(false);
    const bad = losingMove(start, RULES, [moves[0], { from: 'fh', to: 't1', count: 1 }], 2);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/move 2 is not legal/);
  });
});
