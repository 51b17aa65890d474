import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initSchema } from '../../src/store/schema.ts';
import { type GroupStats, STATS_COLUMNS, type StatsRow, computeStats } from '../../src/stats/aggregate.ts';
import { rateText, statsToCsv, statsToJson, statsToTable } from '../../src/stats/format.ts';
import { wilson } from '../../src/math/wilson.ts';
import { makeKnownDb, parseCsv, readDb, tempDir } from '../support/stats-fixture.ts';

let dir: string;
let db: Database.Database;
let groups: GroupStats[];
const find = (family: string) => groups.find((g) => g.row.family === family)!.row;

beforeAll(() => {
  dir = tempDir();
  makeKnownDb(join(dir, 'known.sqlite'));
  db = readDb(join(dir, 'known.sqlite'));
  groups = computeStats(db);
});
afterAll(() => db.close());

describe('stats on the known database', () => {
  it('has one group per (rule set, family), draw 1 first', () => {
    expect(groups.map((g) => [g.row.draw, g.row.passes, g.row.foundationReturn, g.row.family])).toEqual([
      [1, 3, false, 'klondike-solver'],
      [3, null, true, 'greenfelt'],
      [3, null, true, 'solvitaire'],
    ]);
  });

  it('counts, rates, interval, bounds of solvitaire seeds 1–10', () => {
    const r = find('solvitaire');
    expect(r).toMatchObject({ deals: 10, winnable: 6, unwinnable: 2, unknown: 1, errors: 1, decided: 8, winRate: 0.75 });
    // Wilson 6 of 8 (worked in wilson.test.ts): [0.409279, 0.928525].
    expect(r.ciLow).toBeCloseTo(0.409279, 5);
    expect(r.ciHigh).toBeCloseTo(0.928525, 5);
    // Bounds: 6/10 with the unknown and the error lost, 8/10 with both won.
    expect(r.lowerBound).toBe(0.6);
    expect(r.upperBound).toBe(0.8);
  });

  it('nearest-rank percentiles, means and extremes', () => {
    const r = find('solvitaire');
    // ms 1…10: p50 = value at rank ⌈5⌉ = 5, p90 at rank 9, p99 at rank ⌈9.9⌉ = 10.
    expect([r.msP50, r.msP90, r.msP99, r.msMax, r.msMean]).toEqual([5, 9, 10, 10, 5.5]);
    expect([r.nodesMean, r.nodesMax]).toEqual([550, 1000]);
    // Lengths 100…150 over the 6 winnable deals: p50 at rank 3 = 120, p90 at rank ⌈5.4⌉ = 6 = 150.
    expect([r.lengthMin, r.lengthP50, r.lengthMean, r.lengthP90, r.lengthMax]).toEqual([100, 120, 125, 150, 150]);
  });

  it('a group with nothing winnable, and one with nothing decided', () => {
    const k = find('klondike-solver');
    expect(k).toMatchObject({ deals: 4, winnable: 0, unwinnable: 4, winRate: 0, ciLow: 0, lowerBound: 0, upperBound: 0 });
    expect(k.ciHigh).toBeCloseTo(0.489891, 5); // Wilson 0 of 4: (z²/n)/(1 + z²/n) = 0.9603648/1.9603648
    expect([k.lengthMin, k.lengthP50, k.lengthMean, k.lengthP90, k.lengthMax]).toEqual([null, null, null, null, null]);
    const g = find('greenfelt');
    expect(g).toMatchObject({ deals: 2, unknown: 2, decided: 0, winRate: null, ciLow: null, ciHigh: null, lowerBound: 0, upperBound: 1 });
  });

  it('histograms hold every deal (time) and every solution (length)', () => {
    for (const g of groups) {
      expect(g.msHist.counts.reduce((a, b) => a + b, 0)).toBe(g.row.deals);
      expect(g.lengthHist.counts.reduce((a, b) => a + b, 0)).toBe(g.row.winnable);
    }
  });

  it('filters: family, draw, passes, foundation return, seeds', () => {
    const only = (f: Parameters<typeof computeStats>[1]) => computeStats(db, f).map((g) => [g.row.family, g.row.deals]);
    expect(only({ family: 'solvitaire' })).toEqual([['solvitaire', 10]]);
    expect(only({ draw: 1 })).toEqual([['klondike-solver', 4]]);
    expect(only({ passes: null })).toEqual([
      ['greenfelt', 2],
      ['solvitaire', 10],
    ]);
    expect(only({ passes: 3 })).toEqual([['klondike-solver', 4]]);
    expect(only({ passes: 1 })).toEqual([]);
    expect(only({ foundationReturn: false })).toEqual([['klondike-solver', 4]]);
    expect(
      only({
        seeds: [
          { from: 1n, to: 3n },
          { from: 100n, to: 100n },
        ],
      }),
    ).toEqual([
      ['klondike-solver', 3],
      ['greenfelt', 1],
      ['solvitaire', 3],
    ]);
    const r = computeStats(db, { family: 'solvitaire', seeds: [{ from: 5n, to: 8n }] })[0].row;
    expect(r).toMatchObject({ deals: 4, winnable: 2, unwinnable: 2, winRate: 0.5, msP50: 6, lengthMin: 140, lengthMax: 150 });
  });
});

describe('stats output formats', () => {
  it('JSON parses back to the same rows, with null passes for unlimited', () => {
    const rows = groups.map((g) => g.row);
    const back = JSON.parse(statsToJson(rows)) as StatsRow[];
    expect(back).toEqual(rows);
    expect(back[1].passes).toBeNull();
    for (const k of [
      'family',
      'draw',
      'passes',
      'foundationReturn',
      'deals',
      'winnable',
      'unwinnable',
      'unknown',
      'errors',
      'winRate',
      'ciLow',
      'ciHigh',
      'lowerBound',
      'upperBound',
    ])
      expect(back[0]).toHaveProperty(k);
  });

  it('CSV has the same columns and parses back to the same numbers', () => {
    const rows = groups.map((g) => g.row);
    const [head, ...body] = parseCsv(statsToCsv(rows));
    expect(head).toEqual([...STATS_COLUMNS]);
    expect(body).toHaveLength(rows.length);
    body.forEach((cells, i) => {
      const r = rows[i];
      STATS_COLUMNS.forEach((c, j) => {
        const v = r[c];
        const cell = cells[j];
        if (c === 'passes') expect(cell).toBe(v === null ? 'unlimited' : String(v));
        else if (v === null) expect(cell).toBe('');
        else if (typeof v === 'number') expect(Number(cell)).toBe(v);
        else expect(cell).toBe(String(v));
      });
    });
  });

  it('the table shows percentages with their half-interval', () => {
    const t = statsToTable(groups, 'known.sqlite');
    expect(t).toContain('draw 3, unlimited passes · solvitaire');
    expect(t).toContain('75.00% (40.93% – 92.85%)'); // lopsided interval: shown, not ±
    expect(t).toContain('60.000% – 80.000%');
    expect(t).toContain('no decided deals');
    expect(t).toContain('draw 1, 3 passes, no foundation return · klondike-solver');
  });
});

describe('an empty database', () => {
  it('gives no groups and says so', () => {
    const path = join(dir, 'empty.sqlite');
    const w = new Database(path);
    initSchema(w);
    w.close();
    const e = readDb(path);
    const g = computeStats(e);
    e.close();
    expect(g).toEqual([]);
    expect(statsToJson([])).toBe('[]\n');
    expect(parseCsv(statsToCsv([]))).toEqual([[...STATS_COLUMNS]]);
    expect(statsToTable([], path)).toMatch(/^no results in .* \(0 deals\)\n$/);
  });
});

describe('rateText', () => {
  it('± for a symmetric interval, the interval itself for a lopsided one', () => {
    const row = (k: number, n: number) => {
      const w = wilson(k, n)!;
      return { winRate: w.rate, ciLow: w.low, ciHigh: w.high } as StatsRow;
    };
    // 8195 of 10000: half ≈ 1.96·√(0.8195·0.1805/10000) = 0.00754.
    expect(rateText(row(8195, 10000))).toBe('81.95% ± 0.75%');
    // 1 000 000 deals: half ≈ 0.000754 → still 2 decimals; 10 000 000: 0.000238 → 3 decimals.
    expect(rateText(row(819_450, 1_000_000))).toBe('81.95% ± 0.08%');
    expect(rateText(row(8_194_500, 10_000_000))).toBe('81.945% ± 0.024%');
    expect(rateText(row(0, 4))).toBe('0.00% (0.00% – 48.99%)');
  });
});
