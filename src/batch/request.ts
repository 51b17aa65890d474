/**
 * What a batch is asked to do (`BatchOptions`) and the checks made of it before the database is
 * touched (`validateBatchOptions`). `plan.ts` then works the checked options out once into the
 * plan the run reads.
 *
 * The default budget is a node budget (BATCH_BUDGET), so a deal's verdict does not depend on how
 * busy the machine is; time is only a far safety net. Every row stores the budget it ran under.
 *
 * Players (`player`): instead of solving, each deal is played by a hidden-card policy, and its
 * game stored under the policy's parameters as canonical JSON (`playerParams`), so runs of
 * different settings sit side by side.
 */
import { FACTORIAL_52 } from '../deals/big-families.ts';
import { FAMILY_RANGES } from '../deals/families.ts';
import { checkRules } from '../engine/check.ts';
import { DEFAULT_SEARCH, type PolicyName, type PolicyOptions, parsePolicyName } from '../hidden/policies.ts';
import { type Budget, DEFAULT_BUDGET, type MoveCount } from '../solver/index.ts';
import { checkBudget } from '../solver/validate.ts';
import { canonicalParams } from '../store/rows.ts';
import { type Family, type Result, type Rules, type SeedRange, type StockMode, err, ok } from '../types.ts';
import { MAX_SEEDS, type SeedSource, type Shard, isRandomSample, isSeedSource, listRanges, randomSample, seedListOf } from './seeds.ts';

/**
 * The budget of a batch deal when none is given: 100 M nodes decides every deal of Solvitaire seeds
 * 1–10,000 under each rule set the project has measured (the hardest took 56 M nodes), whatever
 * the machine's load; the hour is only a safety net against a runaway search.
 */
export const BATCH_BUDGET: Required<Budget> = { maxNodes: 100_000_000, timeoutMs: 3_600_000, maxMemoryMb: DEFAULT_BUDGET.maxMemoryMb };

/** Largest worker count accepted. */
export const MAX_WORKERS = 256;

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

/** The seeds of the options as a seed source (a plain array becomes a list). */
export function seedSource(s: BatchOptions['seeds']): SeedSource {
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
  const job = checkJob(o);
  if (!job.ok) return job;
  const seeds = checkSeeds(o);
  return seeds.ok ? ok(o) : seeds;
}

/** Checks that at most one of player, most-home and shortest is asked, and the player's settings. */
function checkJob(o: BatchOptions): Result<void> {
  if (o.player && o.mostHome) return err('--player and --most-home do not go together: a player stores the cards its games sent home');
  if (o.shortest !== undefined && (o.player || o.mostHome))
    return err(`--shortest and ${o.player ? '--player' : '--most-home'} do not go together: give one`);
  if (o.shortest !== undefined && o.shortest !== 'atomic' && o.shortest !== 'ksolve')
    return err(`count must be atomic or ksolve, got ${o.shortest}`);
  return o.player ? checkPlayer(o.player) : ok(undefined);
}

/** Checks a player's policy, stock mode, settings and policy seed. */
function checkPlayer(p: PlayerSpec): Result<void> {
  const name = parsePolicyName(String(p.policy));
  if (!name.ok) return name;
  if (p.stock !== 'visible' && p.stock !== 'hidden') return err(`stock must be visible or hidden, got ${p.stock}`);
  const po = p.options ?? {};
  for (const k of ['samples', 'nodes', 'candidates'] as const) {
    const x = po[k];
    if (x !== undefined && (!Number.isSafeInteger(x) || x < 1)) return err(`${k} must be a whole number ≥ 1, got ${x}`);
  }
  const ps = p.policySeed;
  if (ps !== undefined && (!Number.isInteger(ps) || ps < 0 || ps > 0xffffffff))
    return err(`policy seed must be a whole number 0…4294967295, got ${ps}`);
  return ok(undefined);
}

/** Checks the seeds against the family: whole numbers in its range, a random sample of a big family only. */
function checkSeeds(o: BatchOptions): Result<void> {
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
    return r.ok ? ok(undefined) : r;
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
  return ok(undefined);
}
