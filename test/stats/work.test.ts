/**
 * The work per deal: percentiles and bins against a plain sort, the database and the one-by-one
 * tally agreeing, the export CSV read back, and data/'s study summaries equal to what their CSVs
 * give.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeStats } from '../../src/stats/aggregate.ts';
import { readExportCsv } from '../../src/stats/export-read.ts';
import { exportChunks } from '../../src/stats/export.ts';
import { statsToTable, workLines } from '../../src/stats/format.ts';
import { HARDEST, PER_DECADE, WorkTally, computeWork, histEdges, logEdges, spreadOfSorted } from '../../src/stats/work.ts';
import { makeKnownDb, readDb, tempDir } from '../support/stats-fixture.ts';

/** Nearest rank: the value at rank ⌈p·n⌉ of the sorted values. */
const rank = (sorted: number[], p: number) => sorted[Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length))) - 1];

describe('spreads', () => {
  it('percentiles are nearest-rank, bins a quarter decade from 1, everything counted once', () => {
    // 0 … 9,999 nodes, plus one heavy deal.
    const values = [...Array.from({ length: 10_000 }, (_, i) => i), 123_456_789].sort((a, b) => a - b);
    const edges = logEdges(0, PER_DECADE, values.at(-1)!);
    expect(edges.slice(0, 5).map((e) => e.toFixed(4))).toEqual(['1.0000', '1.7783', '3.1623', '5.6234', '10.0000']);
    expect(edges.at(-2)!).toBeLessThanOrEqual(123_456_789);
    expect(edges.at(-1)!).toBeGreaterThan(123_456_789);
    const s = spreadOfSorted(values, values.length, 0, edges);
    for (const [p, got] of [
      [0.5, s.p50],
      [0.9, s.p90],
      [0.99, s.p99],
      [0.999, s.p999],
      [0.9999, s.p9999],
    ] as const)
      expect(got, String(p)).toBe(rank(values, p));
    expect(s.max).toBe(123_456_789);
    expect(s.total).toBe(values.reduce((a, b) => a + b, 0));
    expect(s.hist.counts.reduce((a, b) => a + b, 0)).toBe(values.length);
    // 0 and 1 in the first bin; [10, 17.78) holds 10…17; the heavy deal alone in the last.
    expect(s.hist.counts[0]).toBe(2);
    expect(s.hist.counts[4]).toBe(8);
    expect(s.hist.counts.at(-1)).toBe(1);
    expect(histEdges(s.hist)).toHaveLength(edges.length);
  });
});

describe('a database and the tally agree', () => {
  let path: string;
  beforeAll(() => {
    path = join(tempDir(), 'known.sqlite');
    makeKnownDb(path);
  });

  it('computeWork per group; the tally over the same deals gives the same numbers', async () => {
    const db = readDb(path);
    const works = computeWork(db, { family: 'solvitaire' });
    expect([...works.keys()]).toHaveLength(1);
    const w = [...works.values()][0];
    // Seeds 1…10: 100·i nodes, i ms.
    expect(w.nodes).toMatchObject({ deals: 10, p50: 500, p90: 900, p99: 1000, p999: 1000, p9999: 1000, max: 1000, total: 5500 });
    expect(w.ms).toMatchObject({ deals: 10, p50: 5, p90: 9, max: 10 });
    expect(w.hardest.map((h) => h.seed)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(w.hardest[0]).toEqual({ seed: 10, verdict: 'error', nodes: 1000, ms: 10 });

    // The export CSV read back (a quoted error message with a comma, a quote and a line break).
    const csv = join(tempDir(), 'known.csv');
    writeFileSync(csv, [...exportChunks(db, 'csv')].join(''));
    db.close();
    const tally = new WorkTally();
    const seen: string[] = [];
    for await (const d of readExportCsv(csv, { family: 'solvitaire' })) {
      tally.add(d.seed, d.verdict, d.nodes!, d.ms);
      seen.push(`${d.seed}:${d.verdict}`);
    }
    expect(seen.at(-1)).toBe('10:error');
    expect(seen).toHaveLength(10);
    const t = tally.summary()!;
    expect(t.nodes).toEqual({ ...w.nodes, hist: t.nodes.hist });
    expect(t.hardest).toEqual(w.hardest);
  });

  it('the tally keeps the HARDEST most expensive, ties by seed, and drops ms when a deal has none', () => {
    const tally = new WorkTally();
    for (let s = 1; s <= 100; s++) tally.add(BigInt(s), 'winnable', s % 7, s);
    tally.add(101n, 'unwinnable', 6, null);
    const t = tally.summary()!;
    expect(t.hardest).toHaveLength(HARDEST);
    expect(t.hardest.slice(0, 3)).toEqual([
      { seed: 6, verdict: 'winnable', nodes: 6, ms: null },
      { seed: 13, verdict: 'winnable', nodes: 6, ms: null },
      { seed: 20, verdict: 'winnable', nodes: 6, ms: null },
    ]);
    expect(t.ms).toBeNull();
    expect(new WorkTally().summary()).toBeUndefined();
  });

  it('the stats table shows the work block', () => {
    const db = readDb(path);
    const groups = computeStats(db);
    db.close();
    const g = groups.find((x) => x.row.family === 'solvitaire')!;
    const lines = workLines(g.work!);
    expect(lines[0]).toBe('  work       nodes p50 500  p90 900  p99 1,000  p99.9 1,000  p99.99 1,000  max 1,000');
    expect(lines[1]).toBe('             ms    p50 5.00  p90 9.00  p99 10.0  p99.9 10.0  p99.99 10.0  max 10.0');
    expect(lines[3]).toBe('  hardest    10 1,000 error · 9 900 unknown · 8 800 lost · 7 700 lost · 6 600');
    expect(statsToTable(groups, 'known.sqlite')).toContain(lines[3]);
  });
});

describe("data/'s work summaries", () => {
  for (const name of ['study-d3', 'study-d1']) {
    it(`${name}-work.json is the summary of ${name}.csv.gz's nodes`, () => {
      const lines = gunzipSync(readFileSync(new URL(`../../data/${name}.csv.gz`, import.meta.url)))
        .toString('utf8')
        .trim()
        .split('\n')
        .slice(1);
      const tally = new WorkTally();
      for (const l of lines) {
        const [, seed, , , , verdict, nodes] = l.split(',');
        tally.add(BigInt(seed), verdict, Number(nodes), null);
      }
      const file = JSON.parse(readFileSync(new URL(`../../data/${name}-work.json`, import.meta.url), 'utf8'));
      const { nodes, ms, hardest } = tally.summary()!;
      expect(file).toMatchObject({ family: 'solvitaire', first: 1, count: 100_000 });
      expect({ nodes: file.nodes, ms: file.ms, hardest: file.hardest }).toEqual({ nodes, ms, hardest });
    });
  }
});
