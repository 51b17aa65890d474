/**
 * The policies by name, for the command line and for batches: `priority` (the rule documents'
 * hint order) and `search` (determinized sampling over the solver). A game's policy seed is derived
 * from the policy seed and the deal's seed, so a batch and `klondike play` play the same game.
 */
import { type Result, err, ok } from '../types.ts';
import type { Policy } from './policy.ts';
import { PriorityPolicy } from './policy-priority.ts';
import { DEFAULT_SEARCH, SearchPolicy, type SearchOptions } from './policy-search.ts';

export const POLICY_NAMES = ['priority', 'search'] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];

/** Reads a policy name. */
export function parsePolicyName(text: string): Result<PolicyName> {
  const t = text.trim().toLowerCase();
  const n = POLICY_NAMES.find((x) => x === t);
  return n ? ok(n) : err(`unknown policy ${JSON.stringify(text)} (expected ${POLICY_NAMES.join(', ')})`);
}

/** Settings a policy may take (the search policy's; `priority` has none). */
export type PolicyOptions = Partial<SearchOptions>;

/** A fresh policy of this name (one per game: the search policy keeps its worlds between moves). */
export function createPolicy(name: PolicyName, options: PolicyOptions = {}): Policy {
  return name === 'priority' ? new PriorityPolicy() : new SearchPolicy(options);
}

/** The policy seed of the game of deal `dealSeed` (a 32-bit mix of both, so games of a batch sample independently). */
export function gameSeed(policySeed: number, dealSeed: number): number {
  let h = Math.imul((policySeed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ (dealSeed >>> 0);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

export { DEFAULT_SEARCH };
