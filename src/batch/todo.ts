/**
 * The deals of a batch still to do: its seeds (never expanded in memory: generated from the list's
 * ranges, or drawn again from a random sample's generator) looked up in the database LOOKUP at a
 * time, once to count what is left and once more while dispatching.
 *
 * Which stored rows are skipped, by the plan's job:
 * - `verdict`: decided rows (winnable, unwinnable) always; `unknown` and `error` rows too, unless
 *   the plan retries. Errors are retried only on request because most are deterministic (a deal
 *   that runs a worker out of memory will do it again with the same budget), so retrying them on
 *   every resume would only repeat the failure;
 * - `most-home`: a row with a proved maximum always; a row with any count too, unless it retries;
 * - `shortest`: a row counted so; with a retry, a row whose length is not proved (or that is
 *   unknown or an error) is searched again, and the better of the two is kept;
 * - `play`: a played game under the player's key; a game that ended in an error is played again.
 *
 * When nothing at all is stored under the run's key, no seed is looked up.
 */
import type { Store } from '../store/writer.ts';
import type { PlayKey } from '../store/lookups.ts';
import type { BatchPlan, Job } from './plan.ts';
import { playerParams } from './request.ts';
import { seedsOf } from './seeds.ts';
import type { StoredVerdict } from './task.ts';

/** Seeds looked up per database query. */
const LOOKUP = 500;

/** What a run has to do, worked out from the database. */
export interface Todo {
  ruleSet: number;
  /** A player's key, for a player's batch. */
  played?: PlayKey;
  /** Deals to do in this run. */
  total: number;
  /** The seeds to do, looked up again as they are taken. */
  seeds(): Generator<bigint>;
}

/** Where a run's rows are stored: its family and rule set, and a player's key. */
interface RunKey {
  job: Job;
  family: string;
  ruleSet: number;
  played?: PlayKey;
  retry: boolean;
}

/** Works out the rule set, the player's key and the seeds still to do; throws a database error. */
export function findTodo(store: Store, plan: BatchPlan): Todo {
  const ruleSet = store.ruleSetId(plan.rules);
  const job = plan.job;
  const played =
    job.kind === 'play'
      ? { family: plan.family, ruleSet, stock: job.player.stock, policy: job.player.policy, params: playerParams(job.player) }
      : undefined;
  const pending = pendingOf(store, { job, family: plan.family, ruleSet, played, retry: plan.retry });
  const seeds = () => todoSeeds(seedsOf(plan.seeds, plan.shard), pending);
  let total = 0;
  for (const _ of seeds()) total++;
  return { ruleSet, ...(played ? { played } : {}), total, seeds };
}

/** The seeds of `seeds` still to do, looked up LOOKUP at a time through `pending`. */
function* todoSeeds(seeds: Iterable<bigint>, pending: (chunk: bigint[]) => Iterable<bigint>): Generator<bigint> {
  let chunk: bigint[] = [];
  for (const s of seeds) {
    chunk.push(s);
    if (chunk.length >= LOOKUP) {
      yield* pending(chunk);
      chunk = [];
    }
  }
  yield* pending(chunk);
}

/** True when any row is stored under the run's key. */
function anyStored(store: Store, k: RunKey): boolean {
  if (k.played) {
    const p = k.played;
    return !!store.db
      .prepare('SELECT 1 FROM plays WHERE family = ? AND rule_set = ? AND stock = ? AND policy = ? AND params = ? LIMIT 1')
      .get(p.family, p.ruleSet, p.stock, p.policy, p.params);
  }
  if (k.job.kind === 'shortest')
    return !!store.db
      .prepare('SELECT 1 FROM shortest WHERE family = ? AND rule_set = ? AND count = ? LIMIT 1')
      .get(k.family, k.ruleSet, k.job.count);
  return !!store.db.prepare('SELECT 1 FROM results WHERE family = ? AND rule_set = ? LIMIT 1').get(k.family, k.ruleSet);
}

/** The filter of a chunk of seeds down to those still to do under the run's job (every one when nothing is stored). */
function pendingOf(store: Store, k: RunKey): (chunk: bigint[]) => Iterable<bigint> {
  if (!anyStored(store, k)) return (chunk) => chunk;
  const { job, family, ruleSet, retry } = k;
  if (k.played) {
    const played = k.played;
    return (chunk) => {
      const done = store.playedSeeds(played, chunk);
      return chunk.filter((s) => !done.has(s));
    };
  }
  if (job.kind === 'shortest')
    return (chunk) => {
      const have = store.shortestStored(family, ruleSet, job.count, chunk);
      return chunk.filter((s) => {
        const h = have.get(s);
        return h === undefined || (retry && h.verdict !== 'unwinnable' && !h.proved);
      });
    };
  if (job.kind === 'most-home')
    return (chunk) => {
      const have = store.mostHomeStored(family, ruleSet, chunk);
      return chunk.filter((s) => !skipHome(have.get(s), retry));
    };
  return (chunk) => {
    const have = store.verdicts(family, ruleSet, chunk);
    return chunk.filter((s) => !skipVerdict(have.get(s), retry));
  };
}

/** True when a stored verdict settles the deal: decided, or (without a retry) any. */
function skipVerdict(v: StoredVerdict | undefined, retry: boolean): boolean {
  return v !== undefined && (!retry || v === 'winnable' || v === 'unwinnable');
}

/** True when a stored most-cards-home count settles the deal: proved, or (without a retry) any. */
function skipHome(proved: boolean | undefined, retry: boolean): boolean {
  return proved !== undefined && (proved || !retry);
}
