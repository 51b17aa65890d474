/**
 * The messages between the main thread and the batch workers: a deal to solve and its outcome
 * (one `results` row), or a game for a hidden-card player to play and its outcome (one `plays`
 * row). Kept apart from `worker.ts` so the main thread never loads the worker.
 * Seeds travel as bigint (structured clone carries it exactly): some families' seeds have 68 digits.
 */
import type { PlayerTask } from '../hidden/policy-by-name.ts';
import type { Budget, MoveCount } from '../solver/index.ts';
import type { PlayRow, ResultRow, ShortestRow } from '../store/rows.ts';
import type { Family, Rules } from '../types.ts';

export type { StoredVerdict } from '../store/rows.ts';

/** What the main thread sends for one deal. */
export interface DealTask {
  seed: bigint;
  family: Family;
  rules: Rules;
  budget: Budget;
  /** Find the most cards home (proved) instead of the verdict alone (solver/most-home.ts). */
  mostHome?: boolean;
  /** Find the shortest solution, counted so (solver/shortest.ts), instead of the verdict alone. */
  shortest?: MoveCount;
}

/** What a shortest-solution search adds to a deal's outcome (one `shortest` row with the outcome's verdict, moves and statistics). */
export type ShortestOutcome = Pick<
  ShortestRow,
  'count' | 'length' | 'lowerBound' | 'proved' | 'firstLength' | 'shortenedLength' | 'atomicLength' | 'ksolveLength'
>;

/**
 * What comes back for one deal; maps one-to-one onto a `results` row (the most cards home when the
 * task asked for it), or with `shortest` onto a `shortest` row (moves and solutionLength are then
 * the shortest line's). `cannotRun` (never stored) says the thread cannot solve any deal here, e.g.
 * its memory cannot be reserved: the batch stops.
 */
export type DealOutcome = Pick<ResultRow, 'seed' | 'verdict' | 'nodes' | 'ms' | 'solutionLength' | 'moves' | 'error' | 'stopReason'> &
  Partial<Pick<ResultRow, 'mostHome' | 'mostHomeBound' | 'mostHomeProved'>> & { shortest?: ShortestOutcome; cannotRun?: string };

/** An `error` outcome for a deal. */
export function errorOutcome(seed: bigint, message: string, ms = 0): DealOutcome {
  return { seed, verdict: 'error', nodes: 0, ms, solutionLength: null, moves: null, error: message, stopReason: null };
}

/** What the main thread sends for one game of a player (`playSeeded` plays it). */
export interface PlayTask extends PlayerTask {
  kind: 'play';
  seed: bigint;
}

/** What comes back for one game; maps one-to-one onto a `plays` row. */
export type PlayOutcome = Pick<PlayRow, 'seed' | 'won' | 'moveCount' | 'moves' | 'cardsHome' | 'ms' | 'error'> & { cannotRun?: string };

/** A game that could not be played. */
export function errorPlay(seed: bigint, message: string, ms = 0): PlayOutcome {
  return { seed, won: false, moveCount: 0, moves: '', cardsHome: 0, ms, error: message };
}

/** The task that only checks a thread has loaded (answered with the thread's id). */
export const PING = 'ping';
