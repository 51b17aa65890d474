/**
 * The policies' names and the search policy's settings with their defaults: what the command
 * line and the batch need to name and describe a player without loading the solver.
 */
import { type Result, err, ok } from '../types.ts';

export const POLICY_NAMES = ['priority', 'search'] as const;
/** A policy by name. */
export type PolicyName = (typeof POLICY_NAMES)[number];

/** Reads a policy name. */
export function parsePolicyName(text: string): Result<PolicyName> {
  const t = text.trim().toLowerCase();
  const n = POLICY_NAMES.find((x) => x === t);
  return n ? ok(n) : err(`unknown policy ${JSON.stringify(text)} (expected ${POLICY_NAMES.join(', ')})`);
}

/** Settings of the search policy. */
export interface SearchOptions {
  /** Worlds sampled (K). */
  samples: number;
  /** Node budget of each solve. */
  nodes: number;
  /** Seed of the policy's own random numbers. */
  seed: number;
  /** Segments from the plans weighed at a decision (the most chosen first), besides the revealing moves. */
  candidates: number;
  /** For hints: weigh every legal move, without cutting any candidate short, to show each one's chance (slower). */
  allMoves: boolean;
  /** Transposition table of each solve, MiB. */
  maxMemoryMb: number;
  /** Where a segment ends: at the first move that reveals a card, or at the first irreversible move (`macro`). */
  unit: 'reveal' | 'macro';
  /** Also weigh every other legal move, extended by a world's line after it up to its next reveal. */
  extend: boolean;
  /** In how many worlds each such move is extended (each may give another segment). */
  extendWorlds: number;
  /** When above 0, a candidate's value counts only the worlds the solver wins within this many nodes after it. */
  quick: number;
  /** Worlds added to the value of a move that reveals a card now, when ranking (a taste for information). */
  revealBonus: number;
  /** At equal value: the shorter segment first (`short`), or the one more plans chose, then the longer (`support`). */
  ties: 'short' | 'support';
}

/** The search policy's defaults (the settings of every published figure unless stated). */
export const DEFAULT_SEARCH: SearchOptions = {
  samples: 24,
  nodes: 20_000,
  seed: 1,
  candidates: 24,
  allMoves: false,
  maxMemoryMb: 64,
  unit: 'reveal',
  extend: true,
  extendWorlds: 1,
  quick: 0,
  revealBonus: 0,
  ties: 'short',
};
