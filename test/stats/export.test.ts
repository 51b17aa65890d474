import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movesFromCompact } from '../../src/engine/notation.ts';
import { EXPORT_COLUMNS, type ExportRecord, exportChunks } from '../../src/stats/export.ts';
import { makeKnownDb, parseCsv, readDb, resultRow, tempDir } from '../support/stats-fixture.ts';
import { cpuUsedMs } from '../support/cpu-time.ts';
import { HEAVY_MS, bySize } from '../support/slow.ts';
import type { ResultRow } from '../../src/store/rows.ts';
import { openStore } from '../../src/store/writer.ts';

let dir: string;
let db: Database.Database;
const text = (format: 'csv' | 'ndjson' | 'json', f = {}) => [...exportChunks(db, format, f)].join('');

beforeAll(() => {
  dir = tempDir();
  makeKnownDb(join(dir, 'known.sqlite'));
  db = readDb(join(dir, 'known.sqlite'));
});
afterAll(() => db.close());

describe('export formats', () => {
  it('JSON is one array of every deal in (family, seed, rule set) order', () => {
    const recs = JSON.parse(text('json')) as ExportRecord[];
    expect(recs).toHaveLength(16);
    expect(recs.map((r) => `${r.family}:${r.seed}`).slice(0, 6)).toEqual([
      'greenfelt:100',
      'greenfelt:101',
      'klondike-solver:0',
      'klondike-solver:1',
      'klondike-solver:2',
      'klondike-solver:3',
    ]);
    expect(Object.keys(recs[0])).toEqual([...EXPORT_COLUMNS]);
    const s1 = recs.find((r) => r.family === 'solvitaire' && r.seed === 1)!;
    expect(s1).toMatchObject({
      draw: 3,
      passes: null,
      foundationReturn: true,
      verdict: 'winnable',
      nodes: 100,
      ms: 1,
      solutionLength: 100,
    });
    expect(movesFromCompact(s1.moves!)).toEqual({
      ok: true,
      value: [
        { from: 'stock', to: 'waste', count: 1 },
        { from: 'waste', to: 't3', count: 1 },
        { from: 't1', to: 'fc', count: 1 },
        { from: 't4', to: 't7', count: 4 },
      ],
    });
    const ks = recs.find((r) => r.family === 'klondike-solver')!;
    expect(ks).toMatchObject({ draw: 1, passes: 3, foundationReturn: false, verdict: 'unwinnable', solutionLength: null, moves: null });
  });

  it('NDJSON has the same records, one per line', () => {
    const lines = text('ndjson').trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual(JSON.parse(text('json')));
  });

  it('CSV quotes what needs quoting and parses back to the JSON values', () => {
    const csv = text('csv');
    expect(csv).toContain('"worker crashed, ""badly""\nsecond line"');
    const [head, ...rows] = parseCsv(csv);
    expect(head).toEqual([...EXPORT_COLUMNS]);
    const recs = JSON.parse(text('json')) as ExportRecord[];
    expect(rows).toHaveLength(recs.length);
    rows.forEach((cells, i) => {
      EXPORT_COLUMNS.forEach((c, j) => {
        const v = recs[i][c];
        const want = c === 'passes' && v === null ? 'unlimited' : v === null ? '' : String(v);
        expect(cells[j], `${c} of row ${i}`).toBe(want);
      });
    });
    expect(rows.find((r) => r[0] === 'solvitaire' && r[1] === '10')![10]).toBe('worker crashed, "badly"\nsecond line');
  });

  it('filters apply, and an empty selection is still valid output', () => {
    expect(JSON.parse(text('json', { family: 'solvitaire', seeds: [{ from: 2n, to: 3n }] })).map((r: ExportRecord) => r.seed)).toEqual([
      2, 3,
    ]);
    expect(text('json', { draw: 7 })).toBe('[]\n');
    expect(text('ndjson', { draw: 7 })).toBe('');
    expect(text('csv', { draw: 7 })).toBe(EXPORT_COLUMNS.join(',') + '\n');
  });
});

describe('export streams', () => {
  it('20,000 deals (100,000 with SLOW=1) come out in bounded chunks, quickly', { timeout: HEAVY_MS }, () => {
    const path = join(dir, 'big.sqlite');
    const N = bySize(20_000, 100_000);
    const opened = openStore(path);
    if (!opened.ok) throw new Error(opened.error);
    const id = opened.value.ruleSetId({ draw: 3, passes: null, foundationReturn: true });
    const rows: ResultRow[] = [];
    for (let s = 1; s <= N; s++) {
      const win = s % 5 !== 0;
      const r = { family: 'solvitaire', seed: s, verdict: win ? 'winnable' : 'unwinnable', nodes: s % 977, ms: (s % 1000) / 7 } as const;
      rows.push(resultRow({ ...r, len: win ? 4 : null, moves: win ? 'SW W3 1c 474' : null }, id));
    }
    opened.value.putResults(rows);
    opened.value.close();
    const big = readDb(path);
    for (const format of ['ndjson', 'csv', 'json'] as const) {
      const t0 = cpuUsedMs();
      let chunks = 0;
      let maxChunk = 0;
      let newlines = 0;
      let last = '';
      for (const c of exportChunks(big, format)) {
        chunks++;
        maxChunk = Math.max(maxChunk, c.length);
        for (let i = c.indexOf('\n'); i >= 0; i = c.indexOf('\n', i + 1)) newlines++;
        last = c;
      }
      const ms = cpuUsedMs() - t0;
      // ndjson: one line per deal; csv: plus the header; json: plus the "[" and "]" lines.
      expect(newlines).toBe(N + (format === 'ndjson' ? 0 : format === 'csv' ? 1 : 2));
      // a 64 KiB chunk holds about 600 CSV rows, fewer in the other formats
      expect(chunks).toBeGreaterThan(N / 800);
      expect(maxChunk).toBeLessThan(70_000);
      expect(ms).toBeLessThan(10_000);
      if (format === 'json') expect(last.endsWith('\n]\n')).toBe(true);
    }
    // Stopping early releases the statement: the connection is usable again at once.
    const it = exportChunks(big, 'csv');
    it.next();
    it.return(undefined);
    expect((big.prepare('SELECT count(*) AS n FROM results').get() as { n: number }).n).toBe(N);
    big.close();
  });
});
