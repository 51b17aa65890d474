/**
 * The pruning rules the search asks at each position (search.ts), each with the argument for its
 * exactness, in the terms of src/solver/pruning.ts (which holds the rest, and says what "exact"
 * means): the safe moves home, the restrictions a move puts on the next one, the stock positions
 * a closed position covers, and the locking placements found once a search. They read the
 * position of search-position.ts.
 */

import { STRIDE } from './shared/layout.ts';
import { isRed, makeCard, parent1, rankOf } from './shared/card-relations.ts';
import { F2T, S2T, T2T } from './shared/move-encoding.ts';
import { EMPTIED, FREE, PLACED, UNCOVERED } from './shared/modes.ts';
import { col, deck, down, found, len, top } from './position-arrays.ts';
import { drawN, onGrid, returnsAllowed, unlimited } from './game-rules.ts';
import { wk } from './zobrist-key.ts';
import { sn, sw } from './search-position.ts';

// ---- Safe foundation moves (safeFoundation) ----

/**
 * Card c may go home now, without branching: it is the next card of its suit, and it is safe
 * there. Always for Aces and twos (nothing lands on an Ace; only an Ace, which can always go
 * home instead, lands on a two). For rank r, when both foundations of the other colour hold r−1:
 * the cards that could land on c are home, so nothing in the tableau can ever need c as a base;
 * with foundation returns allowed, also the other suit of c's colour holds r−2, so that a card
 * returned onto c could hold nothing but other returned cards (every card that could rest on it,
 * at any depth, is home). A line that keeps c on the tableau is then matched by one that sends
 * it home first and keeps the returned cards home: same moves otherwise, never fewer cards home.
 */
export function safeHome(c: i32): bool {
  const r = rankOf(c);
  if (found(c & 3) !== r - 1) return false;
  if (r <= 2) return true;
  // the other colour's suits: clubs and spades for a red card, diamonds and hearts for a black one
  const cRed = isRed(c);
  if (found(cRed ? 0 : 1) < r - 1 || found(cRed ? 3 : 2) < r - 1) return false;
  // the other suit of c's colour (c's twin's)
  return !returnsAllowed || found((c ^ 3) & 3) >= r - 2;
}

/** The safe suits of each set of foundation heights, plus one (0: not worked out yet); without returns, then with. */
const safeAt: usize = memory.data(2 << 16, 16);

/**
 * The suits whose next card may go home safely (`safeHome`), as bits (1 << suit): a function of
 * the four foundation heights and whether returns are allowed, kept in a table the first time a
 * set of heights is asked for (4 bits a height: 2^16 entries a rule).
 */
export function safeSuits(): i32 {
  const key = found(0) | (found(1) << 4) | (found(2) << 8) | (found(3) << 12);
  const at = safeAt + (returnsAllowed ? 1 << 16 : 0) + <usize>key;
  const kept = <i32>load<u8>(at);
  if (kept !== 0) return kept - 1;
  let bits = 0;
  for (let suit = 0; suit < 4; suit++) if (found(suit) < 13 && inline.always(safeHome(makeCard(found(suit) + 1, suit)))) bits |= 1 << suit;
  store<u8>(at, <u8>(bits + 1));
  return bits;
}

/**
 * Draw 1 with unlimited passes: every stock card can always be made the waste top, and taking
 * one out changes nothing for the others (so stock cards may go home safely too, and stock plays
 * commute with one another).
 */
export function stockAlwaysReachable(): bool {
  return drawN === 1 && unlimited;
}

/**
 * A larger draw with unlimited passes: the stock's last card c = deck[n − 1] may go home safely
 * (`safeHome`). The last card can always be made the waste top (draw to the end), and taking it
 * out moves no other card: from every stock position each other card is as reachable as before,
 * and the card before it, now the last, is always reachable. So:
 * - on the draw grid (`onDrawGrid`), c goes home without branching (search.ts, a safe move): the
 *   position after it is on the grid again, and positions on the grid reach one another by draws
 *   and redeals alone, so every line from the position before can be followed from it, with c
 *   home instead of wherever the line put it (`safeHome`'s argument);
 * - off the grid, a stock play that needs a redeal passes the end of the stock first, and could
 *   send c home on the way (draw to the end, c home, redeal, the same card at the same index): such
 *   plays are not generated while c waits (generate.ts), unless the next move must build on a
 *   given card (it could not be c's).
 * The same holds for the most cards home: c home only adds one. lonelybot prunes the plays after a
 * redeal the same way.
 */
export function safeLastStockCard(): bool {
  return sn > 0 && drawN > 1 && unlimited && inline.always(safeHome(deck(sn - 1)));
}

/** The stock position is on the draw grid: w a multiple of the draw, or the whole stock turned. */
export function onDrawGrid(): bool {
  return sw === sn || onGrid(sw);
}

// ---- Stock dominance (stockDominance) ----

/**
 * The stock positions (as `wk` numbers them: 0 the draw grid, else w) that the position's own
 * reaches by draws alone, as bits, other than its own: from w off the grid, w + d, w + 2d, … below
 * the stock's end, and the grid (the end, then a redeal); from the grid, no other. Unlimited
 * passes, draw > 1. A layout searched to the end without a win from stock position w is marked
 * searched from these too. Exact: from the layout at a position v that w reaches by draws, every
 * move has one from w that leads to a position at least as good: a stock play takes the same card
 * to the same place and leaves the same stock (the card's index, reached from w by the same draws
 * as from v, and more); any other move leaves the stock alone, and the position after it at w
 * again reaches the one at v by those draws. So whatever line wins from v is followed from w, move
 * for move, and a layout lost from w is lost from v. Draws move no card, and the foundations are
 * the same at every step, so the same holds for the most cards home.
 */
export function drawReach(): i32 {
  const w = sw;
  if (inline.always(wk(w, sn)) === 0) return 0;
  let bits = 1;
  for (let v = w + drawN; v < sn; v += drawN) bits |= 1 << v;
  return bits;
}

// ---- Empty piles and restrictions on the next move (delayStock, delayPartial, emptyForKing) ----

/**
 * True when moving `count` cards off pile a empties it (its whole run, nothing under it): with
 * emptyForKing the next move must then put a King there (`EMPTIED`). Exact: an empty pile is of
 * use only to a King; a line that empties a pile and fills it later can empty it just before the
 * King comes (the run it moved can wait where it was: its top takes what it would have taken),
 * and a line that never fills it can leave it (and make the run's later moves from there).
 */
export function emptiesPile(a: i32, count: i32): bool {
  return count === len(a) && down(a) === 0;
}

/**
 * The restriction that move m (the solver's, not yet made) puts on the next move, given the
 * switches.
 * - delayStock, after a stock card goes onto a pile: the next move builds on it, or plays from
 *   the stock, or empties a pile (for a King). Exact: any other move touches neither the stock
 *   nor the card, so it could have been made before the card was placed, from the same stock
 *   position; the rewritten line reaches the same positions. With draw 1 and unlimited passes
 *   (`stockAlwaysReachable`) even the next stock play must build on it, stock plays commuting.
 * - delayPartial, after a partial run uncovers x: the next move sends x home or builds on x;
 *   any other move could have been made before (the same reordering argument).
 * - emptyForKing: see `emptiesPile`.
 */
export function restrictionAfter(m: i32, delayStock: bool, delayPartial: bool, emptyForKing: bool): i32 {
  const kind = m & 15;
  if (kind === S2T) return delayStock ? PLACED : FREE;
  if (kind !== T2T) return FREE;
  const from = (m >> 4) & 15;
  const count = (m >> 12) & 63;
  if (delayPartial && count < len(from) - down(from)) return UNCOVERED;
  if (emptyForKing && emptiesPile(from, count)) return EMPTIED;
  return FREE;
}

/**
 * After PLACED: the placed card (rCard, on pile rCol) went straight home with the safe moves.
 * The position is then the one that playing it from the stock to its foundation reaches, from
 * the same stock position (the card was ready for home and safe when placed: the placement
 * changed no foundation, and the other safe moves had been played). The search tries that move
 * here, or, where a restriction forbids stock plays here, before the move that restricted this
 * one (the reordering above); so this line is cut.
 *
 * Not when a card of the stock or waste went home among the safe moves (search.ts `deckPlayed`):
 * the search then lifts the restriction instead (search.ts, best-first.ts). Those safe moves reach
 * only some of the deck's cards, and taking the placed card out of the deck can bring another
 * within reach: the stock's last card (`safeLastStockCard`: the stock becomes that card's or goes
 * onto the draw grid), or, in the search for the fewest moves at draw 1, the waste's top (the card
 * the placed one covered in the waste) or the stock's next card (the one after the placed card).
 * That card goes home, a foundation changes, and the placed card may go home only after it: a
 * black 6 from the stock, then the 7 in the tableau, then the 8 just placed; or the 8 of hearts
 * placed from the waste onto a black 9, which uncovers the 7 of hearts, home as the waste's top,
 * and the 8 follows from the pile, where no line sends the 8 home before the 7 and the 7 cannot
 * leave the waste before the 8 (cutting this line made Solvitaire 25 at draw 1 100 moves by
 * KSolve's count where 99 win). The reordering of `restrictionAfter` fails there too: a move after
 * the placement may need the card that went home. No other safe move can follow a placement: it
 * changes no foundation and uncovers no card of a pile, so a tableau card (or, with every stock
 * card reachable, search.ts `stockToo`, a deck card) safe after it was safe and within reach
 * before, and had gone home. So at every PLACED left, the argument above holds.
 */
export function placedCardLeft(rCol: i32, rCard: i32): bool {
  return len(rCol) === 0 || top(rCol) !== rCard;
}

// ---- Locking moves (the lockingMoves strategy; exact for the verdict only) ----

/** The locking placements of pruning.ts `LockingMoves` (which finds them and argues them): 104 slots each of locked, pile, height, held card. */
const locksAt: usize = memory.data(4 * 104, 16);
export function locksPtr(): usize {
  return locksAt;
}

/** The cards that some locking placement puts (bit c: card c), worked out from the placements (`lockedCards`). */
let lockingCards: u64 = 0;
/** Notes which cards the locking placements written at `locksPtr` put, after they were written. */
export function lockedCards(): void {
  let cards: u64 = 0;
  for (let c = 0; c < 52; c++)
    if ((load<u8>(locksAt + <usize>(2 * c)) | load<u8>(locksAt + <usize>(2 * c + 1))) !== 0) cards |= (<u64>1) << (<u64>c);
  lockingCards = cards;
}

/** True when move m (not yet made) puts a card directly on a place that locks the deal: a locking placement whose held card still waits in its place (the same card at the same height, face down or the foot). */
export function locks(m: i32): bool {
  const kind = m & 15;
  let c: i32;
  if (kind === T2T) {
    const a = (m >> 4) & 15;
    c = col(a * STRIDE + len(a) - ((m >> 12) & 63));
  } else if (kind === S2T) c = deck((m >> 18) & 63);
  else if (kind === F2T) c = makeCard(found((m >> 4) & 15), (m >> 4) & 15);
  else return false;
  if (((lockingCards >> <u64>c) & 1) === 0) return false;
  const b = (m >> 8) & 15;
  if (len(b) === 0) return false;
  const slot = 2 * c + (parent1(c) === top(b) ? 0 : 1);
  if (load<u8>(locksAt + <usize>slot) === 0) return false;
  const a = <i32>load<u8>(locksAt + 104 + <usize>slot);
  const h = <i32>load<u8>(locksAt + 208 + <usize>slot);
  return len(a) > h && down(a) >= h && col(a * STRIDE + h) === <i32>load<u8>(locksAt + 312 + <usize>slot);
}

// ---- for the tests: the rules on the position loaded ----

export function safeSuitsHere(): i32 {
  return inline.always(safeSuits());
}
export function safeHomeOf(c: i32): bool {
  return inline.always(safeHome(c));
}
export function safeLastStockCardHere(): bool {
  return safeLastStockCard();
}
export function onDrawGridHere(): bool {
  return onDrawGrid();
}
export function locksOf(m: i32): bool {
  lockedCards();
  return locks(m);
}
