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
import type { ResultRow } from '../store/rows.ts';
import type { Rules } from '../types.ts';
import { csvLine } from './format.ts';

/** The output formats of `export`. */
export const EXPORT_FORMATS = ['csv', 'ndjson', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One exported deal: its stored row, the seed as a number (or a decimal string past 2^53 − 1) and the rules in place of the rule set's id. */
export type ExportRecord = Omit<ResultRow, 'seed' | 'ruleSet' | 'solvedAt'> & { seed: number | string } & Rules;

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

/** A seed as exported: a JSON number up to 2^53 − 1, a decimal string beyond. */
export function exportedSeed(seed: bigint): number | string {
  return seed <= MAX_SAFE ? Number(seed) : seed.toString();
}

/**
 * Records as CSV (a header of `columns`, then one line each, `csvValue` giving a field's text
 * form), NDJSON or one JSON array, as text chunks of about 64 KB: nothing is read before the
 * first chunk is asked for, and memory stays flat however many records there are.
 */
export function* recordChunks<R extends object, C extends keyof R>(
  records: Iterable<R>,
  format: ExportFormat,
  columns: readonly C[],
  csvValue: (rec: R, column: C) => unknown = (rec, column) => rec[column],
): Generator<string> {
  let buf = format === 'csv' ? csvLine(columns as readonly string[]) : format === 'json' ? '[' : '';
  let first = true;
  for (const rec of records) {
    if (format === 'csv') buf += csvLine(columns.map((c) => csvValue(rec, c)));
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

/** The export as a sequence of text chunks; nothing is read before the first chunk is asked for. */
export function exportChunks(db: Database.Database, format: ExportFormat, filter: ResultFilter = {}): Generator<string> {
  return recordChunks(records(db, filter), format, EXPORT_COLUMNS, (rec, c) =>
    c === 'passes' && rec.passes === null ? 'unlimited' : rec[c],
  );
}

function* records(db: Database.Database, filter: ResultFilter): Generator<ExportRecord> {
  for (const { row: x, rules } of resultRows(db, filter))
    yield {
      family: x.family,
      seed: exportedSeed(x.seed),
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
}
