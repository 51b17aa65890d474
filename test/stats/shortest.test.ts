// Statistics and export of the shortest solutions, computed by hand on a small database: the
// minimal lengths over the proved deals only, the first-found and post-pass means over every
// winnable deal, time per deal without errors, and `stats` / `export --shortest` on the command line.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHORTEST_EXPORT_COLUMNS, computeShortestStats, exportShortestChunks, shortestStatsToTable } from '../../src/stats/shortest.ts';
import { openReader } from '../../src/store/reader.ts';
import type { ShortestRow } from '../../src/store/rows.ts';
import { openStore } from '../../src/store/writer.ts';
import { runInProcess } from '../support/cli-run.ts';
import { tempDir } from '../support/tmp.ts';

const dir = tempDir('stats-shortest');
const R3 = { draw: 3, passes: null, foundationReturn: true };
const R1 = { draw: 1, passes: null, foundationReturn: true };

function row(seed: number, ruleSet: number, extra: Partial<ShortestRow>): ShortestRow {
  return {
    family: 'solvitaire',
    seed: BigInt(seed),
    ruleSet,
    count: 'atomic',
    verdict: 'winnable',
    length: null,
    lowerBound: null,
    proved: null,
    firstLength: null,
    shortenedLength: null,
    atomicLength: null,
    ksolveLength: null,
    moves: null,
    nodes: 100,
    ms: 10,
    stopReason: null,
    error: null,
    maxNodes: 1000,
    timeoutMs: 1000,
    maxMemoryMb: 64,
    solverVersion: 'test',
    solvedAt: '2025-01-01T00:00:00Z',
    ...extra,
  };
}

const won = (length: number, bound: number, first: number, shortened: number, ms: number) => ({
  length,
  lowerBound: bound,
  proved: bound === length,
  firstLength: first,
  shortenedLength: shortened,
  atomicLength: length,
  ksolveLength: length - 2,
  moves: 'SW3',
  ms,
  stopReason: bound === length ? null : ('nodes' as const),
});

/** Draw 3: four winnable deals (three proved: 100, 110, 130), one lost, one unknown, one error; draw 1: one deal. */
function makeDb(path: string): void {
  const s = openStore(path);
  if (!s.ok) throw new Error(s.error);
  const d3 = s.value.ruleSetId(R3);
  const d1 = s.value.ruleSetId(R1);
  s.value.putShortest([
    row(1, d3, won(110, 110, 150, 140, 100)),
    row(2, d3, won(100, 100, 120, 120, 200)),
    row(3, d3, won(130, 130, 160, 150, 300)),
    row(4, d3, won(140, 90, 170, 150, 400)),
    row(5, d3, { verdict: 'unwinnable', ms: 1 }),
    row(6, d3, { verdict: 'unknown', ms: 1000, stopReason: 'nodes' }),
    row(7, d3, { verdict: 'error', ms: 99_999, error: 'boom' }),
    row(1, d1, won(120, 100, 200, 180, 50)),
  ]);
  s.value.close();
}

describe('shortest statistics', () => {
  const db = join(dir, 'shortest.sqlite');
  makeDb(db);

  it('minimal lengths over the proved deals, lines found over every winnable one, time without errors', () => {
    const r = openReader(db);
    if (!r.ok) throw new Error(r.error);
    const [one, three] = computeShortestStats(r.value.db);
    r.value.close();
    expect(one).toMatchObject({ draw: 1, deals: 1, winnable: 1, proved: 0, minimalMin: null, minimalMean: null, foundMean: 120 });
    expect(three).toMatchObject({
      draw: 3,
      passes: null,
      count: 'atomic',
      deals: 7,
      winnable: 4,
      unwinnable: 1,
      unknown: 1,
      errors: 1,
      proved: 3,
      minimalMin: 100,
      minimalMedian: 110,
      minimalMax: 130,
      foundMean: 120,
      boundMean: 107.5,
      firstMean: 150,
      shortenedMean: 140,
      postPassSaving: 10,
      ksolveMean: 118,
      msMax: 1000,
    });
    expect(three.minimalMean).toBeCloseTo(340 / 3, 10);
    expect(three.postPassShare).toBeCloseTo(10 / 150, 10);
    expect(three.msMean).toBeCloseTo((100 + 200 + 300 + 400 + 1 + 1000) / 6, 10);
    expect(three.msMedian).toBe(200);
    const table = shortestStatsToTable([three]);
    expect(table).toContain('proved     3 of the 4 winnable deals shortest (75.0%)');
    expect(table).toContain('minimal    min 100  median 110  mean 113.3  max 130');
    expect(table).toContain("first      mean 150.0 the verdict's line, 140.0 after the post-pass (10.0 fewer, 6.7%)");
  });

  it('export --shortest: one record per row, every column', () => {
    const r = openReader(db);
    if (!r.ok) throw new Error(r.error);
    const csv = [...exportShortestChunks(r.value.db, 'csv', { draw: 3 })].join('').trim().split('\n');
    const json = JSON.parse([...exportShortestChunks(r.value.db, 'json', { draw: 3 })].join(''));
    r.value.close();
    expect(csv[0]).toBe(SHORTEST_EXPORT_COLUMNS.join(','));
    expect(csv).toHaveLength(8);
    expect(csv[1]).toBe('solvitaire,1,3,unlimited,true,atomic,winnable,110,1,110,150,140,110,108,100,100,,SW3,,1000,1000,64,test');
    expect(csv[4]).toContain(',winnable,140,0,90,170,150,140,138,100,400,nodes,');
    expect(json[4]).toMatchObject({ seed: 5, verdict: 'unwinnable', length: null, proved: null });
  });

  it('the command line: a stats block, csv and json with --shortest, export --shortest', async () => {
    const table = await runInProcess(['stats', '--db', db]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^Shortest solutions\n\ndraw 1, unlimited passes · solvitaire · atomic moves\n/);
    expect(table.stdout).toContain('draw 3, unlimited passes · solvitaire · atomic moves\n  deals      7:');
    const csv = await runInProcess(['stats', '--db', db, '--shortest', '--format', 'csv', '--draw', '3']);
    expect(csv.stdout.split('\n')[1]).toMatch(/^solvitaire,3,unlimited,true,atomic,7,4,1,1,1,3,100,110,/);
    const json = await runInProcess(['stats', '--db', db, '--shortest', '--format', 'json']);
    expect(JSON.parse(json.stdout)).toHaveLength(2);
    const out = await runInProcess(['export', '--db', db, '--shortest', '--draw', '1']);
    expect(out.stdout.trim().split('\n')).toHaveLength(2);
    const both = await runInProcess(['export', '--db', db, '--shortest', '--plays']);
    expect(both.code).toBe(2);
  });
});
