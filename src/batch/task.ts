/**
 * The messages between the main thread and the batch workers: a deal to solve and its outcome
 * (one `results` row). Kept apart from `worker.ts` so the main thread never loads the worker.
 */
import type { Budget } from '../solver.ts';
import type { Family, Rules } from '../types.ts';

/** What the main thread sends for one deal. */
export interface DealTask {
  seed: number;
  family: Family;
  rules: Rules;
  budget: Budget;
}

/** Verdicts as stored: the solver's three plus `error`. */
export type StoredVerdict = 'winnable' | 'unwinnable' | 'unknown' | 'error';

/** What comes back for one deal; maps one-to-one onto a `results` row. */
export interface DealOutcome {
  seed: number;
  verdict: StoredVerdict;
  nodes: number;
  ms: number;
  solutionLength: number | null;
  moves: string | null;
  error: string | null;
}

/** An `error` outcome for a deal. */
export function errorOutcome(seed: number, message: string, ms = 0): DealOutcome {
  return { seed, verdict: 'error', nodes: 0, ms, solutionLength: null, moves: null, error: message };
}

/** The task that only checks a thread has loaded (answered with null). */
export const PING = 'ping';
