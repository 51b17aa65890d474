/**
 * `runBatch`: solve a list of seeded deals on a worker pool into a results database.
 *
 * The main thread owns the database: it works out which deals of the list are not stored yet,
 * hands them to the pool (exactly one deal in flight per thread, so a hard time limit can be
 * timed from dispatch), and writes outcomes in transactions of up to `flushEvery` rows or every
 * `flushMs`. Stopping (the `signal`) stops dispatching, abandons the deals in flight, writes
 * everything finished and closes the database; a rerun solves the abandoned deals.
 *
 * The list is never expanded in memory: seeds are generated from its ranges (or drawn again from a
 * random sample's generator) and looked up in the database 500 at a time, once to count what is
 * left and once more while dispatching.
 *
 * Which stored rows are skipped: decided rows (winnable, unwinnable) always; `unknown` and
 * `error` rows too, unless `retryUnknown` is set. Errors are retried only on request because
 * most are deterministic (a deal that runs a worker out of memory will do it again with the
 * same budget), so retrying them on every resume would only repeat the failure.
 *
 * The default budget is a node budget (BATCH_BUDGET), so a deal's verdict does not depend on how
 * busy the machine is; time is only a far safety net. Every row stores the budget it ran under.
 *
 * Players (`player`): instead of solving, each deal is played by a hidden-card policy
 * (`playSeeded`: the game `klondike play` plays) and stored as a `plays` row under the key (family,
 * rule set, stock mode, policy, its parameters as canonical JSON), so runs of different settings
 * sit side by side. A deal with a played game under the key is skipped; a game that ended in an
 * error is played again.
 *
 * Shortest solutions (`shortest`): each deal's shortest solution is searched for (solver/shortest.ts,
 * moves counted as asked) and stored as a `shortest` row under (family, rule set, count): the
 * length, whether it is proved minimal, the proved lower bound, the verdict search's and the
 * post-pass's lengths. A deal with a row is skipped; with `retryUnknown`, a row whose length is
 * not proved (or that is unknown or an error) is searched again, and the better of the two is kept.
 *
 * Write failures: a database another program keeps locked is waited for (each write waits
 * `BUSY_TIMEOUT_MS`, and a flush that still finds it busy is tried again at the next flush) up to
 * `busyGiveUpMs`; any other write error (a full disk, an I/O error), or a lock held past that,
 * stops the batch cleanly: no more deals are dispatched, what was committed stays, the lock is
 * released, and the summary carries `failure`.
 */
import { FACTORIAL_52 } from '../deals/big-families.ts';
import { FAMILY_RANGES } from '../deals/families.ts';

import { DEFAULT_SEARCH, type PolicyName, type PolicyOptions, parsePolicyName } from '../hidden/policies.ts';
import { AddressSpaceError } from '../solver/core.ts';
import { checkRules } from '../engine/check.ts';
import { checkBudget } from '../solver/validate.ts';
import { type Budget, DEFAULT_BUDGET, type MoveCount } from '../solver/index.ts';
import { describeDbError, fileId } from '../store/files.ts';
import { canonicalParams } from '../store/rows.ts';
import { type PlayKey, type Store, openStore } from '../store/writer.ts';
import { type Family, type Result, type Rules, type SeedRange, UserError, err, ok, type StockMode } from '../types.ts';
import {
  PoolClosedError,
  type SolverPool,
  addressSpaceLimitMb,
  batchAddressSpaceMb,
  createSolverPool,
  hardLimitMs,
  heapLimitMb,
} from './pool.ts';
import {
  MAX_SEEDS,
  type SeedSource,
  type Shard,
  isRandomSample,
  isSeedSource,
  listRanges,
  randomSample,
  seedListOf,
  seedsOf,
  shardSize,
} from './seeds.ts';
import { type StoredVerdict, errorOutcome, errorPlay } from './task.ts';
import { RowBuffer, type RunControl } from './buffer.ts';
import { dispatch } from './dispatch.ts';
import { Recorder } from './record.ts';

export { SOLVER_VERSION } from './record.ts';

/**
 * The budget of a batch deal when none is given: 100 M nodes decides every deal of Solvitaire seeds
 * 1–10,000 under each rule set the project has measured (the hardest took 56 M nodes), whatever
 * the machine's load; the hour is only a safety net against a runaway search.
 */
export const BATCH_BUDGET: Required<Budget> = { maxNodes: 100_000_000, timeoutMs: 3_600_000, maxMemoryMb: DEFAULT_BUDGET.maxMemoryMb };

/** A hidden-card player that plays the deals instead of the solver. */
export interface PlayerSpec {
  policy: PolicyName;
  stock: StockMode;
  /** The search policy's settings (defaults for the rest; `seed` is ignored: see policySeed). */
  options?: PolicyOptions;
  /** The seed of every game's policy, which draws its worlds from it and what it sees; default 1. */
  policySeed?: number;
}

/** The parameters a player's games are stored under: every setting of the policy, canonical JSON (`{}` for priority). */
export function playerParams(p: PlayerSpec): string {
  if (p.policy === 'priority') return canonicalParams({});
  const defined = Object.fromEntries(Object.entries(p.options ?? {}).filter(([, v]) => v !== undefined));
  return canonicalParams({ ...DEFAULT_SEARCH, ...defined, seed: p.policySeed ?? DEFAULT_SEARCH.seed });
}

/** What to run. */
export interface BatchOptions {
  /**
   * Seeds in order (a parsed list, or plain numbers; repeats are dropped, the first one kept), or a
   * random sample of codes (`randomSample`, for the big families `microsoft` and `exact` only).
   */
  seeds: SeedSource | readonly (number | bigint)[];
  /** Take only this shard of `seeds` (positional, see `seeds.ts`). */
  shard?: Shard;
  family: Family;
  rules: Rules;
  /** Per-deal budget; missing fields come from BATCH_BUDGET. */
  budget: Budget;
  workers: number;
  /** Database file; created with its directory if missing. */
  db: string;
  /** Play the deals with this hidden-card player into `plays` instead of solving them. */
  player?: PlayerSpec;
  /** Re-solve stored `unknown` and `error` rows (with `mostHome`: rows whose maximum is not proved). */
  retryUnknown?: boolean;
  /**
   * Find each deal's most cards home, proved (solver/most-home.ts), into the most-home columns. A
   * deal is skipped when its row has a proved maximum, or (without `retryUnknown`) any count.
   */
  mostHome?: boolean;
  /**
   * Find each deal's shortest solution, moves counted so (solver/shortest.ts), into `shortest`. A
   * deal is skipped when it has a row counted so, unless `retryUnknown` is set and its length is not proved.
   */
  shortest?: MoveCount;
  /** Aborting stops the batch cleanly (Ctrl-C). */
  signal?: AbortSignal;
  /** Write after this many results (default 50) … */
  flushEvery?: number;
  /** … or after this many ms (default 1000). */
  flushMs?: number;
  /** How long a database kept locked by another program is waited for before giving up (default 60 s). */
  busyGiveUpMs?: number;
  /** SQLite's wait per statement for another program's lock (default BUSY_TIMEOUT_MS). */
  busyTimeoutMs?: number;
}

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

/** Largest worker count accepted. */
export const MAX_WORKERS = 256;
/** Seeds looked up per database query. */
const LOOKUP = 500;
/** A run whose first this many deals all end in an error stops: something is wrong with every deal, not with one. */
export const ALL_ERRORS_STOP = 32;

function seedSource(s: BatchOptions['seeds']): SeedSource {
  return isSeedSource(s) ? s : seedListOf(s);
}

/** Checks everything that can be checked before touching the database. */
export function validateBatchOptions(o: BatchOptions): Result<BatchOptions> {
  if (!Number.isInteger(o.workers) || o.workers < 1 || o.workers > MAX_WORKERS)
    return err(`workers must be a whole number 1…${MAX_WORKERS}, got ${o.workers}`);
  // the solver's own checks (validate.ts), as every entry of the library makes them
  const r = checkRules(o.rules);
  if (!r.ok) return r;
  const b = checkBudget(o.budget);
  if (!b.ok) return b;
  o = { ...o, rules: r.value };
  if (o.player && o.mostHome) return err('--player and --most-home do not go together: a player stores the cards its games sent home');
  if (o.shortest !== undefined && (o.player || o.mostHome))
    return err(`--shortest and ${o.player ? '--player' : '--most-home'} do not go together: give one`);
  if (o.shortest !== undefined && o.shortest !== 'atomic' && o.shortest !== 'ksolve')
    return err(`count must be atomic or ksolve, got ${o.shortest}`);
  if (o.player) {
    const name = parsePolicyName(String(o.player.policy));
    if (!name.ok) return name;
    if (o.player.stock !== 'visible' && o.player.stock !== 'hidden') return err(`stock must be visible or hidden, got ${o.player.stock}`);
    const po = o.player.options ?? {};
    for (const k of ['samples', 'nodes', 'candidates'] as const) {
      const x = po[k];
      if (x !== undefined && (!Number.isSafeInteger(x) || x < 1)) return err(`${k} must be a whole number ≥ 1, got ${x}`);
    }
    const ps = o.player.policySeed;
    if (ps !== undefined && (!Number.isInteger(ps) || ps < 0 || ps > 0xffffffff))
      return err(`policy seed must be a whole number 0…4294967295, got ${ps}`);
  }
  const range = FAMILY_RANGES[o.family];
  if (range === undefined) return err(`unknown seed family ${JSON.stringify(o.family)}`);
  if (!isSeedSource(o.seeds) && o.seeds.some((s) => typeof s === 'number' && (!Number.isSafeInteger(s) || s < 0)))
    return err(`seeds must be whole numbers ≥ 0, got ${o.seeds.find((s) => typeof s === 'number' && (!Number.isSafeInteger(s) || s < 0))}`);
  const list = seedSource(o.seeds);
  if (isRandomSample(list)) {
    if (range.max < FACTORIAL_52 - 1n)
      return err(
        `--random draws codes of the big families (microsoft, exact); ${o.family} deals are numbered by a random generator already: give --seeds 1-${list.count}`,
      );
    const r = randomSample(list.count, list.sampleSeed);
    return r.ok ? ok(o) : r;
  }
  if (list.count === 0n) return err('no seeds given');
  if (list.count > MAX_SEEDS) return err(`too many seeds: ${list.count} (at most ${MAX_SEEDS} per batch; split the list)`);
  const [min, max] = [BigInt(range.min), BigInt(range.max)];
  let out: SeedRange | undefined;
  for (const x of listRanges(list))
    if (x.from < min || x.to > max) {
      out = x;
      break;
    }
  if (out) return err(`seed ${out.from < min ? out.from : out.to} is outside the ${o.family} range (${range.label})`);
  return ok(o);
}

/** The seeds of the list still to solve (or, with `played`, to play), looked up LOOKUP at a time. */
function* todoSeeds(
  store: Store,
  family: Family,
  ruleSet: number,
  seeds: Iterable<bigint>,
  retry: boolean,
  empty: boolean,
  mostHome: boolean,
  played?: PlayKey,
  shortest?: MoveCount,
) {
  const skip = (v: StoredVerdict | undefined) => v !== undefined && (!retry || v === 'winnable' || v === 'unwinnable');
  const skipHome = (proved: boolean | undefined) => proved !== undefined && (proved || !retry);
  let chunk: bigint[] = [];
  const drain = function* () {
    if (played) {
      const done = empty ? undefined : store.playedSeeds(played, chunk);
      for (const s of chunk) if (!done?.has(s)) yield s;
    } else if (shortest) {
      const have = empty ? undefined : store.shortestStored(family, ruleSet, shortest, chunk);
      for (const s of chunk) {
        const h = have?.get(s);
        if (h === undefined || (retry && h.verdict !== 'unwinnable' && !h.proved)) yield s;
      }
    } else if (mostHome) {
      const have = empty ? undefined : store.mostHomeStored(family, ruleSet, chunk);
      for (const s of chunk) if (!skipHome(have?.get(s))) yield s;
    } else {
      const have = empty ? undefined : store.verdicts(family, ruleSet, chunk);
      for (const s of chunk) if (!skip(have?.get(s))) yield s;
    }
    chunk = [];
  };
  for (const s of seeds) {
    chunk.push(s);
    if (chunk.length >= LOOKUP) yield* drain();
  }
  yield* drain();
}

/**
 * The threads a batch can run: V8 aborts the process when a thread cannot reserve its memory, so
 * the threads asked are fitted to the process's address-space limit (ulimit -v) first. Throws
 * AddressSpaceError when not even one thread fits.
 */
function fitThreads(workers: number, memoryMb: number): { threads: number; limitMb: number | undefined } {
  let threads = workers;
  const limitMb = addressSpaceLimitMb();
  if (limitMb !== undefined && batchAddressSpaceMb(threads, memoryMb) > limitMb) {
    while (threads > 0 && batchAddressSpaceMb(threads, memoryMb) > limitMb) threads--;
    if (threads === 0)
      throw new AddressSpaceError(
        batchAddressSpaceMb(1, memoryMb),
        `a batch needs about ${batchAddressSpaceMb(1, memoryMb)} MiB of address space with one thread and --max-memory ${memoryMb}; the process's limit (ulimit -v) is ${limitMb} MiB: raise it, or give a smaller --max-memory`,
      );
  }
  return { threads, limitMb };
}

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

/** What a run has to do, worked out from the database. */
interface Plan {
  ruleSet: number;
  /** A player's key, for a player's batch. */
  played?: PlayKey;
  /** Deals to solve in this run. */
  total: number;
  /** The seeds to solve, looked up again as they are taken. */
  todo(): Generator<bigint>;
}

/** Works out the rule set, the player's key and the seeds still to solve; throws a database error. */
function planRun(store: Store, o: BatchOptions, list: SeedSource, shard: Shard): Plan {
  const ruleSet = store.ruleSetId(o.rules);
  const player = o.player;
  let played: PlayKey | undefined;
  let empty: boolean;
  if (player) {
    played = { family: o.family, ruleSet, stock: player.stock, policy: player.policy, params: playerParams(player) };
    empty = !store.db
      .prepare('SELECT 1 FROM plays WHERE family = ? AND rule_set = ? AND stock = ? AND policy = ? AND params = ? LIMIT 1')
      .get(played.family, played.ruleSet, played.stock, played.policy, played.params);
  } else if (o.shortest)
    empty = !store.db
      .prepare('SELECT 1 FROM shortest WHERE family = ? AND rule_set = ? AND count = ? LIMIT 1')
      .get(o.family, ruleSet, o.shortest);
  else empty = !store.db.prepare('SELECT 1 FROM results WHERE family = ? AND rule_set = ? LIMIT 1').get(o.family, ruleSet);
  const retry = o.retryUnknown === true;
  const todo = () => todoSeeds(store, o.family, ruleSet, seedsOf(list, shard), retry, empty, o.mostHome === true, played, o.shortest);
  let total = 0;
  for (const _ of todo()) total++;
  return { ruleSet, ...(played ? { played } : {}), total, todo };
}

/** Solves (or plays) one deal on the pool and records its outcome, unless the run failed meanwhile. */
function startDeal(pool: SolverPool, seed: bigint, o: BatchOptions, budget: Required<Budget>, recorder: Recorder, control: RunControl) {
  const lost = (e: unknown) => !(e instanceof PoolClosedError) && control.failure === undefined;
  const player = o.player;
  if (player)
    return pool.play({ kind: 'play', seed, family: o.family, rules: o.rules, ...player }).then(
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
      family: o.family,
      rules: o.rules,
      budget,
      ...(o.mostHome ? { mostHome: true } : {}),
      ...(o.shortest ? { shortest: o.shortest } : {}),
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

/** The summary of a run from its counts and why it stopped. */
function summaryOf(
  p: BatchProgress,
  t0: number,
  interrupted: boolean,
  db: string,
  written: { stored: number; conflicts: number },
  c: RunControl,
  migratedFrom?: number,
): BatchSummary {
  return {
    ...p,
    elapsedMs: performance.now() - t0,
    interrupted: interrupted || c.failure !== undefined || c.cannotRun !== undefined || c.allFailed !== undefined,
    db,
    ...written,
    ...(c.failure !== undefined ? { failure: c.failure } : {}),
    ...(c.cannotRun !== undefined ? { cannotRun: c.cannotRun } : {}),
    ...(c.allFailed !== undefined ? { allFailed: c.allFailed } : {}),
    ...(migratedFrom !== undefined ? { migratedFrom } : {}),
  };
}

/** What `solveDeals` solves, and into what. */
interface Solving {
  o: BatchOptions;
  plan: Plan;
  budget: Required<Budget>;
  memoryMb: number;
  /** Threads of the pool. */
  slots: number;
  rows: RowBuffer;
  control: RunControl;
  progress: BatchProgress;
  report(): void;
}

/**
 * Solves the plan's deals on a pool of worker threads, recording their outcomes into the row
 * buffer, then writes what is left. The pool is destroyed and the rows written however it ends.
 */
async function solveDeals(s: Solving): Promise<void> {
  const { o, plan, budget, rows, control } = s;
  let pool: SolverPool | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    pool = createSolverPool({ workers: s.slots, heapMb: heapLimitMb(s.memoryMb), hardLimitMs: hardLimitMs(budget.timeoutMs) });
    await pool.ready();
    timer = setInterval(() => rows.flush(), o.flushMs ?? 1000);
    timer.unref();
    const recorder = new Recorder({
      family: o.family,
      ruleSet: plan.ruleSet,
      budget,
      ...(o.shortest ? { shortest: o.shortest } : {}),
      ...(plan.played ? { played: plan.played } : {}),
      buffer: rows,
      control,
      tally: s.progress,
      flushEvery: o.flushEvery ?? 50,
      report: s.report,
    });
    const activePool = pool;
    await dispatch({
      todo: plan.todo(),
      slots: s.slots,
      ...(o.signal ? { signal: o.signal } : {}),
      control,
      start: (seed) => startDeal(activePool, seed, o, budget, recorder, control),
      // a database lookup of the next seeds failed
      lookupFailed: (e) => {
        control.failure = `${describeDbError(o.db, e)}; stopped, ${rows.stored} deals stored`;
      },
    });
    await pool.destroy();
    pool = undefined;
    const heldFailure = rows.heldFailure();
    if (heldFailure !== undefined && control.allFailed === undefined && !o.signal?.aborted) control.allFailed = heldFailure;
    await rows.flushAll();
  } finally {
    if (timer) clearInterval(timer);
    if (pool) await pool.destroy();
    await rows.flushAll();
  }
}

/**
 * Runs a batch. Throws UserError for bad options or an unusable database (before anything is
 * written); returns the counts, with `interrupted` set when stopped by the signal and `failure`
 * when writing failed.
 */
export async function runBatch(options: BatchOptions, hooks: BatchHooks = {}): Promise<BatchSummary> {
  const v = validateBatchOptions(options);
  if (!v.ok) throw new UserError(v.error);
  const o = v.value;
  const t0 = performance.now();
  const list = seedSource(o.seeds);
  const budget: Required<Budget> = { ...BATCH_BUDGET, ...o.budget };
  const memoryMb = o.player ? (o.player.options?.maxMemoryMb ?? DEFAULT_SEARCH.maxMemoryMb) : budget.maxMemoryMb;
  const { threads, limitMb } = fitThreads(o.workers, memoryMb);
  const opened = openStore(o.db, { busyTimeoutMs: o.busyTimeoutMs });
  if (!opened.ok) throw new UserError(opened.error);
  const store = opened.value;
  const control: RunControl = { stop: () => {} };
  let buffer: RowBuffer | undefined;
  const gone = watchDatabase(o.db, control, () => buffer?.stored ?? 0);
  hooks.onOpen?.({ migratedFrom: store.migratedFrom });
  if (threads < o.workers)
    hooks.onNotice?.(
      `the address-space limit (ulimit -v) of ${limitMb} MiB holds ${threads} of the ${o.workers} threads asked with --max-memory ${memoryMb}: running ${threads}`,
    );
  const p: BatchProgress = { total: 0, done: 0, skipped: 0, winnable: 0, unwinnable: 0, unknown: 0, errors: 0, elapsedMs: 0 };
  if (o.player) p.games = true;
  const summary = (interrupted: boolean) =>
    summaryOf(p, t0, interrupted, o.db, { stored: buffer?.stored ?? 0, conflicts: buffer?.conflicts ?? 0 }, control, store.migratedFrom);
  try {
    const shard = o.shard ?? { index: 1, count: 1 };
    let plan: Plan;
    try {
      plan = planRun(store, o, list, shard);
    } catch (e) {
      control.failure = `${describeDbError(o.db, e)}; nothing was solved`;
      return summary(true);
    }
    const total = plan.total;
    p.total = total;
    p.skipped = Number(shardSize(list, shard)) - total;
    const report = () => {
      p.elapsedMs = performance.now() - t0;
      hooks.onProgress?.(p);
    };
    report();
    const signal = o.signal;
    if (total === 0 || signal?.aborted) return summary(signal?.aborted === true);

    const giveUpMs = o.busyGiveUpMs ?? 60_000;
    const rows = new RowBuffer(store, control, {
      db: o.db,
      giveUpMs,
      errorLimit: Math.min(ALL_ERRORS_STOP, total),
      gone,
      rules: o.rules,
      onConflict: (line) => hooks.onConflict?.(line),
    });
    buffer = rows;
    await solveDeals({ o, plan, budget, memoryMb, slots: Math.min(threads, total), rows, control, progress: p, report });
    gone();
    return summary(signal?.aborted === true && p.done < p.total);
  } finally {
    store.close();
  }
}
