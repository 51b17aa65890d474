// Small results databases with known contents, written through the store's writer.
import type Database from 'better-sqlite3';
import { openReader } from '../../src/store/reader.ts';
import { EMPTY_RESULT_EXTRAS, type ResultRow } from '../../src/store/rows.ts';
import { openStore } from '../../src/store/writer.ts';
import { tempDir as tmp } from './tmp.ts';

export interface Row {
  family: string;
  seed: number;
  verdict: 'winnable' | 'unwinnable' | 'unknown' | 'error';
  nodes: number;
  ms: number;
  len?: number | null;
  moves?: string | null;
  error?: string | null;
}

/** A fresh temporary directory, removed after the test file's tests. */
export function tempDir(): string {
  return tmp('stats');
}

/** Opens a results database for reading (the store's reader); throws on error. */
export function readDb(path: string): Database.Database {
  const r = openReader(path);
  if (!r.ok) throw new Error(r.error);
  return r.value.db;
}

/** A full result row with test defaults. */
export function resultRow(r: Row, ruleSet: number): ResultRow {
  return {
    ...EMPTY_RESULT_EXTRAS,
    family: r.family,
    seed: BigInt(r.seed),
    ruleSet,
    verdict: r.verdict,
    nodes: r.nodes,
    ms: r.ms,
    solutionLength: r.len ?? null,
    moves: r.moves ?? null,
    error: r.error ?? null,
    maxNodes: 1_000_000,
    timeoutMs: 10_000,
    maxMemoryMb: null,
    solverVersion: 'test',
    solvedAt: '2025-01-01T00:00:00Z',
  };
}

/** Creates a database at `path` with the given rule sets (draw, passes 0 = ∞, foundation return) and rows. */
export function makeDb(path: string, sets: { draw: number; passes: number; fr: 0 | 1; rows: Row[] }[]): void {
  const opened = openStore(path);
  if (!opened.ok) throw new Error(opened.error);
  const store = opened.value;
  try {
    for (const s of sets) {
      const id = store.ruleSetId({ draw: s.draw, passes: s.passes === 0 ? null : s.passes, foundationReturn: s.fr === 1 });
      store.putResults(s.rows.map((r) => resultRow(r, id)));
    }
  } finally {
    store.close();
  }
}

/**
 * The known database of the stats tests:
 * - draw 3, unlimited, returns allowed, solvitaire seeds 1…10: seeds 1–6 winnable (lengths 100, 110, …, 150),
 *   7–8 unwinnable, 9 unknown, 10 error; seed i took i ms and 100·i nodes.
 * - draw 1, 3 passes, returns forbidden, klondike-solver seeds 0…3: all unwinnable, 0.5 ms, 7 nodes.
 * - draw 3, unlimited, returns allowed, greenfelt seeds 100, 101: both unknown, 10000 ms.
 */
export function makeKnownDb(path: string): void {
  const verdict = (i: number): Row['verdict'] => (i <= 6 ? 'winnable' : i <= 8 ? 'unwinnable' : i === 9 ? 'unknown' : 'error');
  const sol: Row[] = Array.from({ length: 10 }, (_, k) => {
    const i = k + 1;
    const v = verdict(i);
    return {
      family: 'solvitaire',
      seed: i,
      verdict: v,
      nodes: 100 * i,
      ms: i,
      len: v === 'winnable' ? 90 + 10 * i : null,
      moves: v === 'winnable' ? 'SW W3 1c 474' : null,
      error: v === 'error' ? 'worker crashed, "badly"\nsecond line' : null,
    };
  });
  const ks: Row[] = [0, 1, 2, 3].map((seed) => ({ family: 'klondike-solver', seed, verdict: 'unwinnable', nodes: 7, ms: 0.5 }));
  const gf: Row[] = [100, 101].map((seed) => ({ family: 'greenfelt', seed, verdict: 'unknown', nodes: 5_000_000, ms: 10_000 }));
  makeDb(path, [
    { draw: 3, passes: 0, fr: 1, rows: [...sol, ...gf] },
    { draw: 1, passes: 3, fr: 0, rows: ks },
  ]);
}

/** A minimal RFC 4180 CSV parser for checking our output. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let f = '';
  let q = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (q) {
      if (c === '"' && text[i + 1] === '"') {
        f += '"';
        i++;
      } else if (c === '"') q = false;
      else f += c;
    } else if (c === '"') q = true;
    else if (c === ',') {
      row.push(f);
      f = '';
    } else if (c === '\n') {
      row.push(f);
      rows.push(row);
      row = [];
      f = '';
    } else f += c;
  }
  if (f !== '' || row.length) {
    row.push(f);
    rows.push(row);
  }
  return rows;
}
