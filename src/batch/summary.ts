/**
 * What a batch tells while it runs (`BatchProgress`, the running counts) and when it ends
 * (`BatchSummary`: the counts, what was stored, and why it stopped early, if it did).
 */
import type { RunControl } from './buffer.ts';

/** Running counts; `done` and the verdict counts cover this run only. */
export interface BatchProgress {
  /** Deals to solve in this run (after skipping stored ones). */
  total: number;
  done: number;
  /** Deals of the list already stored and not re-solved. */
  skipped: number;
  /** True for a player's batch: then `winnable` counts games won and `unwinnable` games lost. */
  games?: boolean;
  winnable: number;
  unwinnable: number;
  unknown: number;
  errors: number;
  elapsedMs: number;
}

export interface BatchSummary extends BatchProgress {
  /** True when stopped (by the signal, or by `failure`) before the end. */
  interrupted: boolean;
  db: string;
  /** Rows committed to the database by this run. */
  stored: number;
  /** Why writing failed and the batch stopped (one line); undefined when it did not. */
  failure?: string;
  /** Why no deal can be solved here (the solver's memory cannot be reserved): the batch stopped, storing nothing for it. */
  cannotRun?: string;
  /**
   * Set when every deal of the run ended in an error (the first, as a line): those rows are not
   * stored (a rerun tries them again), and the batch stopped after ALL_ERRORS_STOP of them.
   */
  allFailed?: string;
  /** The schema version the database was migrated from when it was opened, if it was. */
  migratedFrom?: number;
  /** Rows that contradicted the stored row of their deal (a solver bug; the stored row kept, each told to onNotice). */
  conflicts: number;
}

/** The counts of a run before it starts; `games` for a player's batch. */
export function newProgress(games: boolean): BatchProgress {
  const p: BatchProgress = { total: 0, done: 0, skipped: 0, winnable: 0, unwinnable: 0, unknown: 0, errors: 0, elapsedMs: 0 };
  if (games) p.games = true;
  return p;
}

/** What a run's summary is made of: its counts, its database and how the writing went. */
export interface RunState {
  progress: BatchProgress;
  /** When the run started (`performance.now()`). */
  t0: number;
  db: string;
  written: { stored: number; conflicts: number };
  control: RunControl;
  migratedFrom?: number;
}

/** The summary of a run from its counts and why it stopped (`interrupted`: by the signal, before the end). */
export function summaryOf(r: RunState, interrupted: boolean): BatchSummary {
  const c = r.control;
  return {
    ...r.progress,
    elapsedMs: performance.now() - r.t0,
    interrupted: interrupted || c.failure !== undefined || c.cannotRun !== undefined || c.allFailed !== undefined,
    db: r.db,
    ...r.written,
    ...(c.failure !== undefined ? { failure: c.failure } : {}),
    ...(c.cannotRun !== undefined ? { cannotRun: c.cannotRun } : {}),
    ...(c.allFailed !== undefined ? { allFailed: c.allFailed } : {}),
    ...(r.migratedFrom !== undefined ? { migratedFrom: r.migratedFrom } : {}),
  };
}
