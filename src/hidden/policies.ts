/**
 * The policies by name, for the command line and for batches: `priority` (the rule documents'
 * hint order) and `search` (determinized sampling over the solver). A game's randomness comes from
 * the policy seed and what the player sees, never from the deal's seed or code (sample.ts
 * `observationSeed`), so a batch and `klondike play` play the same game, and two deals that differ
 * only in cards not yet seen are played alike until one of them is seen.
 */
import { type Seed, dealFromSeed } from '../deals/families.ts';
import { dealPosition } from '../engine/position.ts';
import { type Family, type Result, type Rules, type StockMode, UserError } from '../types.ts';
import { MAX_TABLE_MB, checkOptions } from '../solver/validate.ts';

import { type PlayResult, playGame } from './play.ts';
import type { Policy } from './policy.ts';
import { PriorityPolicy } from './policy-priority.ts';
import { SearchPolicy } from './policy-search.ts';
import { badSeed } from './sample.ts';
import { DEFAULT_SEARCH, POLICY_NAMES, type PolicyName, type SearchOptions, parsePolicyName } from './settings.ts';

/** Settings a policy may take (the search policy's; `priority` has none). Unknown values are left to the defaults. */
export type PolicyOptions = { [K in keyof SearchOptions]?: SearchOptions[K] | undefined };

/** A fresh policy of this name (one per game: the search policy keeps its worlds between moves). */
export function createPolicy(name: PolicyName, options: PolicyOptions = {}): Policy {
  const n = parsePolicyName(String(name));
  if (!n.ok) throw new UserError(`createPolicy: ${n.error}`);
  const kinds = Object.fromEntries(Object.entries(DEFAULT_SEARCH).map(([k, v]) => [k, typeof v as 'number' | 'boolean' | 'string']));
  const c = checkOptions(options, kinds);
  if (!c.ok) throw new UserError(`createPolicy: ${c.error}`);
  for (const k of ['samples', 'nodes', 'candidates', 'maxMemoryMb', 'extendWorlds'] as const) {
    const v = options[k];
    if (v !== undefined && (!Number.isSafeInteger(v) || v < 1))
      throw new UserError(`createPolicy: ${k} must be a whole number ≥ 1, got ${v}`);
  }
  const seed = options.seed === undefined ? undefined : badSeed(options.seed);
  if (seed) throw new UserError(`createPolicy: ${seed}`);
  if (options.maxMemoryMb !== undefined && options.maxMemoryMb > MAX_TABLE_MB)
    throw new UserError(`createPolicy: maxMemoryMb must be at most ${MAX_TABLE_MB}, got ${options.maxMemoryMb}`);
  return n.value === 'priority' ? new PriorityPolicy() : new SearchPolicy(options);
}

/** One game of a batch of players: a seeded deal, the rules, what is seen and the policy. */
export interface PlayerTask {
  family: Family;
  seed: Seed;
  rules: Rules;
  stock: StockMode;
  policy: PolicyName;
  /** The policy's settings; its seed is `policySeed` (default 1). */
  options?: PolicyOptions;
  policySeed?: number;
}

/** Plays one seeded game as `klondike play` does (the same deal, the same policy seed): what a batch worker calls. */
export function playSeeded(t: PlayerTask): Result<PlayResult> {
  const d = dealFromSeed(t.seed, t.family);
  if (!d.ok) return d;
  const policy = createPolicy(t.policy, { ...t.options, seed: t.policySeed ?? DEFAULT_SEARCH.seed });
  return playGame(dealPosition(d.value), t.rules, policy, { stock: t.stock });
}

export { DEFAULT_SEARCH, POLICY_NAMES, type PolicyName, parsePolicyName };
