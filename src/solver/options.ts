/**
 * What a solve is given besides the position and the rules: budgets, the switches of the pruning
 * rules, and the search strategy.
 *
 * - Pruning rules (`Pruning`, each a predicate in pruning.ts) decide which moves the search tries
 *   and which positions it takes as one. Every one keeps the verdict exact, and also the largest
 *   number of cards that can be sent home (pruning.ts argues each); each can be switched off so
 *   the tests can cross-check the others.
 * - Strategy (`relaxation`, `deadCheck`, `deadlocks`, `deadPositions`, `lockingMoves`, `restarts` in
 *   `SolverOptions`) decides how a verdict is reached: a staged solve through easier rules, two
 *   dead-deal tests that answer without searching, positions cut when they are deadlocked, moves
 *   never made because they lose the deal, and restarts with another move order. The first five
 *   are exact for the verdict only: a search for the most cards home must turn them off; restarts
 *   only reorder the search.
 *
 * The switches depend on one another in two ways, resolved in one place (`resolvePruning`):
 * without stock macro-moves the search plays the plain engine's atomic moves (genAtomic, as perft
 * counts them), so the rules that shape the solver's own moves, and the next-move restrictions
 * that rely on macro-moves, have nothing to act on and are off. Twin keys and safe foundation
 * moves work with either kind of move. Returns kept home (keepSafeHome) rest on the safe moves
 * and are off without them.
 */

/** Search budgets; each has a default (DEFAULT_BUDGET). */
export interface Budget {
  /** Positions the search may enter; the one that reaches the budget ends the search. */
  maxNodes?: number;
  timeoutMs?: number;
  /** Transposition table size in MiB. */
  maxMemoryMb?: number;
}

/** The default budget of a solve. */
export const DEFAULT_BUDGET: Required<Budget> = { maxNodes: 200_000_000, timeoutMs: 60_000, maxMemoryMb: 1024 };

/** Switches for the pruning rules (all on by default); tests turn them off to cross-check. */
export interface Pruning {
  /** Tableau cards (and, with draw 1 and unlimited passes, stock cards) that are safe to send home go without branching. */
  safeFoundation: boolean;
  /** A partial run moves only to send the card it uncovers home (or, without twinSwaps, to let its twin take its place). */
  partialRuns: boolean;
  /** A foundation card comes back down only when a card could land on it or needs it out of the way. */
  foundationReturns: boolean;
  /**
   * With safeFoundation: a foundation card that the safe moves would send straight back home is
   * not brought down (the position after it and its safe moves is the one before it).
   */
  keepSafeHome: boolean;
  /** A King goes to one empty pile only; a King with nothing under it never moves to another. */
  oneEmptyColumn: boolean;
  /** Stock macro-moves; off means atomic draws and redeals, as perft counts them. */
  stockMacros: boolean;
  /** After a stock card goes onto the tableau, the next move must build on it or be a stock move. */
  delayStock: boolean;
  /** After a partial run move uncovers x, the next move must play x home or build on x. */
  delayPartial: boolean;
  /**
   * Positions that differ only by which of two twins (same rank and colour) holds which run are
   * one state in the table; a partial run then moves only to send the card it uncovers home, as
   * one compound move.
   */
  twinSwaps: boolean;
  /**
   * With unlimited passes, stock positions on the draw grid (w a multiple of the draw, or the
   * whole stock turned) are one state: each reaches the others by draws and a redeal.
   */
  stockGrid: boolean;
  /** A pile is emptied (its whole run moved, nothing under it) only to put a King there next. */
  emptyForKing: boolean;
  /**
   * With unlimited passes and draw > 1 (and stockGrid): a layout searched to the end from stock
   * position w counts as searched from every stock position that w reaches by draws alone.
   */
  stockDominance: boolean;
  /**
   * The search for the fewest moves at draw 1 (src/core/best-first.ts `safeInStock`): no stock play
   * of a card that comes up after a card that may go home safely, in the order the stock's cards
   * come up. The other searches do not read it.
   */
  stockSafeFirst: boolean;
  /**
   * The search for the fewest moves at draw 1 (src/core/search.ts `playSafe`): the waste's top
   * card goes home among the safe moves when it may go there safely (one move, no draw). The
   * other searches do not read it.
   */
  safeWasteTop: boolean;
  /**
   * The search for the fewest moves at draw 1 (src/core/search.ts `playSafe`): the stock's next
   * card goes home among the safe moves, with the draw that turns it, when it may go there safely.
   * The other searches do not read it.
   */
  safeStockNext: boolean;
}

/** Every pruning rule on: the solver's default. */
export const FULL_PRUNING: Pruning = {
  safeFoundation: true,
  partialRuns: true,
  foundationReturns: true,
  keepSafeHome: true,
  oneEmptyColumn: true,
  stockMacros: true,
  delayStock: true,
  delayPartial: true,
  twinSwaps: true,
  stockGrid: true,
  emptyForKing: true,
  stockDominance: true,
  stockSafeFirst: true,
  safeWasteTop: true,
  safeStockNext: true,
};

/** Every pruning rule off: the plain engine's moves, the exact key. */
export const NO_PRUNING: Pruning = {
  safeFoundation: false,
  partialRuns: false,
  foundationReturns: false,
  keepSafeHome: false,
  oneEmptyColumn: false,
  stockMacros: false,
  delayStock: false,
  delayPartial: false,
  twinSwaps: false,
  stockGrid: false,
  emptyForKing: false,
  stockDominance: false,
  stockSafeFirst: false,
  safeWasteTop: false,
  safeStockNext: false,
};

/** How a solve searches; every field is optional, the defaults are the solver's. */
export interface SolverOptions {
  /** The pruning rules (default FULL_PRUNING). */
  pruning?: Pruning;
  /**
   * Under rules harder than draw 1 with unlimited passes: after a short search, try those easiest
   * rules first (a deal lost there is lost under any rules); then search in full. Default on.
   */
  relaxation?: boolean;
  /** Answer "unwinnable" at once when a card lies above both cards it could go on and a lower card of its suit. Default on. */
  deadCheck?: boolean;
  /**
   * Answer "unwinnable" at once when a face-down card or the foot of a face-up run can never leave
   * its place, blocked by cards that themselves wait for it, in its pile or across piles
   * (pruning.ts `deadlockedCard`). Default on.
   */
  deadlocks?: boolean;
  /**
   * Cut every position of the search that is deadlocked: some card can never be a pile top or
   * leave the deck, with every card of the tableau held in its place (src/core/deadlock.ts).
   * Default on.
   */
  deadPositions?: boolean;
  /**
   * Never put a card directly on the one place its twin, held in its pile, can go, when it could
   * not leave that place again: every position after such a move is lost (pruning.ts
   * `LockingMoves`). Default on.
   */
  lockingMoves?: boolean;
  /**
   * Restart each search after runs of RESTART_UNIT nodes times the terms of Luby's sequence (1, 1, 2,
   * 1, 1, 2, 4, …; search-driver.ts `luby`), with seeded noise in the move order, keeping the positions
   * proved lost in the table. Only the order of the search changes: the verdict is the same, found
   * sooner on most winnable deals. Default on.
   */
  restarts?: boolean;
  /** Called every 65,536 positions with the positions the solve has searched so far (a page shows them). */
  onProgress?: (nodes: number) => void;
}

/**
 * The switches as the search applies them: without stock macro-moves the moves come from the
 * plain engine, so the rules of the solver's own generator (partial runs, foundation returns,
 * returns kept home, one empty pile, emptying for a King), the restrictions on the move after
 * a stock or partial move, the stock plays held back behind a safe card (every play is of the
 * waste's top) and the stock's next card sent home with its draw (a macro-move) are off, and the
 * stock position stays exact in the key (no stock grid);
 * without safe moves home no return goes straight back, so keepSafeHome is off too.
 */
export function resolvePruning(p: Pruning): Pruning {
  // the returns that would go straight back home bounce only where safe moves are played
  if (p.stockMacros) return { ...p, keepSafeHome: p.keepSafeHome && p.safeFoundation };
  return {
    ...p,
    partialRuns: false,
    foundationReturns: false,
    keepSafeHome: false,
    oneEmptyColumn: false,
    delayStock: false,
    delayPartial: false,
    stockGrid: false,
    emptyForKing: false,
    stockDominance: false,
    stockSafeFirst: false,
    safeStockNext: false,
  };
}
