/**
 * Per-deal export of a results database as CSV, NDJSON or one JSON array, streamed.
 *
 * Rows are read with `.iterate()` in primary-key order (family, seed, rule set), which SQLite
 * walks on its index without sorting, and yielded as text chunks of about 64 KB: memory stays
 * flat however many rows there are. The caller writes the chunks with backpressure.
 *
 * Field choices: `passes` is a number, null for unlimited in JSON and `unlimited` in CSV;
 * `moves` is the compact notation string in every format (`movesFromCompact` in notation.ts
 * parses it), null (empty in CSV) unless the deal is winnable.
 */
import type Database from 'better-sqlite3';
import { type ResultFilter, filterSql } from './filter.ts';
import { csvLine } from './format.ts';

/** The output formats of `export`. */
export const EXPORT_FORMATS = ['csv', 'ndjson', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One exported deal. */
export interface ExportRecord {
  family: string;
  seed: number;
  draw: number;
  passes: number | null;
  foundationReturn: boolean;
  verdict: 'winnable' | 'unwinnable' | 'unknown' | 'error';
  nodes: number;
  ms: number;
  solutionLength: number | null;
  moves: string | null;
  error: string | null;
  maxNodes: number | null;
  timeoutMs: number | null;
  solverVersion: string;
}

/** Field order of records and CSV columns. */
export const EXPORT_COLUMNS = [
  'family',
  'seed',
  'draw',
  'passes',
  'foundationReturn',
  'verdict',
  'nodes',
  'ms',
  'solutionLength',
  'moves',
  'error',
  'maxNodes',
  'timeoutMs',
  'solverVersion',
] as const satisfies readonly (keyof ExportRecord)[];

const CHUNK = 1 << 16;

/** The export as a sequence of text chunks; nothing is read before the first chunk is asked for. */
export function* exportChunks(db: Database.Database, format: ExportFormat, filter: ResultFilter = {}): Generator<string> {
  const { where, params } = filterSql(filter);
  const stmt = db
    .prepare(
      `SELECT x.family, x.seed, r.draw, r.passes, r.foundation_return, x.verdict, x.nodes, x.ms, x.solution_length,
         x.moves, x.error, x.max_nodes, x.timeout_ms, x.solver_version
       FROM results x JOIN rule_sets r ON r.id = x.rule_set
       WHERE ${where} ORDER BY x.family, x.seed, x.rule_set`,
    )
    .raw();
  let buf = format === 'csv' ? csvLine(EXPORT_COLUMNS) : format === 'json' ? '[' : '';
  let first = true;
  for (const v of stmt.iterate(...params) as Iterable<unknown[]>) {
    if (format === 'csv') {
      buf += csvLine([v[0], v[1], v[2], v[3] === 0 ? 'unlimited' : v[3], v[4] !== 0, ...v.slice(5)]);
    } else {
      const rec: ExportRecord = {
        family: v[0] as string,
        seed: v[1] as number,
        draw: v[2] as number,
        passes: v[3] === 0 ? null : (v[3] as number),
        foundationReturn: v[4] !== 0,
        verdict: v[5] as ExportRecord['verdict'],
        nodes: v[6] as number,
        ms: v[7] as number,
        solutionLength: v[8] as number | null,
        moves: v[9] as string | null,
        error: v[10] as string | null,
        maxNodes: v[11] as number | null,
        timeoutMs: v[12] as number | null,
        solverVersion: v[13] as string,
      };
      buf += format === 'json' ? (first ? '\n' : ',\n') + JSON.stringify(rec) : JSON.stringify(rec) + '\n';
    }
    first = false;
    if (buf.length >= CHUNK) {
      yield buf;
      buf = '';
    }
  }
  if (format === 'json') buf += first ? ']\n' : '\n]\n';
  if (buf) yield buf;
}
