/**
 * Playing one game with hidden cards: the driver shows the policy the observation, plays the move
 * it chooses on the true position, and reveals cards only as the rules turn them up. The policy
 * never holds the game, only observations (observation.ts).
 *
 * A game ends when it is won, when the policy has no move (no legal move, or the policy declines),
 * when a position comes back a third time with nothing new seen (with unlimited passes a policy can
 * go round the stock for ever; the third visit proves it is cycling), or after `maxMoves` moves.
 * Only a win counts as a win.
 */
import type { AtomicMove } from '../engine/notation.ts';
import type { Deal, Position } from '../engine/position.ts';
import type { Result, Rules, StockMode } from '../types.ts';
import { Game } from './game.ts';
import type { Observation } from './observation.ts';
import type { Decision, Policy } from './policy.ts';

/** Options of `playGame`. */
export interface PlayOptions {
  stock: StockMode;
  /** Moves after which the game is abandoned as lost (default 3,000). */
  maxMoves?: number;
  /** Called after each move with the decision behind it and the cards it revealed. */
  onMove?: (event: MoveEvent) => void;
}

/** One move of a game as it is played. */
export interface MoveEvent {
  /** 1-based number of the move. */
  index: number;
  move: AtomicMove;
  /** What the player saw when choosing it. */
  before: Observation;
  decision: Decision;
  /** Cards the move revealed (turned up or drawn for the first time). */
  revealed: number[];
  cardsHome: number;
  ms: number;
}

/** Why a game ended. */
export type GameEnd = 'won' | 'no move' | 'cycle' | 'move limit';

/** The outcome of one game. */
export interface PlayResult {
  won: boolean;
  end: GameEnd;
  moves: AtomicMove[];
  cardsHome: number;
  /** Decisions that called the solver, solver calls and nodes in all. */
  searched: number;
  solves: number;
  nodes: number;
  ms: number;
}

export const DEFAULT_MAX_MOVES = 3000;

/** Plays one game of `deal` (a complete position, or a deal: its start) under `rules` with `policy`. */
export function playGame(deal: Position | Deal, rules: Rules, policy: Policy, options: PlayOptions): Result<PlayResult> {
  const g = Game.start(deal, rules, options.stock);
  if (!g.ok) return g;
  const game = g.value;
  const maxMoves = options.maxMoves ?? DEFAULT_MAX_MOVES;
  const visits = new Map<string, number>();
  const t0 = performance.now();
  let searched = 0;
  let solves = 0;
  let nodes = 0;
  let end: GameEnd = 'no move';
  for (;;) {
    if (game.won) {
      end = 'won';
      break;
    }
    if (game.moves.length >= maxMoves) {
      end = 'move limit';
      break;
    }
    const key = game.repetitionKey();
    const seen = (visits.get(key) ?? 0) + 1;
    visits.set(key, seen);
    if (seen >= 3) {
      end = 'cycle';
      break;
    }
    const t1 = performance.now();
    const before = game.observe();
    const decision = policy.decide(before);
    if (decision.solves > 0) searched++;
    solves += decision.solves;
    nodes += decision.nodes;
    if (!decision.move) break;
    const r = game.play(decision.move);
    if (!r.ok) throw new Error(`internal: policy ${policy.name} chose an illegal move: ${r.error}`);
    options.onMove?.({
      index: game.moves.length,
      move: decision.move,
      before,
      decision,
      revealed: r.value,
      cardsHome: game.cardsHome,
      ms: performance.now() - t1,
    });
  }
  return {
    ok: true,
    value: {
      won: game.won,
      end,
      moves: game.moves.slice(),
      cardsHome: game.cardsHome,
      searched,
      solves,
      nodes,
      ms: performance.now() - t0,
    },
  };
}
