/**
 * `runBatch`: solve a list of seeded deals on a worker pool into a results database.
 *
 * The main thread owns the database: it reads which deals are already stored, hands the rest
 * to the pool (exactly one deal in flight per thread, so a hard time limit can be timed from
 * dispatch), and writes outcomes in transactions of up to `flushEvery` rows or every `flushMs`.
 * Stopping (the `signal`) stops dispatching, abandons the deals in flight, writes everything
 * finished and closes the database; a rerun solves the abandoned deals.
 *
 * Which stored rows are skipped: decided rows (winnable, unwinnable) always; `unknown` and
 * `error` rows too, unless `retryUnknown` is set. Errors are retried only on request because
 * most are deterministic (a deal that runs a worker out of memory will do it again with the
 * same budget), so retrying them on every resume would only repeat the failure.
 */
import { FAMILY_RANGES, dealFromSeed } from '../families.ts';
import type { Budget } from '../solver.ts';
import { type Family, type Result, type Rules, UserError, err, ok, validateRules } from '../types.ts';
import { PoolClosedError, type SolverPool, createSolverPool, hardLimitMs, heapLimitMb } from './pool.ts';
import { type Shard, shardSeeds } from './seeds.ts';
import { type ResultRow, SOLVER_VERSION, type StoredBudget, isDecided, openStore } from './store.ts';
import { type DealOutcome, errorOutcome } from './task.ts';

/** What to run. */
export interface BatchOptions {
  /** Seeds in order; repeats are dropped (the first one kept). */
  seeds: readonly number[];
  /** Take only this shard of `seeds` (positional, see `seeds.ts`). */
  shard?: Shard;
  family: Family;
  rules: Rules;
  budget: Budget;
  workers: number;
  /** Database file; created with its directory if missing. */
  db: string;
  /** Re-solve stored `unknown` and `error` rows. */
  retryUnknown?: boolean;
  /** Aborting stops the batch cleanly (Ctrl-C). */
  signal?: AbortSignal;
  /** Write after this many results (default 50) … */
  flushEvery?: number;
  /** … or after this many ms (default 1000). */
  flushMs?: number;
}

/** Running counts; `done` and the verdict counts cover this run only. */
export interface BatchProgress {
  /** Deals to solve in this run (after skipping stored ones). */
  total: number;
  done: number;
  /** Deals of the list already stored and not re-solved. */
  skipped: number;
  winnable: number;
  unwinnable: number;
  unknown: number;
  errors: number;
  elapsedMs: number;
}

export interface BatchSummary extends BatchProgress {
  /** True when stopped by the signal before the end. */
  interrupted: boolean;
  db: string;
}

export interface BatchHooks {
  /** Called once before solving and after each finished deal. */
  onProgress?(p: Readonly<BatchProgress>): void;
}

/** Largest worker count accepted. */
export const MAX_WORKERS = 256;

/** Checks everything that can be checked before touching the database. */
export function validateBatchOptions(o: BatchOptions): Result<BatchOptions> {
  if (!Number.isInteger(o.workers) || o.workers < 1 || o.workers > MAX_WORKERS)
    return err(`workers must be a whole number 1…${MAX_WORKERS}, got ${o.workers}`);
  const r = validateRules(o.rules);
  if (!r.ok) return r;
  const b = o.budget;
  if (b.maxNodes !== undefined && (!Number.isSafeInteger(b.maxNodes) || b.maxNodes < 1))
    return err(`max-nodes must be a whole number ≥ 1, got ${b.maxNodes}`);
  if (b.timeoutMs !== undefined && (!Number.isFinite(b.timeoutMs) || b.timeoutMs <= 0))
    return err(`timeout must be a positive number of seconds, got ${b.timeoutMs / 1000}`);
  if (b.maxMemoryMb !== undefined && (!Number.isInteger(b.maxMemoryMb) || b.maxMemoryMb < 1 || b.maxMemoryMb > 1 << 20))
    return err(`max-memory must be a whole number of MB 1…${1 << 20}, got ${b.maxMemoryMb}`);
  if (o.seeds.length === 0) return err('no seeds given');
  const range = FAMILY_RANGES[o.family];
  if (range === undefined) return err(`unknown seed family ${JSON.stringify(o.family)}`);
  const bad = o.seeds.find((s) => !Number.isInteger(s) || s < range.min || s > range.max);
  if (bad !== undefined) {
    const d = dealFromSeed(bad, o.family);
    return err(d.ok ? `seed ${bad} is outside the ${o.family} range` : d.error);
  }
  return ok(o);
}

function storedBudget(b: Budget): StoredBudget {
  return {
    maxNodes: b.maxNodes ?? null,
    timeoutMs: b.timeoutMs === undefined ? null : Math.round(b.timeoutMs),
    maxMemoryMb: b.maxMemoryMb ?? null,
  };
}

/**
 * Runs a batch. Throws UserError for bad options or an unusable database (before anything is
 * written); returns the counts, with `interrupted` set when stopped by the signal.
 */
export async function runBatch(options: BatchOptions, hooks: BatchHooks = {}): Promise<BatchSummary> {
  const v = validateBatchOptions(options);
  if (!v.ok) throw new UserError(v.error);
  const o = v.value;
  const t0 = performance.now();
  const unique = [...new Set(o.seeds)];
  const seeds = o.shard ? shardSeeds(unique, o.shard) : unique;
  const opened = openStore(o.db);
  if (!opened.ok) throw new UserError(opened.error);
  const store = opened.value;
  let pool: SolverPool | undefined;
  let timer: NodeJS.Timeout | undefined;
  let pending: ResultRow[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const rows = pending;
    pending = [];
    store.put(rows);
  };
  try {
    const ruleSet = store.ruleSetId(o.rules);
    const have = store.existing(o.family, ruleSet);
    const todo = seeds.filter((s) => {
      const verdict = have.get(s);
      return verdict === undefined || (o.retryUnknown === true && !isDecided(verdict));
    });
    const p: BatchProgress = {
      total: todo.length,
      done: 0,
      skipped: seeds.length - todo.length,
      winnable: 0,
      unwinnable: 0,
      unknown: 0,
      errors: 0,
      elapsedMs: 0,
    };
    const report = () => {
      p.elapsedMs = performance.now() - t0;
      hooks.onProgress?.(p);
    };
    report();
    const signal = o.signal;
    if (todo.length === 0 || signal?.aborted) return { ...p, interrupted: signal?.aborted === true, db: o.db };

    const budget = storedBudget(o.budget);
    const flushEvery = o.flushEvery ?? 50;
    pool = createSolverPool({
      workers: Math.min(o.workers, todo.length),
      heapMb: heapLimitMb(o.budget.maxMemoryMb),
      hardLimitMs: hardLimitMs(o.budget.timeoutMs),
    });
    await pool.ready();
    let stop = () => {};
    let storeError: unknown;
    timer = setInterval(() => {
      try {
        flush();
      } catch (e) {
        storeError = e;
        stop();
      }
    }, o.flushMs ?? 1000);
    timer.unref();
    const record = (r: DealOutcome) => {
      pending.push({ ...r, family: o.family, ruleSet, budget, solverVersion: SOLVER_VERSION, solvedAt: new Date().toISOString() });
      p.done++;
      if (r.verdict === 'error') p.errors++;
      else p[r.verdict]++;
      if (pending.length >= flushEvery) flush();
      report();
    };

    const slots = Math.min(o.workers, todo.length);
    const activePool = pool;
    let stopped = false;
    const onAbort = () => stop();
    await new Promise<void>((resolve) => {
      let next = 0;
      let inFlight = 0;
      const finish = () => {
        stopped = true;
        resolve();
      };
      stop = finish;
      const pump = () => {
        while (!stopped && inFlight < slots && next < todo.length) {
          const seed = todo[next++];
          inFlight++;
          activePool
            .solve({ seed, family: o.family, rules: o.rules, budget: o.budget })
            .then(
              (r) => {
                if (storeError === undefined) record(r);
              },
              (e) => {
                if (!(e instanceof PoolClosedError) && storeError === undefined) record(errorOutcome(seed, String(e)));
              },
            )
            .catch((e) => {
              storeError = e;
              finish();
            })
            .finally(() => {
              inFlight--;
              if (!stopped) pump();
            });
        }
        if (!stopped && inFlight === 0 && next >= todo.length) finish();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) finish();
      pump();
    });
    signal?.removeEventListener('abort', onAbort);
    if (storeError !== undefined) throw storeError;
    await pool.destroy();
    pool = undefined;
    flush();
    p.elapsedMs = performance.now() - t0;
    return { ...p, interrupted: signal?.aborted === true && p.done < p.total, db: o.db };
  } finally {
    if (timer) clearInterval(timer);
    try {
      if (pool) await pool.destroy();
      flush();
    } finally {
      store.close();
    }
  }
}
