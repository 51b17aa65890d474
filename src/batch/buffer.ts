/**
 * The buffered writing of a batch's rows: finished rows wait in memory and are written in
 * transactions, one per table, by `flush`.
 *
 * Error rows finished before any deal of the run succeeded are held back: when every deal ends in
 * an error, something is wrong with all of them (not with one), so they are not stored (a rerun
 * tries them again) and the run stops after `errorLimit` of them. The first success releases them
 * into the rows to write.
 *
 * A row that contradicts the stored one for its deal (`store/facts.ts`: a solver bug) leaves the
 * stored row as it is; each such conflict is counted and told, in one line, to `onConflict`.
 *
 * A database another program keeps locked is waited for: a flush that finds it busy keeps its rows
 * for the next one, up to `giveUpMs` from the first busy flush; any other write error, or a lock
 * held past that, sets the run's failure and stops it.
 */
import { conflictText } from '../store/conflicts.ts';
import { describeDbError, isBusy } from '../store/files.ts';
import type { PlayRow, ResultRow, RowConflict, ShortestRow } from '../store/rows.ts';
import type { Store } from '../store/writer.ts';
import type { Rules } from '../types.ts';

/** Why a run stopped before its end (each unset while it did not), and how to stop it. */
export interface RunControl {
  /** Why writing failed (one line); once set, nothing more is written. */
  failure?: string;
  /** Why no deal can be solved here. */
  cannotRun?: string;
  /** Set when every deal of the run ended in an error (the first, as a line). */
  allFailed?: string;
  /** Stops dispatching deals. */
  stop(): void;
}

/** The rows of each table a batch writes. */
export interface RowsOf {
  results: ResultRow[];
  plays: PlayRow[];
  shortest: ShortestRow[];
}

/** A table a batch writes. */
export type RowKind = keyof RowsOf;

/** How a `RowBuffer` writes. */
export interface BufferOptions {
  /** The database file, for messages. */
  db: string;
  /** How long a busy database is waited for before giving up. */
  giveUpMs: number;
  /** The run stops when this many error rows are held back. */
  errorLimit: number;
  /** True (and the run's failure set) when the database was deleted or replaced under the run. */
  gone(): boolean;
  /** The rules of the run's rows (for the conflict lines). */
  rules: Rules;
  /** Told each row that contradicts the stored one, as a line (`conflictText`). */
  onConflict?(line: string): void;
}

const noRows = (): RowsOf => ({ results: [], plays: [], shortest: [] });

function countOf(rows: RowsOf): number {
  return rows.results.length + rows.plays.length + rows.shortest.length;
}

/** The rows finished and not written yet, the error rows held back, and their writing. */
export class RowBuffer {
  /** Rows committed to the database. */
  stored = 0;
  /** Rows that contradicted the stored row of their deal (the stored row kept). */
  conflicts = 0;
  private pending: RowsOf = noRows();
  private held: RowsOf = noRows();
  private anyOk = false;
  private busySince: number | undefined;

  constructor(
    private readonly store: Store,
    private readonly control: RunControl,
    private readonly options: BufferOptions,
  ) {}

  /** Adds a finished row; `error` is its error (null when the deal succeeded). Returns the count of rows of its kind to write. */
  add<K extends RowKind>(kind: K, row: RowsOf[K][number], error: string | null, seed: bigint): number {
    const into = this.hold(error, seed) ? this.held : this.release();
    (into[kind] as RowsOf[K][number][]).push(row);
    return this.pending[kind].length;
  }

  /** Holds error rows back until a deal succeeds; true when the row is to be held. */
  private hold(error: string | null, seed: bigint): boolean {
    if (error === null) {
      this.anyOk = true;
      return false;
    }
    if (this.anyOk) return false;
    if (countOf(this.held) + 1 >= this.options.errorLimit) {
      this.control.allFailed = `every deal ended in an error (seed ${seed}: ${error.split('\n')[0]}); none of them stored`;
      this.control.stop();
    }
    return true;
  }

  /** A deal succeeded: the error rows held back are stored with the rest. Returns the rows to write. */
  private release(): RowsOf {
    this.pending.results.push(...this.held.results);
    this.pending.plays.push(...this.held.plays);
    this.pending.shortest.push(...this.held.shortest);
    this.held = noRows();
    return this.pending;
  }

  /** The all-errors line when the run ended with error rows held back and no success; undefined otherwise. */
  heldFailure(): string | undefined {
    if (this.anyOk || countOf(this.held) === 0) return undefined;
    const firstRow = this.held.results[0] ?? this.held.plays[0] ?? this.held.shortest[0];
    const first = firstRow?.error ?? 'error';
    return `every deal ended in an error (seed ${firstRow?.seed}: ${first.split('\n')[0]}); none of them stored`;
  }

  /** Writes the finished rows; a busy database keeps them for the next try, up to giveUpMs. */
  flush(): void {
    if (countOf(this.pending) === 0 || this.control.failure !== undefined || this.options.gone()) return;
    const p = this.pending;
    try {
      this.told('results', this.store.putResults(p.results).conflicts);
      this.stored += p.results.length;
      p.results = [];
      this.store.putPlays(p.plays);
      this.stored += p.plays.length;
      p.plays = [];
      this.told('shortest', this.store.putShortest(p.shortest).conflicts);
      this.stored += p.shortest.length;
      p.shortest = [];
      this.busySince = undefined;
    } catch (e) {
      const now = performance.now();
      this.busySince ??= now;
      if (isBusy(e) && now - this.busySince < this.options.giveUpMs) return;
      this.control.failure = `${describeDbError(this.options.db, e)}; stopped, ${this.stored} deals stored, ${countOf(p)} finished ones not saved`;
      this.control.stop();
    }
  }

  /** Counts the conflicts of a write and tells each one. */
  private told(table: string, conflicts: readonly (RowConflict & { row: ResultRow | ShortestRow })[]): void {
    this.conflicts += conflicts.length;
    for (const c of conflicts) {
      const where = 'count' in c.row ? `${table} ${c.row.count}` : table;
      const line = conflictText({
        ...c,
        family: c.row.family,
        seed: c.row.seed,
        rules: this.options.rules,
        table: where,
        from: 'this run',
      });
      this.options.onConflict?.(line);
    }
  }

  /** The last write: tried again while the database is busy, up to giveUpMs. */
  async flushAll(): Promise<void> {
    for (this.flush(); countOf(this.pending) > 0 && this.control.failure === undefined; this.flush())
      await new Promise((r) => setTimeout(r, 100));
  }
}
