/**
 * What the search for the shortest solution (best-first.ts) counts: the atomic moves a
 * solver move stands for (`moveCost`), and a lower bound on the atomic moves still needed to win
 * from the position (`lowerBound`), admissible, so that a search that cuts every position whose
 * moves so far plus the bound exceed a limit misses no solution within the limit.
 *
 * Atomic moves are those of the solution JSON: a draw, a redeal, a card moved (one or a run);
 * turning a face-down card up is not a move. A stock macro-move costs the draws (and the redeal)
 * that bring its card to the waste top, the fewest there are (the ones engine/moves.ts `stockCost` and
 * src/solver/search-driver.ts `expandPath` play), plus the play. With `redealCost` 0 the redeals are free: the count
 * of KSolve, whose solutions count draws and card moves but neither flips nor recycles.
 *
 * The bound adds moves no two of which can be one:
 * - each card not home needs its own move to a foundation (foundation moves take one card);
 * - each card still in the stock (past the waste) can leave only through the waste, and a draw
 *   turns at most `draw` of them: ⌈(n − w) / draw⌉ draws;
 * - a face-down card with a lower card of its own suit under it in its pile must leave the pile
 *   before that card can go home, by a move that is not to a foundation (it cannot go home
 *   first), and it is the top card when it leaves (it turns up only once uncovered), so no
 *   other such card leaves in the same move;
 * - a pile whose face-up run holds a card with a lower card of its suit under it in the pile
 *   needs a move off the pile that is not to a foundation, for the same reason (one, since the
 *   whole run can go at once); it moves face-up cards, so it is none of the moves above;
 * - the talon's order in this pass (`talonMoves`): a card that cannot go home from the waste
 *   before the next redeal (a waste card above a lower card of its suit in the waste, a stock
 *   card above one in the group of cards a draw of this pass turns with it, one of a pair of a
 *   suit whose lower card waits for a card of the suit drawn with or after the higher one) leaves
 *   the waste onto a pile, or stays to the redeal and is turned again after it, and with it
 *   every card under it then: those under it in its group or the waste, and those of earlier
 *   groups that wait for a lower card of their suit drawn with it or later (`staying`);
 * - with `fullBound`, pairs of cards that wait for each other (cycles.ts), each needing a move of
 *   its own of a kind above that none of the others is.
 * Moves to foundations, draws before the first redeal, draws after it (with the redeals), moves
 * off different piles and moves off the waste onto piles are different moves.
 */
import { STRIDE } from './shared/layout.ts';
import { REDEAL, S2F, S2T } from './shared/move-encoding.ts';
import { col, deck, down, len } from './position-arrays.ts';
import { drawN, passLimit } from './game-rules.ts';
import { deckM, shome, sn, spass, sw } from './search-position.ts';
import { note, pairs } from './cycles.ts';

/** A redeal's cost: 1 (atomic moves), or 0 (KSolve's count). */
let redealCost: i32 = 1;

/** What a redeal costs in the moves counted (1, or 0 for KSolve's count). */
export function setRedealCost(cost: i32): void {
  redealCost = cost;
}

/** The fewest draws from stock position w (of n cards) that leave w' = target (a position on the draw grid from w, or n). */
function drawsTo(w: i32, target: i32): i32 {
  return (target - w + drawN - 1) / drawN;
}

/** The moves counted for solver move m in the position: 1, or for a stock play its draws, its redeal and the play. */
export function moveCost(m: i32): i32 {
  const kind = m & 15;
  if (kind !== S2F && kind !== S2T) return kind === REDEAL ? redealCost : 1;
  const i = (m >> 18) & 63;
  if (i === sw - 1) return 1;
  // on this pass's draw grid (w + d − 1, w + 2d − 1, …, and the last card), else after a redeal
  if (i >= sw && ((i + 1 - sw) % drawN === 0 || i === sn - 1)) return drawsTo(sw, i + 1) + 1;
  return drawsTo(sw, sn) + redealCost + drawsTo(0, i + 1) + 1;
}

/**
 * The moves the talon's order forces in this pass (`talonMoves`): waste → pile moves, and the
 * redeal and the draws after it. Call a talon card "home from the waste this pass" when it goes
 * to its foundation from the waste before the next redeal. The others leave the waste onto a pile
 * before the redeal (a move of its own each), or are still in the talon at the redeal, and then
 * each is turned again by a draw after it (a draw turns at most `draw` cards), with the redeal
 * itself before. This pass draws the stock in fixed groups: [w, w + d), [w + d, w + 2d), … (a
 * play takes only the waste's top; the stock's cards stay as they are); call the waste group 0
 * and these 1, 2, … . Cards that cannot all be home from the waste this pass:
 * - blocked: a waste card above a lower card of its suit in the waste, or a stock card above a
 *   lower card of its suit in its group. The lower card lies under it from the start (or from
 *   their draw) while both are in the waste, and it goes home first: so it cannot.
 * - a pair X, Z of one suit, X lower and in an earlier group than Z, with a card U of the suit
 *   lower than X in Z's group or later (in the stock): not both. Were X home from the waste this
 *   pass, U would have left the talon before, so drawn before, and Z's group with it or before,
 *   when X was still in the waste: Z lay above X, and left before X; not home (X was not), so
 *   not both home. Pairs with no card in common and none blocked are each one more card.
 * With K such cards (M blocked in the waste, B blocked in groups, Q pairs): K moves, or with a
 * redeal left, some of them stay to it; then every card under one that stays stays too: the
 * waste's cards up to the highest blocked one that stays (the blocked ones that stay are the
 * lowest: one under another that stays cannot leave), and the cards of its group up to a blocked
 * group card. The most a card that stays saves is its waste → pile move, and a group's stayers or
 * a pair adds at most `draw` cards to turn again (one draw), so the least is with every group
 * and pair card staying and the k lowest blocked waste cards, over k: (M − k) + the redeal +
 * ⌈r / draw⌉, r at least the waste's cards up to the k-th plus each group's up to its highest
 * blocked one, and at least the k + B + Q cards themselves. At draw 1 that is always K.
 * These moves are waste → pile moves, redeals and draws after the redeal: no other term's.
 */
function talonMoves(): i32 {
  const redeal = spass < passLimit;
  // at draw 1 each waste card is a unit of cycles.ts (its own move off the waste, or its own draw)
  const units = drawN === 1;
  if (noting && units) noteWaste();
  // a talon seen before (the same cards in the deck, the same stock position, a redeal left or
  // not: in one search, the same deck order) has its term kept, with the waste cards it counts
  const key = sw | (redeal ? 0x100 : 0);
  const at = talonCacheAt + ((<usize>(((deckM ^ (<u64>key * GOLDEN)) * GOLDEN) >> 54)) << 5);
  if (load<u64>(at) === deckM && <i32>load<u16>(at, 8) === key + 1) {
    dead |= load<u64>(at, 16);
    return <i32>load<u16>(at, 10);
  }
  const d = drawN;
  // the waste cards counted (cycles.ts's units at draw 1)
  let counted: u64 = 0;
  // per suit and rank (16 a suit): the group of the talon's card there, or -1
  memory.fill(groupOfAt, 0xff, 64);
  // the lowest rank of each suit seen so far from the bottom of a group (the waste, then the stock's), 4 bits a suit
  let lows: i32 = 0xffff;
  let m = 0;
  let b = 0;
  // the stock's cards that stay when its blocked cards do: each group's up to its highest blocked
  // one (`off`: that one's place in its group, the group seen last)
  let groupStay = 0;
  let off = -1;
  let blocked: u64 = 0;
  // per group: its blocked cards' closure (deck indices from the group's start to its highest
  // blocked one), and the units whose (first) card lies in it; the groups holding a unit's card
  const groups = sn > sw ? (sn - sw - 1) / d + 1 : 0;
  memory.fill(closureAt, 0, (groups + 1) << 3);
  memory.fill(unitsAt, 0, groups + 1);
  let holding = 0;
  for (let i = 0; i < sn; i++) {
    const c = deck(i);
    const suit = c & 3;
    const shift = suit << 2;
    const r = (c >> 2) + 1;
    const bit = (<u64>1) << (<u64>c);
    let g = 0;
    if (i >= sw) {
      const k = i - sw;
      g = k / d + 1;
      if (k % d === 0) {
        lows = 0xffff;
        groupStay += off + 1;
        off = -1;
      }
    }
    store<i8>(groupOfAt + <usize>((suit << 4) | r), <i8>g);
    store<u8>(groupAt + <usize>i, <u8>g);
    if (((lows >> shift) & 15) < r) {
      blocked |= (<u64>1) << (<u64>i);
      if (i < sw) {
        store<u8>(wasteAt + <usize>m, <u8>i);
        m++;
        counted |= bit;
      } else {
        b++;
        off = (i - sw) % d;
        const ca = closureAt + ((<usize>g) << 3);
        // the group's cards from its start (deck index i − off) to this one
        const start = i - off;
        const upTo: u64 = ((<u64>2) << (<u64>i)) - 1;
        const below: u64 = ((<u64>1) << (<u64>start)) - 1;
        store<u64>(ca, upTo & ~below);
        store<u8>(unitsAt + <usize>g, load<u8>(unitsAt + <usize>g) + 1);
        holding |= 1 << g;
      }
    } else lows = (lows & ~(15 << shift)) | (r << shift);
  }
  groupStay += off + 1;
  // per suit and rank, the latest group of a card of the suit of a lower rank (-1: none)
  for (let suit = 0; suit < 4; suit++) {
    let e = -1;
    for (let t = 1; t <= 13; t++) {
      const at = groupOfAt + <usize>((suit << 4) | t);
      const g = <i32>load<i8>(at);
      store<i8>(at, <i8>e);
      e = max(e, g);
    }
  }
  // pairs: for X in the talon's order, the first Z it pairs with
  let q = 0;
  let used = blocked;
  for (let x = 0; x < sn; x++) {
    if (((used >> <u64>x) & 1) !== 0) continue;
    const c = deck(x);
    const suit = c & 3;
    const r = (c >> 2) + 1;
    const gx = <i32>load<u8>(groupAt + <usize>x);
    // the latest group of a card of the suit lower than X
    const e = <i32>load<i8>(groupOfAt + <usize>((suit << 4) | r));
    if (e <= gx) continue;
    for (let z = x + 1; z < sn; z++) {
      const gz = <i32>load<u8>(groupAt + <usize>z);
      if (gz > e) break;
      const cz = deck(z);
      if (gz === gx || (cz & 3) !== suit || cz >> 2 < r || ((used >> <u64>z) & 1) !== 0) continue;
      used |= ((<u64>1) << (<u64>x)) | ((<u64>1) << (<u64>z));
      q++;
      store<u8>(unitsAt + <usize>gx, load<u8>(unitsAt + <usize>gx) + 1);
      holding |= (1 << gx) | (1 << gz);
      if (x < sw) counted |= (<u64>1) << (<u64>c);
      break;
    }
  }
  const all = m + b + q;
  let moves = all;
  // the blocked waste cards' term alone, for the tests (`talonHere`)
  wasteOnly = m;
  if (redeal && all > 0) {
    for (let k = 0; k <= m; k++) {
      if (k === 0 && b + q === 0) continue;
      const waste = k > 0 ? <i32>load<u8>(wasteAt + <usize>(k - 1)) + 1 : 0;
      const r = max(waste + groupStay, k + b + q);
      moves = min(moves, m - k + redealCost + drawsTo(0, r));
      if (k > 0) wasteOnly = min(wasteOnly, m - k + redealCost + drawsTo(0, waste));
    }
  }
  // the term without the cards under those that stay, for the tests (`talonHere`)
  plain = moves;
  if (redeal && b + q > 0 && d > 1) moves = max(moves, staying(m, b + q, groups, holding));
  store<u64>(at, deckM);
  store<u16>(at, <u16>(key + 1), 8);
  store<u16>(at, <u16>moves, 10);
  store<u64>(at, counted, 16);
  dead |= counted;
  return moves;
}
/** 2^64 divided by the golden ratio (odd): spreads numbers over a 64-bit key's bits (here the talons over the kept terms' places; best-first.ts the restrictions). */
export const GOLDEN: u64 = ((<u64>0x9e3779b9) << 32) | <u64>0x7f4a7c15;
/** `talonMoves`'s terms kept, 1,024 of 32 bytes: the deck's cards, the key plus one (0: none), the term, the waste cards it counts. */
const talonCacheAt: usize = memory.data(1024 * 32, 16);
/** Forgets the talon terms kept (a new search, or a redeal's cost set anew). */
function forgetTalons(): void {
  memory.fill(talonCacheAt, 0, 1024 * 32);
}

/** Notes the waste's cards in cycles.ts's graph (at draw 1, with `fullBound`): each with the lowest rank of each suit under it. */
function noteWaste(): void {
  let lows: i32 = 0xffff;
  for (let i = 0; i < sw; i++) {
    const c = deck(i);
    const shift = (c & 3) << 2;
    const r = (c >> 2) + 1;
    const bit = (<u64>1) << (<u64>c);
    note(c, lows, bit);
    graph |= bit;
    if (((lows >> shift) & 15) >= r) lows = (lows & ~(15 << shift)) | (r << shift);
  }
}
let wasteOnly: i32 = 0;
let plain: i32 = 0;

/**
 * `talonMoves` again, counting the cards under a card that stays (draw 2 or more; at draw 1 a card
 * that stays costs a draw, as much as its move onto a pile). A talon card X that waits for a card
 * of its suit lower than it in group e (the latest such) or later, X in an earlier group, cannot
 * go home before e is drawn; if a card from group g ≤ e stays to the redeal, X is under it then
 * (unless it left onto a pile before), so X stays too or leaves onto a pile: call W(g) the cards
 * from groups before g that wait for group g or later. Say the cards that stay reach group g at
 * the most (g of a unit's card): then W(g) stays or leaves onto piles, with the waste's cards up
 * to the k-th blocked one and each group's up to its highest blocked one if those stay; each
 * costs a move, or 1/draw of a draw after the redeal: (K − k − j) + the redeal + ⌈r / draw⌉, r at
 * least the union of those cards and at least k + j, for the j units in groups up to g staying
 * (one more that stays saves its move and adds at most `draw` cards, a draw). The least over g
 * and k (and K: none stays) is the term.
 */
function staying(m: i32, units: i32, groups: i32, holding: i32): i32 {
  const all = m + units;
  // W(g) for each group g, deck indices
  memory.fill(waitsAt, 0, (groups + 1) << 3);
  for (let x = 0; x < sn; x++) {
    const c = deck(x);
    const gx = <i32>load<u8>(groupAt + <usize>x);
    const e = <i32>load<i8>(groupOfAt + <usize>(((c & 3) << 4) | ((c >> 2) + 1)));
    const bit = (<u64>1) << (<u64>x);
    for (let g = gx + 1; g <= e; g++) {
      const wa = waitsAt + ((<usize>g) << 3);
      store<u64>(wa, load<u64>(wa) | bit);
    }
  }
  let least = all;
  let closure: u64 = 0;
  let j = 0;
  // g = 0: only waste cards stay (the blocked ones, and pairs' first cards), W(0) empty
  for (let g = 0; g <= groups; g++) {
    closure |= load<u64>(closureAt + ((<usize>g) << 3));
    j += <i32>load<u8>(unitsAt + <usize>g);
    if (g > 0 && ((holding >> g) & 1) === 0) continue;
    const cards = closure | load<u64>(waitsAt + ((<usize>g) << 3));
    for (let k = 0; k <= m; k++) {
      if (k + j === 0) continue;
      const waste: u64 = k > 0 ? ((<u64>2) << (<u64>load<u8>(wasteAt + <usize>(k - 1)))) - 1 : 0;
      const r = max(<i32>popcnt(cards | waste), k + j);
      least = min(least, all - k - j + redealCost + drawsTo(0, r));
    }
  }
  return least;
}
/** Scratch for `staying`: per group its blocked cards' closure and W(g) (64 bits each), and its units. */
const closureAt: usize = memory.data(32 * 8, 16);
const waitsAt: usize = memory.data(32 * 8, 16);
const unitsAt: usize = memory.data(32, 16);
/** Scratch for `talonMoves`: per suit and rank the group of the talon's card (then of its lower ones), per deck index its group, the blocked waste cards' indices. */
const groupOfAt: usize = memory.data(64, 16);
const groupAt: usize = memory.data(64, 16);
const wasteAt: usize = memory.data(64, 16);
/** The cards of cycles.ts's graph (those with a card under them in a pile, and at draw 1 the waste's), and the units the other terms count. */
let graph: u64 = 0;
let dead: u64 = 0;

/** An admissible lower bound on the moves still needed to win from the position (module comment). */
export function lowerBound(): i32 {
  graph = 0;
  dead = 0;
  let bound = 52 - shome + (sn > sw ? drawsTo(sw, sn) : 0) + talonMoves();
  for (let a = 0; a < 7; a++) {
    const l = len(a);
    if (l < 2) continue;
    const d = down(a);
    const base = a * STRIDE;
    let run: u64 = 0;
    if (noting) for (let k = d; k < l; k++) run |= (<u64>1) << (<u64>col(base + k));
    // the lowest rank of each suit seen so far from the bottom of the pile, 4 bits a suit; the
    // face-down cards' share worked out once a search (`setupBound`), unless noting
    let lows: i32 = 0xffff;
    let k = 0;
    if (!noting && d <= load<u8>(setupDownAt + <usize>a)) {
      const at = prefixAt + ((<usize>(a * 32 + d)) << 3);
      bound += load<i32>(at);
      lows = load<i32>(at, 4);
      k = d;
    }
    let runBlocked = false;
    for (; k < l; k++) {
      const c = col(base + k);
      const suit = c & 3;
      const r = (c >> 2) + 1;
      const low = (lows >> (suit << 2)) & 15;
      const bit = (<u64>1) << (<u64>c);
      if (noting && k > 0) {
        note(c, lows, k < d ? bit : run);
        graph |= bit;
      }
      if (low < r) {
        if (k < d) {
          bound++;
          dead |= bit;
        } else runBlocked = true;
      } else lows = (lows & ~(15 << (suit << 2))) | (r << (suit << 2));
    }
    if (runBlocked) {
      bound++;
      dead |= run;
    }
  }
  return bound;
}

/** `lowerBound` and, beyond it, cycles.ts's pairs of cards that wait for each other: costlier, for the positions searched. */
export function fullBound(): i32 {
  noting = true;
  const bound = lowerBound();
  noting = false;
  return bound + pairs(graph, dead);
}
/** `lowerBound` notes the cards of cycles.ts's graph (`fullBound`). */
let noting = false;

/**
 * Per pile, its face-down cards at the start of a search (they never move: a pile's face-down
 * cards are always the first of those, as many as are still down), and for each number p of them
 * the face-down cards among the first p above a lower card of their suit, and the lowest rank of
 * each suit among them: `lowerBound` starts each pile from there.
 */
const setupDownAt: usize = memory.data(8, 16);
const prefixAt: usize = memory.data(7 * 32 * 8, 16);

/** Works out the piles' face-down shares (`prefixAt`) for a search from the position. */
export function setupBound(): void {
  for (let a = 0; a < 7; a++) {
    const d = down(a);
    store<u8>(setupDownAt + <usize>a, <u8>d);
    let lows: i32 = 0xffff;
    let count = 0;
    for (let p = 0; ; p++) {
      const at = prefixAt + ((<usize>(a * 32 + p)) << 3);
      store<i32>(at, count);
      store<i32>(at, lows, 4);
      if (p === d) break;
      const c = col(a * STRIDE + p);
      const shift = (c & 3) << 2;
      const r = (c >> 2) + 1;
      if (((lows >> shift) & 15) < r) count++;
      else lows = (lows & ~(15 << shift)) | (r << shift);
    }
  }
  forgetTalons();
}

/** The bound of the position, with a redeal costing `cost` (for the tests). */
export function lowerBoundHere(cost: i32): i32 {
  setRedealCost(cost);
  setupBound();
  return fullBound();
}

/** `lowerBound` as a search gets it (each pile from its face-down share, the talon's term kept) beside the same worked out card by card, for the tests: the bound when they agree, else -1. */
export function quickBoundHere(cost: i32): i32 {
  setRedealCost(cost);
  setupBound();
  noting = true;
  const slow = lowerBound();
  noting = false;
  forgetTalons();
  const fast = lowerBound();
  const kept = lowerBound();
  return fast === slow && kept === slow ? slow : -1;
}

/**
 * `talonMoves` at the position (low byte), and beside it the part the blocked waste cards alone
 * give (the next byte) and the term without `staying` (the third), with a redeal costing `cost`
 * (for the tests).
 */
export function talonHere(cost: i32): i32 {
  setRedealCost(cost);
  forgetTalons();
  const moves = talonMoves();
  return moves | (wasteOnly << 8) | (plain << 16);
}
