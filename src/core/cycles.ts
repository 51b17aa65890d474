/**
 * Pairs of cards that wait for each other (bound.ts, the search for the fewest moves): moves the
 * bound can add beyond its other terms.
 *
 * Say card X leaves its place only straight to its foundation, and Y lies under X (in a pile, or
 * in the waste at draw 1): then X goes home before Y leaves, so before Y goes home. A card goes
 * home after every lower card of its suit. So when X lies above a lower card of Z's suit than Z,
 * and Z above a lower card of X's suit than X, X and Z cannot both leave straight home: X home
 * before that card under it, which goes home before Z, which goes home before the card under Z,
 * which goes home before X. One of them leaves its place another way: a face-down card, or a
 * waste card, by a move of its own off its place that is not to a foundation (or, for a waste
 * card at draw 1, a redeal and a draw that turns it again); a face-up card of a pile, by such a
 * move off that pile (one for the whole run, which can go at once). Those are the units: each
 * face-down card, each waste card, each pile's face-up run. Pairs with no unit in common need
 * different moves, and so do the units bound.ts counts already (a card above a lower card of its
 * own suit is a pair with itself), so a set of such pairs with no unit shared by two, or with
 * those, adds one move each. `pairs` finds one such set, greedily.
 */
import { SUIT_LANE } from './search-position.ts';

/** Per card of the graph: the lowest rank of each suit under it (4 bits a suit, 15: none), and its unit (a set of cards). */
const underAt: usize = memory.data(64 * 4, 16);
const unitAt: usize = memory.data(64 * 8, 16);
/** Per suit s and rank t (16 a suit): the cards with a card of suit s below rank t under them (built by `pairs`). */
const lowestAt: usize = memory.data(4 * 16 * 8, 16);

/** Card c of the graph: the lowest ranks under it (`under`), and its unit. */
export function note(c: i32, under: i32, unit: u64): void {
  store<i32>(underAt + ((<usize>c) << 2), under);
  store<u64>(unitAt + ((<usize>c) << 3), unit);
}

const ALL_BITS: u64 = ~(<u64>0);
/** The cards of suit s above rank t (none for t ≥ 13): card c is (rank − 1) · 4 + suit. */
function above(s: i32, t: i32): u64 {
  return t >= 13 ? 0 : (SUIT_LANE << (s as u64)) & (ALL_BITS << ((t << 2) as u64));
}

/**
 * How many pairs of cards in `graph` (noted, `note`) wait for each other with no unit shared by
 * two pairs, none in `dead` (the units counted already): found greedily, a lower bound on the
 * moves they force.
 */
export function pairs(graph: u64, dead: u64): i32 {
  let alive = graph & ~dead;
  // per suit, the cards whose lowest card of the suit under them is of rank t, then (running
  // over t) below rank t: the cards waiting for a card of the suit of rank t
  for (let k = 0; k < 64; k++) store<u64>(lowestAt + ((<usize>k) << 3), 0);
  if (popcnt(alive) < 2) return 0;
  for (let g = alive; g !== 0; g &= g - 1) {
    const z = <i32>ctz(g);
    const under = load<i32>(underAt + ((<usize>z) << 2));
    const bit = (<u64>1) << (<u64>z);
    for (let s = 0; s < 4; s++) {
      const t = (under >> (s << 2)) & 15;
      if (t < 13) {
        const at = lowestAt + ((<usize>((s << 4) | (t + 1))) << 3);
        store<u64>(at, load<u64>(at) | bit);
      }
    }
  }
  for (let s = 0; s < 4; s++) {
    let acc: u64 = 0;
    for (let t = 0; t < 14; t++) {
      const at = lowestAt + ((<usize>((s << 4) | t)) << 3);
      acc |= load<u64>(at);
      store<u64>(at, acc);
    }
  }
  let count = 0;
  for (let g = alive; g !== 0; g &= g - 1) {
    const x = <i32>ctz(g);
    if (((alive >> <u64>x) & 1) === 0) continue;
    const under = load<i32>(underAt + ((<usize>x) << 2));
    // the cards X waits for (a card of their suit lower than them lies under X), and those
    // waiting for X (a card of X's suit lower than X under them)
    const out = above(0, under & 15) | above(1, (under >> 4) & 15) | above(2, (under >> 8) & 15) | above(3, under >> 12);
    const into = load<u64>(lowestAt + ((<usize>(((x & 3) << 4) | ((x >> 2) + 1))) << 3));
    const unit = load<u64>(unitAt + ((<usize>x) << 3));
    const both = out & into & alive & ~unit;
    if (both === 0) continue;
    count++;
    alive &= ~(unit | load<u64>(unitAt + ((<usize>ctz(both)) << 3)));
  }
  return count;
}
