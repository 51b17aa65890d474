/**
 * Per-deal export of a results database as CSV, NDJSON or one JSON array, streamed.
 *
 * Rows come from the store's reader (`resultRows`) in (family, seed, rule set) order, seeds in
 * numeric order, read from an index without sorting, and are yielded as text chunks of about
 * 64 KB: memory stays flat however many rows there are. The caller writes the chunks with
 * backpressure.
 *
 * Field choices: `passes` is a number, null for unlimited in JSON and `unlimited` in CSV;
 * `moves` is the compact notation string in every format (`movesFromCompact` in notation.ts
 * parses it), null (empty in CSV) unless the deal is winnable; `seed` is a JSON number when it
 * is at most 2^53 − 1 and a decimal string beyond (the 68-digit seeds of some families), always
 * the decimal in CSV. Columns added after the first version come last, so that older readers
 * of the CSV keep working.
 */
import type Database from 'better-sqlite3';
import { type ResultFilter, resultRows } from '../store/reader.ts';
import type { StopReason } from '../store/rows.ts';
import { csvLine } from './format.ts';

/** The output formats of `export`. */
export const EXPORT_FORMATS = ['csv', 'ndjson', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One exported deal. */
export interface ExportRecord {
  family: string;
  seed: number | string;
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
  maxMemoryMb: number | null;
  stopReason: StopReason | null;
  mostHome: number | null;
  mostHomeBound: number | null;
  mostHomeProved: boolean | null;
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
  'maxMemoryMb',
  'stopReason',
  'mostHome',
  'mostHomeBound',
  'mostHomeProved',
] as const satisfies readonly (keyof ExportRecord)[];

const CHUNK = 1 << 16;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The export as a sequence of text chunks; nothing is read before the first chunk is asked for. */
export function* exportChunks(db: Database.Database, format: ExportFormat, filter: ResultFilter = {}): Generator<string> {
  let buf = format === 'csv' ? csvLine(EXPORT_COLUMNS) : format === 'json' ? '[' : '';
  let first = true;
  for (const { row: x, rules } of resultRows(db, filter)) {
    const rec: ExportRecord = {
      family: x.family,
      seed: x.seed <= MAX_SAFE ? Number(x.seed) : x.seed.toString(),
      draw: rules.draw,
      passes: rules.passes,
      foundationReturn: rules.foundationReturn,
      verdict: x.verdict,
      nodes: x.nodes,
      ms: x.ms,
      solutionLength: x.solutionLength,
      moves: x.moves,
      error: x.error,
      maxNodes: x.maxNodes,
      timeoutMs: x.timeoutMs,
      solverVersion: x.solverVersion,
      maxMemoryMb: x.maxMemoryMb,
      stopReason: x.stopReason,
      mostHome: x.mostHome,
      mostHomeBound: x.mostHomeBound,
      mostHomeProved: x.mostHomeProved,
    };
    if (format === 'csv') buf += csvLine(EXPORT_COLUMNS.map((c) => (c === 'passes' && rec.passes === null ? 'unlimited' : rec[c])));
    else buf += format === 'json' ? (first ? '\n' : ',\n') + JSON.stringify(rec) : JSON.stringify(rec) + '\n';
    first = false;
    if (buf.length >= CHUNK) {
      yield buf;
      buf = '';
    }
  }
  if (format === 'json') buf += first ? ']\n' : '\n]\n';
  if (buf) yield buf;
}
