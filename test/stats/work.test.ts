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
import { parseWorkFile } from '../../src/stats/work-file.ts';
import { HARDEST, PER_DECADE, WorkTally, computeWork, histEdges, joinWork, logEdges, spreadOfSorted } from '../../src/stats/work.ts';
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

describe('summaries joined from parts', () => {
  /** The tally of deals `from`…`to` of a fixed heavy-tailed pattern (nodes up to 10^7, ms a 1000th of them). */
  const tally = (from: number, to: number, timed = true) => {
    const t = new WorkTally();
    for (let s = from; s <= to; s++) {
      const nodes = Math.floor(10 ** (((s * 7919) % 1000) / 143)) + (s % 3);
      t.add(BigInt(s), s % 4 ? 'winnable' : 'unwinnable', nodes, timed ? nodes / 1000 : null);
    }
    return t.summary()!;
  };

  it('deals, totals, means, maxima, histograms and the hardest are those of the union; percentiles null', () => {
    const whole = tally(1, 5000);
    const joined = joinWork([tally(1, 1234), tally(1235, 1236), tally(1237, 5000)]);
    for (const k of ['nodes', 'ms'] as const) {
      const [j, w] = [joined[k]!, whole[k]!];
      expect(j.deals).toBe(5000);
      expect(j.total).toBeCloseTo(w.total, 6);
      expect(j.mean).toBeCloseTo(w.mean, 9);
      expect(j.max).toBe(w.max);
      expect(j.hist).toEqual(w.hist);
      expect([j.p50, j.p90, j.p99, j.p999, j.p9999]).toEqual([null, null, null, null, null]);
    }
    expect(joined.hardest).toEqual(whole.hardest);
    // One part is its own summary; a part without times leaves the union without.
    expect(joinWork([whole])).toEqual(whole);
    const untimed = joinWork([tally(1, 100), tally(101, 200, false)]);
    expect(untimed.ms).toBeNull();
    expect(untimed.hardest.every((h) => h.ms === null)).toBe(true);
  });

  it('a joined summary file reads back, with all percentiles null or none', () => {
    const w = joinWork([tally(1, 10), tally(11, 20)]);
    const file = { family: 'solvitaire', draw: 3, passes: null, foundationReturn: true, first: 1, count: 20, winnable: 15, ...w };
    const r = parseWorkFile(JSON.stringify(file));
    expect(r.ok && r.value.work).toEqual(w);
    expect(workLines(w)[0]).toMatch(/^ {2}work {7}nodes p50 – {2}p90 – {2}p99 – {2}p99\.9 – {2}p99\.99 – {2}max [\d,]+$/);
    const mixed = { ...file, nodes: { ...file.nodes, p90: 5 } };
    expect(parseWorkFile(JSON.stringify(mixed))).toEqual({
      ok: false,
      error: 'not a work summary: "nodes.p90" is 5 where "nodes.p50" is null: the percentiles are all numbers or all null',
    });
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
