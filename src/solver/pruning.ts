/**
 * The solver's pruning rules, each a named predicate with the argument for its exactness beside
 * it: the search's key and game (twins, the draw grid, stock dominance, pass limits), and the
 * tests made once a search (dead deals, deadlocks, locking moves). The rules the search applies
 * at each position live with it in the solver's core (WebAssembly), argued the same way: those
 * of the move generator (partial runs, empty piles, foundation returns, returns that would go
 * straight back home) in src/core/gen-state.ts,
 * the rest (safe moves home, the restrictions on the next move, the stock positions a closed
 * position covers, the locking check) in src/core/rules.ts. No rule is stated twice.
 *
 * "Exact" means: for every line of play from a position, a line that the rule keeps reaches a
 * position at least as good. For the verdict "as good" is "won"; for a search that maximises the
 * cards on the foundations it is "as many cards home". The arguments below are of three kinds,
 * and each kind holds for both objectives (objective.ts):
 * - equivalence: two positions reach the same positions up to a relabelling that keeps the
 *   foundations (column order, twins, stock positions on the draw grid), so one stands for both;
 * - reordering: a line can be rewritten to make a move earlier or later (or drop it) without
 *   changing what it reaches; the moves in question never lower the count of cards home, except
 *   foundation returns, which are only ever postponed (keeping cards home longer);
 * - dominance: playing a card home that nothing could need does not take anything away.
 * The strategy switches (`relaxation`, `deadCheck`, `deadlocks`, `lockingMoves`) are exact for the
 * verdict only.
 */
import * as Cards from '../engine/cards.ts';
import type { State } from '../engine/state.ts';
import * as StateModule from '../engine/state.ts';
import type { Rules } from '../types.ts';
import type { Pruning } from './options.ts';
import type { KeyOptions } from '../engine/zobrist.ts';

// Imported values as this module's own constants: V8 builds those into its compiled code, where
// an imported binding is read through a cell and checked at every use (docs/notes/solver-speed.md).
const { PARENT1, PARENT2, RANK, RED, makeCard, twin } = Cards;
const { STRIDE } = StateModule;

export { PARENT1, PARENT2 } from '../engine/cards.ts';

// ---- The rules as searched ----

/**
 * The position and rules the search runs on: the same game, with the pass number made small.
 * - Only the passes left matter, so the search starts on pass 1 with the same number left (a
 *   position past the limit has none left, as the rules engine reads it). Pass numbers then stay
 *   small and exact whatever the input, and a solution (atomic moves, no pass numbers) replays
 *   from the original position.
 * - With unlimited passes the pass number does not matter at all: pass 1.
 * - `limitUnused`: a limit the stock cannot use is no limit, and the search runs as unlimited.
 */
export function searchedGame(
  position: { pass: number; stock: readonly number[]; waste: readonly number[] },
  rules: Rules,
  pr: Pruning,
): { pass: number; rules: Rules } {
  if (rules.passes === null) return { pass: 1, rules };
  const left = Math.max(0, rules.passes - position.pass);
  if (limitUnused(left, position.stock.length + position.waste.length, pr)) return { pass: 1, rules: { ...rules, passes: null } };
  return { pass: 1, rules: { ...rules, passes: 1 + left } };
}

/**
 * stockMacros: with at least as many redeals left as cards in the stock and waste (n), the pass
 * limit changes nothing. Exact: a line that wins (or sends k cards home) can drop any pass in
 * which no stock card is played (cutting from one redeal to the next leaves the same position
 * with one pass fewer), and the last redeal if nothing is played from the stock after it; what
 * is left has a stock play after each redeal, so at most n redeals. The solver's own solutions
 * stay within the limit too: each stock macro-move plays a card and crosses at most one redeal.
 * (Atomic searches, without macro-moves, keep the limit: their lines may cycle the stock.)
 */
export function limitUnused(redealsLeft: number, stockCards: number, pr: Pruning): boolean {
  return pr.stockMacros && redealsLeft >= stockCards;
}

// ---- The table key ----

/**
 * The table key of a search (state.ts hashes it):
 * - stockMacros off: the stock position stays in the key even where macro-moves make it
 *   irrelevant (draw 1, unlimited passes), since atomic draws then matter.
 * - twinSwaps: positions that differ only by which of two twins x, y (same rank and colour) holds
 *   which run are one state. Exact: every move from one has a mirror from the other (swap the
 *   roles of x and y), except sending x or y home, which needs the card uncovered; the other
 *   position does the same by first moving what lies on x onto y (one legal run move) and then
 *   sending x home. The mirrored line keeps the same foundations at every step. Cards on
 *   face-down cards are hashed with that card itself, and those are fixed for a whole search.
 * - stockGrid: with unlimited passes, stock positions on the draw grid (0, d, 2d, … cards turned,
 *   or all) are one state. Exact: each reaches the others by draws and a redeal alone, which move
 *   no card, and from each the same cards can be played.
 * - stockDominance (with stockGrid in effect): the key is the layout's, and the table keeps with
 *   it the stock positions searched (src/core/rules.ts `drawReach`).
 * - (Always, in state.ts: the columns' order is not in the key, the piles being interchangeable;
 *   with draw 1 and unlimited passes the stock position is not either, every card being reachable.)
 */
export function keyOptions(pr: Pruning): KeyOptions {
  return { exactStock: !pr.stockMacros, twinKey: pr.twinSwaps, gridStock: pr.stockGrid, stockMask: pr.stockDominance };
}

// The rules the search asks at each position (safe moves home, the restrictions on the next move,
// stock dominance's covered stock positions, the locking check) live with it, argued the same
// way, in src/core/rules.ts.

export { EMPTIED, FREE, PLACED, UNCOVERED } from '../core/shared/modes.ts';

// ---- Dead deal (the deadCheck strategy; exact for the verdict only) ----

/**
 * A card that can never leave its place, or -1. Card x (not a King) lies face down or at the foot
 * of a pile's face-up run, and below it in the same pile are both cards it could go on (one rank
 * higher, other colour) and a lower card of its own suit: it can go neither onto a pile nor home
 * (nor into an empty pile), so the cards under it never come out and the game is lost.
 * Face-down cards never move, so checking the start position covers every later one.
 */
export function stuckCard(s: State): number {
  const below = new Uint8Array(52);
  for (let a = 0; a < 7; a++) {
    below.fill(0);
    const base = a * STRIDE;
    const top = Math.min(s.down[a], s.len[a] - 1);
    for (let k = 0; k <= top; k++) {
      const x = s.cols[base + k];
      if (k > 0 && RANK[x] !== 13 && below[PARENT1[x]] && below[PARENT2[x]]) {
        for (let r = 1; r < RANK[x]; r++) if (below[makeCard(r, x & 3)]) return x;
      }
      below[x] = 1;
    }
  }
  return -1;
}

// ---- Deadlocks (the deadlocks strategy; exact for the verdict only) ----

/**
 * The least fixed point of the fixed cards that might leave their places (`deadlockedCard` argues
 * it), optionally with one fixed card held in place: the marks are then those of the cards that
 * might leave before it does. Work arrays allocated once (module state: one search runs on a
 * thread at a time), so the test allocates nothing.
 */
class Fixpoint {
  /** Pile and height of each fixed card (pile −1: not fixed). */
  private readonly pile = new Int8Array(52);
  private readonly height = new Int8Array(52);
  private readonly onTableau = new Uint8Array(52);
  /** Marked: might leave its place. */
  readonly left = new Uint8Array(52);
  /** Per pile: the fixed cards at this height and above are marked. */
  readonly clear = new Int8Array(7);
  /** Marked: a stock or waste card that might leave the deck (`reachable`, then a place to go). */
  readonly deckLeft = new Uint8Array(52);
  private s: State | undefined;

  /** Marks the fixed cards of s that might leave, with card `held` (or none: −1) never leaving. */
  run(s: State, held: number): void {
    const { pile, height, onTableau, left, clear } = this;
    this.s = s;
    pile.fill(-1);
    onTableau.fill(0);
    left.fill(0);
    for (let a = 0; a < 7; a++) {
      const base = a * STRIDE;
      const foot = Math.min(s.down[a], s.len[a] - 1);
      clear[a] = foot + 1;
      for (let k = 0; k < s.len[a]; k++) {
        const c = s.cols[base + k];
        onTableau[c] = 1;
        if (k <= foot) {
          pile[c] = a;
          height[c] = k;
        }
      }
    }
    const deckLeft = this.deckLeft;
    deckLeft.fill(0);
    let changed = true;
    while (changed) {
      changed = false;
      // before: the marked deck cards in front of card i
      for (let i = 0, before = 0; i < s.n; before += deckLeft[s.deck[i++]]) {
        const x = s.deck[i];
        if (deckLeft[x] || !this.reachable(i, before)) continue;
        if (
          RANK[x] === 13
            ? this.emptyElsewhere(-1) || this.lowerMayGoHome(x)
            : this.mightBeTop(PARENT1[x]) || this.mightBeTop(PARENT2[x]) || this.lowerMayGoHome(x)
        ) {
          deckLeft[x] = 1;
          changed = true;
        }
      }
      for (let a = 0; a < 7; a++) {
        const k = clear[a] - 1;
        if (k < 0) continue;
        const x = s.cols[a * STRIDE + k];
        if (x === held) continue;
        if (
          RANK[x] === 13
            ? this.emptyElsewhere(a) || this.lowerMayGoHome(x)
            : this.mayGoOn(x, a, k, PARENT1[x], PARENT2[x]) || this.mayGoOn(x, a, k, PARENT2[x], PARENT1[x]) || this.lowerMayGoHome(x)
        ) {
          left[x] = 1;
          clear[a] = k;
          changed = true;
        }
      }
    }
  }

  /**
   * The card at deck index i might be the waste top some time. Draws from the current stock
   * position show the waste top now and every draw-th card after it; in a later pass, after k
   * cards before it have left the deck in earlier passes, draws from 0 show it when i − k is on
   * the draw grid (draw − 1, 2·draw − 1, …: a card taken from the waste in the same pass moves
   * both it and the stock position back by one); and the last card is always shown. So it is
   * reached when its index is one of those with k at most the number of deck cards before it
   * that might leave, or when the card after it might leave (played from the waste top, that
   * card shows this one). `before`: how many deck cards before it are marked. With no redeal left
   * only the current pass counts. With draw 1 and a redeal left every card can be reached.
   */
  private reachable(i: number, before: number): boolean {
    const s = this.s!;
    const { deck, draw, w, n } = s;
    if (i === n - 1 || i === w - 1 || (i >= w && (i - w) % draw === draw - 1)) return true;
    if (this.deckLeft[deck[i + 1]]) return true;
    if (s.pass >= s.passLimit) return false;
    // on the grid with k = 0, or with the k that puts it there: k ≡ i + 1 (mod draw)
    return (i + 1) % draw <= before;
  }

  /** Card p (52: none) might be a pile top at some time. */
  mightBeTop(p: number): boolean {
    if (p === 52) return false;
    const s = this.s!;
    if (this.pile[p] >= 0) return this.height[p] + 1 >= this.clear[this.pile[p]];
    if (this.onTableau[p]) return true;
    if (s.inDeck[p] && !this.deckLeft[p]) return false;
    if (!s.foundationReturn && s.found[p & 3] >= RANK[p]) return false;
    return RANK[p] === 13 ? this.emptyElsewhere(-1) : this.mightBeTop(PARENT1[p]) || this.mightBeTop(PARENT2[p]);
  }

  /** Every lower card of x's suit might go home. */
  lowerMayGoHome(x: number): boolean {
    const suit = x & 3;
    for (let r = this.s!.found[suit] + 1; r < RANK[x]; r++) {
      const y = makeCard(r, suit);
      if (this.pile[y] >= 0 && !this.left[y]) return false;
      if (this.s!.inDeck[y] && !this.deckLeft[y]) return false;
    }
    return true;
  }

  /** Some pile other than a might be emptied. */
  private emptyElsewhere(a: number): boolean {
    for (let b = 0; b < 7; b++) if (b !== a && this.clear[b] === 0) return true;
    return false;
  }

  /**
   * Fixed card x (not a King, at height k of pile a) might go onto its parent p, q being its other
   * parent: p might be a pile top, and if x's twin t is fixed above x in the same pile, t might
   * leave p again (for q, or home) while x waits: t leaves first, and if its only way out is onto
   * p and it can leave p only for places that open after x has gone, p never takes x.
   */
  private mayGoOn(x: number, a: number, k: number, p: number, q: number): boolean {
    if (!this.mightBeTop(p)) return false;
    const t = twin(x);
    if (this.pile[t] !== a || this.height[t] <= k) return true;
    return this.mightBeTop(q) || this.lowerMayGoHome(t);
  }
}

const FIXPOINT = new Fixpoint();

/**
 * A card that can never leave its place, found as a least fixed point, or -1. The fixed cards are,
 * in each pile, the face-down cards and the foot of the face-up run: each stays in its place until
 * it leaves for good (turned up only as the top, the foot moving only as the base of its whole run
 * or alone to its foundation). The test marks, from the top of each pile down, the fixed cards
 * that might leave, optimistically (every other card counts as free to move), until nothing
 * changes. Fixed card x (every fixed card above it marked) is marked when
 * - a card p it could go on might be a pile top: a fixed one uncovered (every fixed card above it
 *   marked; not one under x in x's pile, which needs x gone first), a face-up one that is not
 *   fixed, or one in the stock, the waste or on a foundation (with returns allowed) that could
 *   itself be put on the tableau (a King when some pile might be emptied, another card when one
 *   of its own parents might be a pile top); and, when x's twin t (same parents) is fixed above
 *   x in its pile, t might leave p again: t leaves before x, onto p, its other parent or home,
 *   and off p only to the other parent or home, so unless one of those two might open while x is
 *   still in place, t holds p for good;
 * - or every lower card of its suit might go home (each fixed one marked);
 * - or x is a King and another pile might be emptied (every fixed card of it marked).
 * The stock and waste cards are held by the order of the deck in the same way: a deck card is
 * marked when it might be the waste top (`reachable`: with a larger draw, the cards on the draw
 * grid, those of the current pass and the last one, the cards that cards leaving before them
 * shift onto the grid, and a card whose next card might leave) and then has a place to go (a
 * parent that might be a pile top; home, every lower card of its suit might go home; an empty
 * pile, a King). Until it is marked it is in its place: a deck card p might be a pile top only
 * once marked, and a lower card of x's suit in the deck keeps x from home until then. A deck
 * card left unmarked never leaves the deck, so never goes home either.
 * Exact for the verdict: in any line of play, the fixed cards that leave their places do so in
 * some order, and each, when it leaves, meets one of these conditions with only cards that left
 * before it (a card put on the tableau from elsewhere went onto one of its parents, then a pile
 * top, or, a King, into a pile emptied of its fixed cards; when x goes onto p with its twin t
 * once above it, t had gone, and was not on p, so it had used its other parent or gone home before
 * x left; a deck card played from the waste top was the waste top then, which needs the card
 * after it gone first, or cards before it gone in earlier passes, unless its index was one that
 * draws alone reach); so every card that ever leaves is marked, and a card left unmarked never goes
 * home. It runs on a search's start position only: tableau cards that leave only stop being
 * fixed, and the deck's new order after plays from the stock, tested at every position of the
 * longest draw-3 searches, cut almost nothing more. It catches what `stuckCard` catches (both
 * parents and a lower card of the suit under x), and also blocks that run across piles or
 * through the order of the stock.
 */
export function deadlockedCard(s: State): number {
  FIXPOINT.run(s, -1);
  const clear = FIXPOINT.clear;
  for (let a = 0; a < 7; a++) if (clear[a] > 0) return s.cols[a * STRIDE + clear[a] - 1];
  for (let i = 0; i < s.n; i++) if (!FIXPOINT.deckLeft[s.deck[i]]) return s.deck[i];
  return -1;
}

// ---- Locking moves (the lockingMoves strategy; exact for the verdict only) ----

/**
 * The moves that would lock the deal, found from a search's start position: putting a card w
 * directly on a card z that some fixed card y needs uncovered, where w could never leave z again
 * while y waits.
 *
 * For each fixed card y that is not a King, the fixed point of `deadlockedCard` is taken with y
 * held in place: its marks are the cards that might leave before y does. Then
 * - if y's home is shut (a lower card of its suit never leaves first) and only one of its parents,
 *   p, might be a pile top, y can leave only onto p, which must then be a top: z = p, and w is
 *   y's twin (the other card that fits on p);
 * - if both parents are shut and its home is not, y can leave only to its foundation, after every
 *   lower card of its suit, each of which must be a top to go home: z is each of them, w each
 *   card that fits on it.
 * w on z locks the deal when, with y held, w can leave z neither onto its other parent (z's twin)
 * nor home: z is never a top again before y leaves, and y never leaves, never goes home. Exact
 * for the verdict: every position after such a move is lost, so no winning line makes it. The
 * fixed point covers every line from the search's start with y in its place, so the table holds
 * at every position where y is still in its place, which is checked at each move.
 */
export class LockingMoves {
  /**
   * Per card w and each of its two parents (slot 2w + k, PARENTk+1): 1 when putting w on that
   * parent locks the deal, with the pile and height of the card y that would wait for ever.
   */
  private readonly locked = new Uint8Array(104);
  private readonly pileOf = new Int8Array(104);
  private readonly heightOf = new Int8Array(104);
  private readonly heldCard = new Uint8Array(104);
  /** How many locking placements there are. */
  count = 0;

  /** The locking placements of the fixed cards of s. */
  constructor(s: State) {
    for (let a = 0; a < 7; a++) {
      const foot = Math.min(s.down[a], s.len[a] - 1);
      for (let h = 0; h <= foot; h++) {
        const y = s.cols[a * STRIDE + h];
        if (RANK[y] === 13) continue;
        FIXPOINT.run(s, y);
        const home = FIXPOINT.lowerMayGoHome(y);
        const p1 = FIXPOINT.mightBeTop(PARENT1[y]);
        const p2 = FIXPOINT.mightBeTop(PARENT2[y]);
        if (!home && p1 !== p2) {
          // y can only go onto p: its twin must not sit there for good
          this.lockOnto(twin(y), p1 ? PARENT1[y] : PARENT2[y], a, h, y);
        } else if (home && !p1 && !p2) {
          // y can only go home: no lower card of its suit may be covered for good
          for (let r = Math.max(s.found[y & 3] + 1, 2); r < RANK[y]; r++) {
            const z = makeCard(r, y & 3);
            for (let w = makeCard(r - 1, RED[z] ? 0 : 1), k = 0; k < 2; k++, w = makeCard(r - 1, RED[z] ? 3 : 2))
              this.lockOnto(w, z, a, h, y);
          }
        }
      }
    }
  }

  /**
   * Records w on z as locking when, with y held in place (the fixed point just run), w could leave
   * z neither onto its other parent (z's twin) nor home.
   */
  private lockOnto(w: number, z: number, a: number, h: number, y: number): void {
    if (FIXPOINT.mightBeTop(twin(z)) || FIXPOINT.lowerMayGoHome(w)) return;
    const slot = 2 * w + (PARENT1[w] === z ? 0 : 1);
    if (this.locked[slot]) return;
    this.locked[slot] = 1;
    this.pileOf[slot] = a;
    this.heightOf[slot] = h;
    this.heldCard[slot] = y;
    this.count++;
  }

  /** The placements as the solver's core reads them (src/core/search.ts): locked, pile, height, held card, 104 bytes each. */
  copyTo(out: Uint8Array): void {
    out.set(this.locked, 0);
    out.set(new Uint8Array(this.pileOf.buffer, this.pileOf.byteOffset, 104), 104);
    out.set(new Uint8Array(this.heightOf.buffer, this.heightOf.byteOffset, 104), 208);
    out.set(this.heldCard, 312);
  }
}
