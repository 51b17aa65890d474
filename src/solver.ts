/** Solver API (implementation in progress). */
import type { AtomicMove } from './notation.ts';
import type { Position } from './position.ts';
import type { Rules } from './types.ts';

export type Verdict = 'winnable' | 'unwinnable' | 'unknown';

/** Search budgets; each has a default. */
export interface Budget {
  maxNodes?: number;
  timeoutMs?: number;
  /** Transposition table size in MiB. */
  maxMemoryMb?: number;
}

export interface SolveStats {
  nodes: number;
  uniqueStates: number;
  ttHits: number;
  ms: number;
  solutionLength: number;
}

export interface SolveResult {
  verdict: Verdict;
  /** Which budget ran out, for `unknown`. */
  reason?: 'nodes' | 'time' | 'memory';
  /** Atomic moves from the position to the win; empty unless winnable. */
  moves: AtomicMove[];
  stats: SolveStats;
}

/** Decides whether the position can be won under the rules. */
export function solve(_position: Position, _rules: Rules, _budget: Budget = {}): SolveResult {
  throw new Error('solver not written yet');
}
