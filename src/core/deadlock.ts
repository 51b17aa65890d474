/**
 * Deadlocked positions (the deadPositions strategy; exact for the verdict only): the test of
 * src/solver/pruning.ts `deadlockedCard` carried to every position a search enters, with every
 * card of the tableau held in its place, the face-up ones too.
 *
 * A card's place is what it lies on in the position: the card under it, or the pile's bottom. A
 * card leaves its place only
 * - face down: once it is the pile's top (the card on it has left), onto a parent (a card one
 *   rank higher, other colour) that is a pile top, home, or, a King, into an empty pile;
 * - face up (the foot of the run or a card on another face-up card): as the bottom card of a run
 *   moved onto a parent that is a top, or into an empty pile (a King), or home when it is the top.
 *   A face-up card c on x can move only onto x's twin (c's other parent), since x lies under it.
 * A card is a pile top some time only when the card on it has left its place (moving a run that
 * holds both leaves one on the other). A stock or waste card leaves the deck as the waste top
 * (the stock's order, as in `deadlockedCard`: the cards on the draw grid of the current pass and
 * the last card, the cards that cards gone from before them put on the grid in a later pass, and
 * a card whose next card has gone), onto a parent that is a top, home or, a King, into an empty
 * pile; a foundation card comes down (with returns), once the card above it on its foundation
 * has, onto a parent that is a top, or, a King, into an empty pile; a pile is empty some time only
 * when the card at its bottom has left.
 *
 * The test marks, as a least fixed point from the pile tops, the cards that might leave their
 * places, might be pile tops and might leave the deck, each mark resting only on others (every
 * card may go on a parent that might be a top; every lower card of its suit might go home). The
 * position is lost when some card of the tableau might never be a top, or some card of the deck
 * never leave it: that card never goes home. Exact: in any line of play from the position, the
 * cards leave their places (and the deck) one after another, and each, when it does, meets its
 * condition with cards that left before it (a top then was a top already, or came there from the
 * deck or a foundation onto a parent that was a top before, or into a pile emptied before; a card
 * home went home as a top or from the waste, after the lower cards of its suit); by induction
 * every card that leaves is marked, and every card that goes home was a top (or left the deck)
 * first. So when a mark is missing, no line sends every card home.
 *
 * Unlike the test at the start (tableau cards leaving only stop being held), a position the
 * search reaches can be lost where its start was not: a card put on a parent that it can leave
 * only for its twin, which waits under the card that needs the parent; the locking moves
 * (rules.ts) are one pattern of this, found once a search. The search tests each position it
 * enters after a move that put a card on a pile (search.ts), after its safe moves: a lost one is
 * stored in the table and not expanded. How far the marks go only decides what is cut, never a
 * verdict, so the test may stop early when it is sure to find nothing (`deadlocked`'s goal).
 */
import {
  col,
  deckIndex,
  deckM,
  down,
  downM,
  drawN,
  emptyP,
  feetM,
  found,
  homeM,
  nextM,
  onGrid,
  passLimit,
  pileOf,
  returnsAllowed,
  sn,
  spass,
  sw,
  topsM,
} from './state.ts';
import { STRIDE } from './shared/layout.ts';
import { KINGS, childrenOf } from './gen-state.ts';
import { PARENT1, RANK, at } from './cards.ts';

/** All 52 cards; the four Aces. */
const ALL: u64 = ((<u64>1) << 52) - 1;
const ACES: u64 = 15;
/** Per pile, its face-down cards not marked yet (they are marked from the top down), a byte a pile. */
const hiddenAt: usize = memory.data(8, 16);

function bit(c: i32): u64 {
  return (<u64>1) << (<u64>c);
}

/**
 * The card under tableau card c (52: the pile's bottom), c newly marked: a face-down card is the
 * highest of its pile's face-down cards not marked before it; the foot lies on the pile's top
 * face-down card; another face-up card on its parent that is face up in the same pile (`up`).
 */
function underOf(c: i32, up: u64): i32 {
  const a = pileOf(c);
  if (((downM >> <u64>c) & 1) !== 0) {
    const h = <i32>load<u8>(hiddenAt + <usize>a) - 1;
    store<u8>(hiddenAt + <usize>a, <u8>h);
    return h === 0 ? 52 : col(a * STRIDE + h - 1);
  }
  if (((feetM >> <u64>c) & 1) !== 0) {
    const d = down(a);
    return d === 0 ? 52 : col(a * STRIDE + d - 1);
  }
  const p = at(PARENT1, c);
  const q = p ^ 3;
  if (((up >> <u64>q) & 1) === 0) return p;
  if (((up >> <u64>p) & 1) === 0) return q;
  return pileOf(p) === a ? p : q;
}

/**
 * The deck card at index i might be the waste top some time (pruning.ts `Fixpoint.reachable`):
 * the last card, the waste top, a card on the draw grid of this pass, a card whose next card
 * might leave the deck, or, with a redeal left, one that the cards before it that might leave the
 * deck (`gone`, by index) put on the grid of a later pass.
 */
function reachable(i: i32, gone: u64, redealLeft: bool): bool {
  const w = sw;
  if (i === sn - 1 || i === w - 1 || (i >= w && onGrid(i + 1 - w))) return true;
  if (((gone >> <u64>(i + 1)) & 1) !== 0) return true;
  if (!redealLeft) return false;
  return <i32>load<u8>(remAt + <usize>(i + 1)) <= <i32>popcnt(gone & (bit(i) - 1));
}
/** (i + 1) mod the draw, for deck index i (the draw `remDraw`), a byte each: no division in the test. */
const remAt: usize = memory.data(64, 16);
let remDraw: i32 = 0;
function setRemainders(): void {
  if (remDraw === drawN) return;
  remDraw = drawN;
  for (let i = 0; i < 64; i++) store<u8>(remAt + <usize>i, <u8>(i % drawN));
}

/**
 * The cards that might go home, given those that might be tops (`mt`) or leave the deck (`gone`):
 * per suit, the ranks from the Ace up while each is home, might be a top or might leave the deck.
 * Each step ands a card's bit with the one k ranks below it (k = 1, 2, 4, 8: 4k bits lower; the
 * ranks up to k count as set), so that rank r ends up the and of ranks 1 to r.
 */
function homeable(mt: u64, gone: u64): u64 {
  let x = homeM | (mt & ~deckM) | (deckM & gone);
  x &= (x << 4) | 0xf;
  x &= (x << 8) | 0xff;
  x &= (x << 16) | 0xffff;
  return x & ((x << 32) | 0xffffffff);
}

/** The Kings of the tableau that might go into an empty pile other than their own (`ep`: the piles that might be empty). */
function kingsToEmpty(ep: i32, tableau: u64): u64 {
  if (ep === 0) return 0;
  if (popcnt(ep) > 1) return KINGS;
  let out = KINGS;
  for (let k = KINGS & tableau; k !== 0; k &= k - 1) if (pileOf(<i32>ctz(k)) === ctz(ep)) out &= ~bit(<i32>ctz(k));
  return out;
}

/**
 * Card z, covered by the last move, is a top again, or the card c on it can leave it next: z's
 * twin (c's other parent) is a top, c is a top that may go home, or z's twin may come onto one of
 * its parents that is a top, from the waste (at once, or on the grid after a redeal) or down from
 * its foundation. Then the test's marks reach z (below), and it stops there.
 */
function uncoveredSoon(z: i32): bool {
  if (((topsM >> <u64>z) & 1) !== 0) return true;
  const t = z ^ 3;
  const tb = bit(t);
  if ((topsM & tb) !== 0) return true;
  // c: the card on z (z lies in a face-up run, one rank a card from its foot)
  const a = pileOf(z);
  const d = down(a);
  const c = col(a * STRIDE + d + at(RANK, col(a * STRIDE + d)) - at(RANK, z) + 1);
  if (((topsM >> <u64>c) & 1) !== 0 && found(c & 3) === at(RANK, c) - 1) return true;
  const p = at(PARENT1, z);
  if ((topsM & (bit(p) | bit(p ^ 3))) === 0) return false;
  if ((deckM & tb) !== 0) {
    const i = deckIndex(t);
    const w = sw;
    return i === sn - 1 || i === w - 1 || (i >= w && onGrid(i + 1 - w)) || (spass < passLimit && onGrid(i + 1));
  }
  return returnsAllowed && found(t & 3) === at(RANK, t);
}

/**
 * The position of state.ts is deadlocked: lost, by the fixed point above. `goal`: the card the
 * last move covered, or 52. The position before that move was not deadlocked (the search tests
 * it too); covering z changed it only around z (z a top only once the card on it has left, and
 * that card held by its new place), so when z might be a top again the marks reach everything
 * they did before, and the test stops: the marks it would add cannot make a lost position of it.
 * (At a larger draw a stock play also moves the cards after it in the deck; the test may then
 * miss a lost position, never call one lost that is not.)
 */
export function deadlocked(goal: i32, kind: i32): bool {
  if (goal < 52 && uncoveredSoon(goal)) return false;
  if (kind < 0) return saturate(goal);
  const cat = kind * 5 + category(goal);
  if (!worthTesting(cat)) return false;
  const dead = saturate(goal);
  const at = statsAt + ((<usize>cat) << 2);
  store<i32>(at, load<i32>(at) + 1);
  if (dead) store<i32>(at, load<i32>(at, 80) + 1, 80);
  return dead;
}

// ---- which positions are worth the test ----
/**
 * Per kind of move (a stock card placed, a run moved, a partial run sent home, a foundation card
 * brought down) and where the covered card's twin lies (face down, in the deck, home, face up,
 * or none: a King into an empty pile), the tests made in this search, the positions they found
 * deadlocked, and the positions not tested: 20 words each (search.ts keeps them with the search
 * they belong to, while another search uses the core).
 */
const statsAt: usize = memory.data(60 * 4, 16);
export function deadStatsPtr(): usize {
  return statsAt;
}
function category(goal: i32): i32 {
  if (goal === 52) return 4;
  const tb = bit(goal ^ 3);
  return (downM & tb) !== 0 ? 0 : (deckM & tb) !== 0 ? 1 : (homeM & tb) !== 0 ? 2 : 3;
}
/**
 * A test costs a fraction of a position, and a lost position left untested costs a position and
 * its children (which the test then finds lost): after WARMUP tests of a category, one whose
 * tests found fewer than one position in RATE lost is tested only at every SAMPLE-th position.
 * What is tested decides only what is cut, never a verdict; the counts are the search's own, so
 * the same search makes the same choices on every machine and after any other search.
 */
const WARMUP: i32 = 64;
const RATE: i32 = 10;
const SAMPLE: i32 = 16;
function worthTesting(cat: i32): bool {
  const at = statsAt + ((<usize>cat) << 2);
  const tests = load<i32>(at);
  if (tests < WARMUP || load<i32>(at, 80) * RATE >= tests) return true;
  const skipped = load<i32>(at, 160) + 1;
  store<i32>(at, skipped, 160);
  return skipped % SAMPLE === 0;
}

/** The fixed point itself (`deadlocked`). */
function saturate(goal: i32): bool {
  const goalBit: u64 = goal < 52 ? bit(goal) : 0;
  const tableau = ALL & ~(deckM | homeM);
  const up = tableau & ~downM;
  for (let a = 0; a < 7; a++) store<u8>(hiddenAt + <usize>a, <u8>down(a));
  const redealLeft = spass < passLimit;
  const everyCard = drawN === 1 && passLimit === 0x7fffffff;
  setRemainders();
  // the foundations' top cards (with returns): a card lower down comes down only after the one on it
  const homeTops = returnsAllowed ? homeM & ((nextM >> 4) | KINGS) : 0;
  const returnable = returnsAllowed ? homeM : 0;
  // might be a top; tableau cards that might leave their places; deck cards that might leave the deck (as cards, and by index); piles that might be empty
  let mt = topsM;
  let left: u64 = 0;
  let gone: u64 = 0;
  let goneAt: u64 = 0;
  let unreached: u64 = 0;
  let ep = emptyP;
  for (;;) {
    // cards put on the tableau from the deck or a foundation: onto a parent that might be a top, or a King into a pile that might be empty
    const kingsE: u64 = ep !== 0 ? KINGS : 0;
    for (;;) {
      const off = gone | homeTops | (returnable & (mt >> 4));
      const more = off & (childrenOf(mt) | kingsE) & ~mt;
      if (more === 0) break;
      mt |= more;
    }
    const lower = ((homeable(mt, gone) << 4) | ACES) & ALL;
    let onto = childrenOf(mt);
    let kt = kingsToEmpty(ep, tableau);
    // the tableau's cards, round by round: a card that leaves makes the one under it a top
    let changed = false;
    for (;;) {
      const newLeft = tableau & (up | mt) & (onto | kt | (mt & lower)) & ~left;
      if (newLeft === 0) break;
      changed = true;
      left |= newLeft;
      const ep0 = ep;
      let tops: u64 = 0;
      for (let nl = newLeft; nl !== 0; nl &= nl - 1) {
        const c = <i32>ctz(nl);
        const u = underOf(c, up);
        if (u === 52) ep |= 1 << pileOf(c);
        else tops |= bit(u);
      }
      if ((tops & goalBit) !== 0) return false;
      mt |= tops;
      onto |= childrenOf(tops);
      if (ep !== ep0) kt = kingsToEmpty(ep, tableau);
    }
    // the deck's cards with a place to go: every one can be the waste top at draw 1 with unlimited passes
    const place = deckM & ~gone & (onto | lower | kingsE);
    if (everyCard) {
      if (place !== 0) changed = true;
      gone |= place;
    } else {
      // a card found out of reach stays so until another leaves the deck
      const at0 = goneAt;
      for (let cand = place & ~unreached; cand !== 0; cand &= cand - 1) {
        const c = <i32>ctz(cand);
        const i = deckIndex(c);
        if (!reachable(i, goneAt, redealLeft)) {
          unreached |= bit(c);
          continue;
        }
        gone |= bit(c);
        goneAt |= bit(i);
        changed = true;
      }
      if (goneAt !== at0) unreached = 0;
    }
    if (!changed) break;
    if ((tableau & ~mt) === 0 && (deckM & ~gone) === 0) return false;
  }
  return (tableau & ~mt) !== 0 || (deckM & ~gone) !== 0;
}

/** For the tests: the position loaded is deadlocked (the whole test, no goal). */
export function deadlockedHere(): bool {
  return deadlocked(52, -1);
}
