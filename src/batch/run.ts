/**
 * `runBatch`: solve a list of seeded deals on a worker pool into a results database.
 *
 * The options are checked and worked out once into a plan (`plan.ts`), the threads fitted to the
 * process's address space (`fitThreads`), then the database is opened and the deals of the list
 * not stored yet are worked out (`todo.ts`). The main thread owns the database: it hands the deals
 * to the pool (`dispatch.ts`: exactly one deal in flight per thread, so a hard time limit can be
 * timed from dispatch), turns each outcome into a row (`record.ts`) and writes the rows in
 * transactions of up to `flushEvery` rows or every `flushMs` (`buffer.ts`). Stopping (the
 * `signal`) stops dispatching, abandons the deals in flight, writes everything finished and closes
 * the database; a rerun solves the abandoned deals.
 *
 * Write failures: a database another program keeps locked is waited for (each write waits
 * `BUSY_TIMEOUT_MS`, and a flush that still finds it busy is tried again at the next flush) up to
 * `busyGiveUpMs`; any other write error (a full disk, an I/O error), or a lock held past that,
 * stops the batch cleanly: no more deals are dispatched, what was committed stays, the lock is
 * released, and the summary carries `failure`.
 */
import { describeDbError, fileId } from '../store/files.ts';
import { type Store, openStore } from '../store/writer.ts';
import { UserError } from '../types.ts';
import { RowBuffer, type RunControl } from './buffer.ts';
import { dispatch } from './dispatch.ts';
import { type BatchPlan, planBatch } from './plan.ts';
import { PoolClosedError, type SolverPool, createSolverPool, fitThreads, hardLimitMs, heapLimitMb } from './pool.ts';
import { Recorder } from './record.ts';
import type { BatchOptions } from './request.ts';
import { shardSize } from './seeds.ts';
import { type BatchProgress, type BatchSummary, newProgress, summaryOf } from './summary.ts';
import { errorOutcome, errorPlay } from './task.ts';
import { type Todo, findTodo } from './todo.ts';

export interface BatchHooks {
  /** Called once the database is open, with the schema version it was migrated from (if it was). */
  onOpen?(info: { migratedFrom?: number }): void;
  /** Called once before solving and after each finished deal. */
  onProgress?(p: Readonly<BatchProgress>): void;
  /** Called with a one-line notice (fewer threads than asked, because of an address-space limit). */
  onNotice?(text: string): void;
  /** Called with each row that contradicts the stored row of its deal, as a line (the stored row is kept). */
  onConflict?(line: string): void;
}

/** A run whose first this many deals all end in an error stops: something is wrong with every deal, not with one. */
export const ALL_ERRORS_STOP = 32;

/**
 * The database-gone check: a database deleted or replaced under the batch would take every later
 * row with it. The returned check is true (and the run's failure set, and the run stopped) when the
 * file at `db` is no longer the one opened.
 */
function watchDatabase(db: string, control: RunControl, stored: () => number): () => boolean {
  const openedId = fileId(db);
  return () => {
    if (control.failure !== undefined || fileId(db) === openedId) return false;
    control.failure = `database ${db} was deleted or replaced while the batch ran; stopped, the ${stored()} deals stored in it are lost with it`;
    control.stop();
    return true;
  };
}

/** Solves (or plays) one deal on the pool and records its outcome, unless the run failed meanwhile. */
function startDeal(pool: SolverPool, seed: bigint, plan: BatchPlan, recorder: Recorder, control: RunControl) {
  const lost = (e: unknown) => !(e instanceof PoolClosedError) && control.failure === undefined;
  const job = plan.job;
  if (job.kind === 'play')
    return pool.play({ kind: 'play', seed, family: plan.family, rules: plan.rules, ...job.player }).then(
      (r) => {
        if (control.failure === undefined) recorder.play(r);
      },
      (e) => {
        if (lost(e)) recorder.play(errorPlay(seed, String(e)));
      },
    );
  return pool
    .solve({
      seed,
      family: plan.family,
      rules: plan.rules,
      budget: plan.budget,
      ...(job.kind === 'most-home' ? { mostHome: true } : {}),
      ...(job.kind === 'shortest' ? { shortest: job.count } : {}),
    })
    .then(
      (r) => {
        if (control.failure === undefined) recorder.deal(r);
      },
      (e) => {
        if (lost(e)) recorder.deal(errorOutcome(seed, String(e)));
      },
    );
}

/** What `solveDeals` solves, and into what. */
interface Solving {
  plan: BatchPlan;
  todo: Todo;
  /** Threads of the pool. */
  slots: number;
  rows: RowBuffer;
  control: RunControl;
  progress: BatchProgress;
  report(): void;
}

/** The recorder of a run's outcomes into its row buffer. */
function recorderOf(s: Solving): Recorder {
  const { plan, todo } = s;
  return new Recorder({
    family: plan.family,
    ruleSet: todo.ruleSet,
    budget: plan.budget,
    ...(plan.job.kind === 'shortest' ? { shortest: plan.job.count } : {}),
    ...(todo.played ? { played: todo.played } : {}),
    buffer: s.rows,
    control: s.control,
    tally: s.progress,
    flushEvery: plan.flushEvery,
    report: s.report,
  });
}

/**
 * Solves the todo's deals on a pool of worker threads, recording their outcomes into the row
 * buffer, then writes what is left. The pool is destroyed and the rows written however it ends.
 */
async function solveDeals(s: Solving): Promise<void> {
  const { plan, rows, control } = s;
  let pool: SolverPool | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    pool = createSolverPool({ workers: s.slots, heapMb: heapLimitMb(plan.memoryMb), hardLimitMs: hardLimitMs(plan.budget.timeoutMs) });
    await pool.ready();
    timer = setInterval(() => rows.flush(), plan.flushMs);
    timer.unref();
    const recorder = recorderOf(s);
    const activePool = pool;
    await dispatch({
      todo: s.todo.seeds(),
      slots: s.slots,
      ...(plan.signal ? { signal: plan.signal } : {}),
      control,
      start: (seed) => startDeal(activePool, seed, plan, recorder, control),
      // a database lookup of the next seeds failed
      lookupFailed: (e) => {
        control.failure = `${describeDbError(plan.db, e)}; stopped, ${rows.stored} deals stored`;
      },
    });
    await pool.destroy();
    pool = undefined;
    const heldFailure = rows.heldFailure();
    if (heldFailure !== undefined && control.allFailed === undefined && !plan.signal?.aborted) control.allFailed = heldFailure;
    await rows.flushAll();
  } finally {
    if (timer) clearInterval(timer);
    if (pool) await pool.destroy();
    await rows.flushAll();
  }
}

/** Opens the plan's database for writing; throws UserError when it cannot be used. */
function openDatabase(plan: BatchPlan): Store {
  const opened = openStore(plan.db, { busyTimeoutMs: plan.busyTimeoutMs });
  if (!opened.ok) throw new UserError(opened.error);
  return opened.value;
}

/**
 * Runs a batch. Throws UserError for bad options or an unusable database (before anything is
 * written); returns the counts, with `interrupted` set when stopped by the signal and `failure`
 * when writing failed.
 */
export async function runBatch(options: BatchOptions, hooks: BatchHooks = {}): Promise<BatchSummary> {
  const planned = planBatch(options);
  if (!planned.ok) throw new UserError(planned.error);
  const plan = planned.value;
  const t0 = performance.now();
  const { threads, limitMb } = fitThreads(plan.workers, plan.memoryMb);
  const store = openDatabase(plan);
  const control: RunControl = { stop: () => {} };
  let buffer: RowBuffer | undefined;
  const gone = watchDatabase(plan.db, control, () => buffer?.stored ?? 0);
  hooks.onOpen?.({ migratedFrom: store.migratedFrom });
  if (threads < plan.workers)
    hooks.onNotice?.(
      `the address-space limit (ulimit -v) of ${limitMb} MiB holds ${threads} of the ${plan.workers} threads asked with --max-memory ${plan.memoryMb}: running ${threads}`,
    );
  const p = newProgress(plan.job.kind === 'play');
  const written = () => ({ stored: buffer?.stored ?? 0, conflicts: buffer?.conflicts ?? 0 });
  const summary = (interrupted: boolean) =>
    summaryOf({ progress: p, t0, db: plan.db, written: written(), control, migratedFrom: store.migratedFrom }, interrupted);
  try {
    let todo: Todo;
    try {
      todo = findTodo(store, plan);
    } catch (e) {
      control.failure = `${describeDbError(plan.db, e)}; nothing was solved`;
      return summary(true);
    }
    p.total = todo.total;
    p.skipped = Number(shardSize(plan.seeds, plan.shard)) - todo.total;
    const report = () => {
      p.elapsedMs = performance.now() - t0;
      hooks.onProgress?.(p);
    };
    report();
    const signal = plan.signal;
    if (todo.total === 0 || signal?.aborted) return summary(signal?.aborted === true);
    const rows = new RowBuffer(store, control, {
      db: plan.db,
      giveUpMs: plan.busyGiveUpMs,
      errorLimit: Math.min(ALL_ERRORS_STOP, todo.total),
      gone,
      rules: plan.rules,
      onConflict: (line) => hooks.onConflict?.(line),
    });
    buffer = rows;
    await solveDeals({ plan, todo, slots: Math.min(threads, todo.total), rows, control, progress: p, report });
    gone();
    return summary(signal?.aborted === true && p.done < p.total);
  } finally {
    store.close();
  }
}
