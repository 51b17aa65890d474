// Small results databases with known contents, built directly with better-sqlite3 + initSchema.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { initSchema } from '../src/store/schema.ts';

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

/** A fresh temporary directory. */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'klondike-stats-'));
}

/** Creates a database at `path` with the given rule sets (draw, passes 0 = ∞, foundation return) and rows. */
export function makeDb(path: string, sets: { draw: number; passes: number; fr: 0 | 1; rows: Row[] }[]): void {
  const db = new Database(path);
  initSchema(db);
  const addRs = db.prepare('INSERT INTO rule_sets (draw, passes, foundation_return) VALUES (?, ?, ?)');
  const add = db.prepare(`INSERT INTO results (family, seed, rule_set, verdict, nodes, ms, solution_length, moves, error,
    max_nodes, timeout_ms, max_memory_mb, solver_version, solved_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1000000, 10000, NULL, 'test', '2025-01-01T00:00:00Z')`);
  db.transaction(() => {
    for (const s of sets) {
      const id = Number(addRs.run(s.draw, s.passes, s.fr).lastInsertRowid);
      for (const r of s.rows) add.run(r.family, r.seed, id, r.verdict, r.nodes, r.ms, r.len ?? null, r.moves ?? null, r.error ?? null);
    }
  })();
  db.close();
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
