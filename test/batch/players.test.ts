/**
 * Batches of hidden-card players: `runBatch` with a player stores one `plays` row per deal, the game
 * `playSeeded` plays (so the game `klondike play` plays); a rerun skips stored games; settings sit
 * side by side; the statistics put the thoughtful share of the same deals beside the win rate;
 * `batch --player`, `stats`, `export --plays` and `report` from the binary.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { type BatchOptions, playerParams } from '../../src/batch/request.ts';
import { runBatch } from '../../src/batch/run.ts';
import { playSeeded } from '../../src/hidden/policies.ts';
import { movesToCompact } from '../../src/engine/notation.ts';
import { computePlayStats, vegasPayoff } from '../../src/stats/plays.ts';
import { wilson } from '../../src/math/wilson.ts';
import { openReader } from '../../src/store/reader.ts';
import type { Rules } from '../../src/types.ts';
import { runCli, runInProcess } from '../support/cli-run.ts';

const dir = mkdtempSync(join(tmpdir(), 'klondike-plays-'));
let n = 0;
const tmp = () => join(dir, `${n++}.sqlite`);
const R3: Rules = { draw: 3, passes: null, foundationReturn: true };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Stored {
  seed: number;
  stock: string;
  policy: string;
  params: string;
  won: number;
  cards_home: number;
  move_count: number;
  moves: string;
  error: string | null;
}

function plays(db: string): Stored[] {
  const d = new Database(db, { readonly: true });
  try {
    return d
      .prepare(
        'SELECT CAST(seed AS INTEGER) AS seed, stock, policy, params, won, cards_home, move_count, moves, error FROM plays ORDER BY policy, seed',
      )
      .all() as Stored[];
  } finally {
    d.close();
  }
}

// small settings: what is compared is the game, move for move, not how well it plays
const SEARCH = { samples: 2, nodes: 1000 };

function opts(db: string, extra: Partial<BatchOptions> = {}): BatchOptions {
  return {
    seeds: [1, 2, 3, 4, 5, 6, 7, 8],
    family: 'solvitaire',
    rules: R3,
    budget: {},
    workers: 2,
    db,
    player: { policy: 'priority', stock: 'hidden' },
    ...extra,
  };
}

describe('batch --player', () => {
  it('stores the game playSeeded plays, one row per deal; a rerun plays nothing again', async () => {
    const db = tmp();
    const s = await runBatch(opts(db));
    expect(s.done).toBe(8);
    expect(s.games).toBe(true);
    expect(s.winnable + s.unwinnable).toBe(8);
    const rows = plays(db);
    expect(rows.map((r) => r.seed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const r of rows) {
      const g = playSeeded({ family: 'solvitaire', seed: r.seed, rules: R3, stock: 'hidden', policy: 'priority' });
      if (!g.ok) throw new Error(g.error);
      expect(r.won).toBe(g.value.won ? 1 : 0);
      expect(r.cards_home).toBe(g.value.cardsHome);
      expect(r.move_count).toBe(g.value.moves.length);
      expect(r.moves).toBe(movesToCompact(g.value.moves));
      expect(r.params).toBe('{}');
      expect(r.error).toBeNull();
    }
    const again = await runBatch(opts(db, { seeds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }));
    expect(again.skipped).toBe(8);
    expect(again.done).toBe(2);
    expect(plays(db)).toHaveLength(10);
  });

  it('the search player with its settings sits beside the other players; its games are the games of klondike play', async () => {
    const db = tmp();
    await runBatch(opts(db, { seeds: [1] }));
    const player = { policy: 'search', stock: 'visible', options: SEARCH, policySeed: 7 } as const;
    const s = await runBatch(opts(db, { seeds: [1], player }));
    expect(s.done).toBe(1);
    const rows = plays(db).filter((r) => r.policy === 'search');
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].params)).toMatchObject({ samples: 2, nodes: 1000, seed: 7 });
    expect(rows[0].params).toBe(playerParams(player));
    for (const r of rows) {
      const g = playSeeded({ family: 'solvitaire', seed: r.seed, rules: R3, ...player });
      if (!g.ok) throw new Error(g.error);
      expect(r.moves).toBe(movesToCompact(g.value.moves));
      expect(r.stock).toBe('visible');
    }
    // another policy seed is another player
    await runBatch(opts(db, { seeds: [1], player: { ...player, policySeed: 8 } }));
    expect(plays(db).filter((r) => r.policy === 'search')).toHaveLength(2);
  });

  it('bad player settings are refused before anything is written', async () => {
    const db = tmp();
    await expect(runBatch(opts(db, { player: { policy: 'search', stock: 'hidden', options: { samples: 0 } } }))).rejects.toThrow(
      /samples must be a whole number/,
    );
    await expect(runBatch(opts(db, { player: { policy: 'search', stock: 'hidden', policySeed: -1 } }))).rejects.toThrow(/policy seed/);
  });
});

describe('player statistics', () => {
  it('win rate with its Wilson interval, the thoughtful share of the same deals, winnable deals lost, cards home and Vegas', async () => {
    const db = tmp();
    const seeds = Array.from({ length: 12 }, (_, i) => i + 1);
    await runBatch(opts(db, { seeds }));
    // thoughtful verdicts for the first eight deals only
    await runBatch({ seeds: seeds.slice(0, 8), family: 'solvitaire', rules: R3, budget: { maxNodes: 300_000 }, workers: 2, db });
    const r = openReader(db);
    if (!r.ok) throw new Error(r.error);
    const [row] = computePlayStats(r.value.db);
    const verdicts = new Map(
      (r.value.db.prepare('SELECT CAST(seed AS INTEGER) AS seed, verdict FROM results').all() as { seed: number; verdict: string }[]).map(
        (x) => [x.seed, x.verdict],
      ),
    );
    r.value.close();
    const games = plays(db);
    const won = games.filter((g) => g.won).length;
    expect(row.played).toBe(12);
    expect(row.won).toBe(won);
    const w = wilson(won, 12)!;
    expect(row.ciLow).toBeCloseTo(w.low, 12);
    expect(row.ciHigh).toBeCloseTo(w.high, 12);
    const decided = games.filter((g) => verdicts.get(g.seed) === 'winnable' || verdicts.get(g.seed) === 'unwinnable');
    const winnable = decided.filter((g) => verdicts.get(g.seed) === 'winnable');
    expect(decided.length).toBeGreaterThan(0);
    expect(row.thoughtfulDeals).toBe(decided.length);
    expect(row.thoughtfulWinnable).toBe(winnable.length);
    expect(row.lostWinnable).toBe(winnable.filter((g) => !g.won).length);
    const mean = games.reduce((a, g) => a + g.cards_home, 0) / 12;
    expect(row.cardsHomeMean).toBeCloseTo(mean, 9);
    expect(row.vegasMean).toBeCloseTo(5 * mean - 52, 9);
    expect(vegasPayoff(52)).toBe(208);
    expect(row.cardsHomeCiLow!).toBeLessThanOrEqual(mean);
    expect(row.cardsHomeCiHigh!).toBeGreaterThanOrEqual(mean);
  });
});

describe('klondike batch --player, stats, export --plays, report', () => {
  it('end to end from the binary', async () => {
    const db = tmp();
    const b = await runCli(['batch', '--player', 'priority', '--seeds', '1-20', '--db', db, '--quiet']);
    expect(b.code).toBe(0);
    expect(b.stdout).toMatch(/^batch: 20 deals played \(won \d+, lost \d+, errors 0\)/);
    const st = await runCli(['stats', '--db', db]);
    expect(st.code).toBe(0);
    expect(st.stdout).toContain('Normal play (cards hidden)');
    expect(st.stdout).toMatch(/draw 3, unlimited passes · solvitaire · stock hidden · priority\n {2}games {7}20: won \d+/);
    expect(st.stdout).toMatch(/Vegas .* dollars a game/);
    // the other commands in this process: the binary's own tests are in test/cli/
    const csv = await runInProcess(['stats', '--db', db, '--plays', '--format', 'csv']);
    expect(csv.stdout.split('\n')[0]).toMatch(/^family,draw,passes,foundationReturn,stock,policy,params,games,/);
    const ex = await runInProcess(['export', '--db', db, '--plays']);
    const lines = ex.stdout.trim().split('\n');
    expect(lines).toHaveLength(21);
    expect(lines[1]).toMatch(/^solvitaire,1,3,unlimited,true,hidden,priority,\{\},[01],\d+,\d+,/);
    const out = join(dir, 'report.html');
    const rep = await runInProcess(['report', '--db', db, '--out', out]);
    expect(rep.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('Normal play (cards hidden)');
  });

  it('policy settings without --player, or for the priority policy, are one line and exit 2', async () => {
    const db = tmp();
    for (const args of [
      ['--samples', '4'],
      ['--stock', 'visible'],
      ['--player', 'priority', '--samples', '4'],
      ['--player', 'nobody'],
    ]) {
      const r = await runInProcess(['batch', '--seeds', '1-3', '--db', db, '--quiet', ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
