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
  /** Seed of the policy's own random numbers; its worlds are drawn from it and the observation alone. */
  seed: number;
  /** Segments from the plans weighed at a decision (the most chosen first), besides the revealing moves. */
  candidates: number;
  /** For hints: weigh every legal move, without cutting any candidate short, to show each one's chance (slower). */
  allMoves: boolean;
  /** Transposition table of each solve, MiB. */
  maxMemoryMb: number;
  /**
   * Where a segment ends: at the first move that reveals a card, or at the first irreversible move
   * (`macro`, a design kept for comparison that plays far worse: it won 0 of Solvitaire
   * 100,001–100,020 at draw 3, stock hidden, where `reveal` won 13, and 1 of 159 at draw 1: a card
   * brought down from its foundation, extended by a world's line that sends it straight back, makes
   * a segment that changes nothing, which the player repeats until the game stops as a cycle).
   */
  unit: 'reveal' | 'macro';
  /** Also weigh every other legal move, extended by a world's line after it up to its next reveal. */
  extend: boolean;
  /** In how many worlds each such move is extended (each may give another segment). */
  extendWorlds: number;
  /** When above 0, a candidate's value counts only the worlds the solver wins within this many nodes after it. */
  quick: number;
  /** Worlds added to the value of a move that reveals a card now, when ranking (a taste for information). */
  revealBonus: number;
  /**
   * At equal value: the shorter segment first (`short`); the one more plans chose, then the longer
   * (`support`); or the one with more cards home at its end, then more legal moves after it, then the shorter (`home`).
   */
  ties: 'short' | 'support' | 'home';
  /** With unlimited passes, go once through the stock first while that is free (every stock card is then seen). */
  look: boolean;
  /** What a candidate is worth: the worlds won after it (`win`), or the cards home after it, 52 for a win (`cards`, Vegas). */
  objective: 'win' | 'cards';
  /** When above 0, a world the budget left undecided is solved again with this many times the node budget. */
  retry: number;
  /** Most worlds a decision may sample: more are drawn while the two best candidates are close (adaptive; `samples` is the least). */
  maxSamples: number;
  /** Two candidates are close when their values differ by at most this many worlds (`cards`: 52 cards a world). */
  close: number;
  /**
   * Weigh the leading candidates again as a player who does not know the cards still hidden after
   * them (among the worlds that reveal the same card, one next segment must serve them all), at
   * draws of up to this many cards: 1 (the default) at draw 1 only, 0 never.
   */
  shared: number;
}

/** The search policy's defaults (the settings of every published figure unless stated). */
export const DEFAULT_SEARCH: SearchOptions = {
  samples: 32,
  nodes: 30_000,
  seed: 1,
  candidates: 24,
  allMoves: false,
  maxMemoryMb: 64,
  unit: 'reveal',
  extend: true,
  extendWorlds: 1,
  quick: 0,
  revealBonus: 0,
  ties: 'home',
  look: true,
  objective: 'win',
  retry: 4,
  maxSamples: 96,
  close: 1,
  shared: 1,
};

/**
 * The search policy's defaults under the Vegas rules (one pass at draw 1, three at draw 3), where
 * the payoff is 5 dollars a card home less 52: the cards home counted (`cards`) over 24 worlds of
 * 10,000 nodes, without the adaptive sampling, the retries, the tie rule or the shared next moves
 * (which count worlds won, not cards) of `DEFAULT_SEARCH`.
 * Counting cards, a solve of a lost world runs to its budget instead of stopping at a win, so
 * the ordinary defaults cost 8 (draw 3) and 21 (draw 1) CPU seconds a game there. The settings
 * of the published Vegas figures.
 */
export const VEGAS_SEARCH: SearchOptions = {
  ...DEFAULT_SEARCH,
  objective: 'cards',
  samples: 24,
  maxSamples: 24,
  close: 0,
  retry: 0,
  nodes: 10_000,
  ties: 'short',
  shared: 0,
};

/** A search player's settings: those given, the rest from the defaults of the rules (`VEGAS_SEARCH` under the Vegas rules). */
export function searchSettings(vegas: boolean, given: { [K in keyof SearchOptions]?: SearchOptions[K] | undefined }): SearchOptions {
  const defined = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  return { ...(vegas ? VEGAS_SEARCH : DEFAULT_SEARCH), ...defined };
}

/** The objectives of the search policy. */
export const OBJECTIVES: readonly SearchOptions['objective'][] = ['win', 'cards'];

/** Reads an objective. */
export function parseObjective(text: string): Result<SearchOptions['objective']> {
  const t = text.trim().toLowerCase();
  return t === 'win' || t === 'cards' ? ok(t) : err(`objective must be win or cards, got ${JSON.stringify(text)}`);
}
