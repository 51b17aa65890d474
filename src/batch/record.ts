/**
 * The recording of a batch's outcomes: each finished deal becomes a row of its table (a result, a
 * shortest solution or a played game) stamped with the budget and the version it ran under, is
 * handed to the row buffer and counted in the run's progress.
 *
 * An outcome that says no deal can be solved here (`cannotRun`) is not a row: it stops the run.
 */
import type { Budget, MoveCount } from '../solver/index.ts';
import { EMPTY_RESULT_EXTRAS, type PlayRow, type ResultRow, type ShortestRow } from '../store/rows.ts';
import type { PlayKey } from '../store/writer.ts';
import type { Family } from '../types.ts';
import { VERSION } from '../version.ts';
import type { RowBuffer, RowKind, RunControl } from './buffer.ts';
import type { DealOutcome, PlayOutcome } from './task.ts';

/** The version stamped on every row this batch writes: the package version. */
export const SOLVER_VERSION: string = VERSION;

/** The counts of a run the recording keeps. */
export interface Tally {
  done: number;
  winnable: number;
  unwinnable: number;
  unknown: number;
  errors: number;
}

/** What a `Recorder` records into. */
export interface RecorderOptions {
  family: Family;
  ruleSet: number;
  budget: Required<Budget>;
  /** Solutions counted so are searched for: the outcomes go to `shortest`. */
  shortest?: MoveCount;
  /** A player's key: its games go to `plays`. */
  played?: PlayKey;
  buffer: RowBuffer;
  control: RunControl;
  tally: Tally;
  /** A table's rows are written when this many wait. */
  flushEvery: number;
  /** Called after each recorded deal. */
  report(): void;
}

/** Turns finished deals into rows and counts them. */
export class Recorder {
  constructor(private readonly o: RecorderOptions) {}

  /** Records a solved deal: a `shortest` row when shortest solutions are searched for, else a `results` row. */
  deal(r: DealOutcome): void {
    if (this.cannotRun(r.cannotRun)) return;
    const row = this.o.shortest ? this.shortestRow(r, this.o.shortest) : this.resultRow(r);
    const kind: RowKind = this.o.shortest ? 'shortest' : 'results';
    const waiting = this.o.buffer.add(kind, row, r.verdict === 'error' ? (r.error ?? 'error') : null, r.seed);
    this.o.tally.done++;
    if (r.verdict === 'error') this.o.tally.errors++;
    else this.o.tally[r.verdict]++;
    this.written(waiting);
  }

  /** Records a played game as a `plays` row (nothing without a player's key). */
  play(r: PlayOutcome): void {
    const played = this.o.played;
    if (!played) return;
    if (this.cannotRun(r.cannotRun)) return;
    const { cannotRun: _, ...outcome } = r;
    const row: PlayRow = { ...played, ...outcome, solverVersion: SOLVER_VERSION, solvedAt: new Date().toISOString() };
    const waiting = this.o.buffer.add('plays', row, r.error, r.seed);
    const t = this.o.tally;
    t.done++;
    if (r.error !== null) t.errors++;
    else if (r.won) t.winnable++;
    else t.unwinnable++;
    this.written(waiting);
  }

  /** Stops the run when the outcome says no deal can be solved here; true when it did. */
  private cannotRun(why: string | undefined): boolean {
    if (why === undefined) return false;
    this.o.control.cannotRun ??= why;
    this.o.control.stop();
    return true;
  }

  /** Writes when enough rows wait, then reports. */
  private written(waiting: number): void {
    if (waiting >= this.o.flushEvery) this.o.buffer.flush();
    this.o.report();
  }

  private resultRow(r: DealOutcome): ResultRow {
    const { cannotRun: _, shortest: __, ...outcome } = r;
    const b = this.o.budget;
    return {
      ...EMPTY_RESULT_EXTRAS,
      ...outcome,
      family: this.o.family,
      ruleSet: this.o.ruleSet,
      maxNodes: b.maxNodes,
      timeoutMs: Math.round(b.timeoutMs),
      maxMemoryMb: b.maxMemoryMb,
      solverVersion: SOLVER_VERSION,
      solvedAt: new Date().toISOString(),
    };
  }

  private shortestRow(r: DealOutcome, count: MoveCount): ShortestRow {
    const sh = r.shortest;
    const b = this.o.budget;
    return {
      family: this.o.family,
      seed: r.seed,
      ruleSet: this.o.ruleSet,
      count,
      verdict: r.verdict,
      length: sh?.length ?? null,
      lowerBound: sh?.lowerBound ?? null,
      proved: sh?.proved ?? null,
      firstLength: sh?.firstLength ?? null,
      shortenedLength: sh?.shortenedLength ?? null,
      atomicLength: sh?.atomicLength ?? null,
      ksolveLength: sh?.ksolveLength ?? null,
      moves: sh ? r.moves : null,
      nodes: r.nodes,
      ms: r.ms,
      stopReason: r.stopReason,
      error: r.error,
      maxNodes: b.maxNodes,
      timeoutMs: Math.round(b.timeoutMs),
      maxMemoryMb: b.maxMemoryMb,
      solverVersion: SOLVER_VERSION,
      solvedAt: new Date().toISOString(),
    };
  }
}
