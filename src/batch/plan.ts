/**
 * A batch's checked options worked out once into the plan its run reads (`planBatch`): the job
 * every deal gets, the budget stamped on its row, the memory a thread reserves, and the run's
 * settings with their defaults filled in. Nothing after this reads the options.
 *
 * The jobs, one a batch:
 * - `verdict`: each deal is solved and stored as a `results` row;
 * - `most-home`: each deal's most cards home is proved (solver/most-home.ts) into the most-home
 *   columns of its `results` row;
 * - `shortest`: each deal's shortest solution is searched for (solver/shortest.ts, moves counted
 *   as asked) and stored as a `shortest` row under (family, rule set, count): the length, whether
 *   it is proved minimal, the proved lower bound, the verdict search's and the post-pass's lengths;
 * - `play`: each deal is played by a hidden-card policy (`playSeeded`: the game `klondike play`
 *   plays) and stored as a `plays` row under the key (family, rule set, stock mode, policy, its
 *   parameters as canonical JSON).
 */
import { DEFAULT_SEARCH } from '../hidden/policies.ts';
import type { Budget, MoveCount } from '../solver/index.ts';
import { type Family, type Result, type Rules, err, ok } from '../types.ts';
import { BATCH_BUDGET, type BatchOptions, type PlayerSpec, seedSource, validateBatchOptions } from './request.ts';
import type { SeedSource, Shard } from './seeds.ts';

/** What a batch does with each deal. */
export type Job =
  | { kind: 'verdict' }
  | { kind: 'most-home' }
  | { kind: 'shortest'; count: MoveCount }
  | { kind: 'play'; player: PlayerSpec };

/** Everything a run reads, worked out from checked options. */
export interface BatchPlan {
  job: Job;
  family: Family;
  rules: Rules;
  seeds: SeedSource;
  shard: Shard;
  /** The per-deal budget, BATCH_BUDGET's for what was not given; stored with every row. */
  budget: Required<Budget>;
  /** The memory of one thread's transposition table, MiB: the budget's, or the search player's. */
  memoryMb: number;
  workers: number;
  /** Run again the deals whose stored row did not settle them (see `todo.ts`). */
  retry: boolean;
  db: string;
  signal?: AbortSignal;
  flushEvery: number;
  flushMs: number;
  busyGiveUpMs: number;
  busyTimeoutMs?: number;
}

/** The job of checked options: at most one of player, most-home and shortest is set. */
function jobOf(o: BatchOptions): Job {
  if (o.player) return { kind: 'play', player: o.player };
  if (o.shortest) return { kind: 'shortest', count: o.shortest };
  if (o.mostHome) return { kind: 'most-home' };
  return { kind: 'verdict' };
}

/** Checks the options (`validateBatchOptions`) and works them out into a plan. */
export function planBatch(options: BatchOptions): Result<BatchPlan> {
  const v = validateBatchOptions(options);
  if (!v.ok) return err(v.error);
  const o = v.value;
  const budget: Required<Budget> = { ...BATCH_BUDGET, ...o.budget };
  return ok({
    job: jobOf(o),
    family: o.family,
    rules: o.rules,
    seeds: seedSource(o.seeds),
    shard: o.shard ?? { index: 1, count: 1 },
    budget,
    memoryMb: o.player ? (o.player.options?.maxMemoryMb ?? DEFAULT_SEARCH.maxMemoryMb) : budget.maxMemoryMb,
    workers: o.workers,
    retry: o.retryUnknown === true,
    db: o.db,
    signal: o.signal,
    flushEvery: o.flushEvery ?? 50,
    flushMs: o.flushMs ?? 1000,
    busyGiveUpMs: o.busyGiveUpMs ?? 60_000,
    busyTimeoutMs: o.busyTimeoutMs,
  });
}
