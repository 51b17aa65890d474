/**
 * A plain statement of the solver core's deadlock test (src/core/deadlock.ts), written only for
 * the tests: the same least fixed point, one card at a time with plain recursion over an engine
 * State, where the core works with sets of cards as 64-bit words. A position is deadlocked when
 * some card of the tableau can never be a pile top or some card of the deck never leave it.
 */
import { PARENT1, PARENT2, RANK, makeCard } from '../../src/engine/cards.ts';
import { STRIDE, type State } from '../../src/engine/state.ts';

/** What the fixed point knows of a position: where each tableau card lies, and the marks. */
interface Marks {
  s: State;
  pile: Int8Array;
  height: Int8Array;
  /** The card on each tableau card, −1 for a top. */
  above: Int16Array;
  /** The tableau card might leave its place. */
  left: Uint8Array;
  /** The deck card might leave the deck. */
  gone: Uint8Array;
}

/** Pile b is empty now, or its bottom card might leave. */
function mayEmpty(m: Marks, b: number): boolean {
  return m.s.len[b] === 0 || m.left[m.s.cols[b * STRIDE]] === 1;
}
function emptyBesides(m: Marks, a: number): boolean {
  for (let b = 0; b < 7; b++) if (b !== a && mayEmpty(m, b)) return true;
  return false;
}

/** Card p might be a pile top some time (52: no card). */
function mightBeTop(m: Marks, p: number): boolean {
  if (p === 52) return false;
  const s = m.s;
  if (m.pile[p] >= 0) return m.above[p] < 0 || m.left[m.above[p]] === 1;
  if (s.inDeck[p]) {
    if (!m.gone[p]) return false;
  } else {
    // a foundation card comes down once the card above it on its foundation has come down
    if (!s.foundationReturn) return false;
    if (s.found[p & 3] > RANK[p] && !mightBeTop(m, p + 4)) return false;
  }
  return RANK[p] === 13 ? emptyBesides(m, -1) : mightBeTop(m, PARENT1[p]) || mightBeTop(m, PARENT2[p]);
}

/** Card c might go home: home now, or a top (a tableau card) or out of the deck, after every lower card of its suit. */
function mayGoHome(m: Marks, c: number): boolean {
  const s = m.s;
  if (s.found[c & 3] >= RANK[c]) return true;
  if (m.pile[c] >= 0 ? !mightBeTop(m, c) : !m.gone[c]) return false;
  return RANK[c] === 1 || mayGoHome(m, makeCard(RANK[c] - 1, c & 3));
}
function lowerMayGoHome(m: Marks, c: number): boolean {
  return RANK[c] === 1 || mayGoHome(m, makeCard(RANK[c] - 1, c & 3));
}

/** Tableau card c might leave its place. */
function mayLeave(m: Marks, c: number): boolean {
  const a = m.pile[c];
  const top = mightBeTop(m, c);
  if (m.height[c] < m.s.down[a] && !top) return false;
  if (RANK[c] === 13) return emptyBesides(m, a) || (top && lowerMayGoHome(m, c));
  return mightBeTop(m, PARENT1[c]) || mightBeTop(m, PARENT2[c]) || (top && lowerMayGoHome(m, c));
}

/** The deck card at index i might be the waste top some time (the same stock order as pruning.ts `deadlockedCard`). */
function reachable(m: Marks, i: number, before: number): boolean {
  const { deck, draw, w, n } = m.s;
  if (i === n - 1 || i === w - 1 || (i >= w && (i - w) % draw === draw - 1)) return true;
  if (m.gone[deck[i + 1]]) return true;
  if (m.s.pass >= m.s.passLimit) return false;
  return (i + 1) % draw <= before;
}

/** Deck card x (at a reachable index) has a place to go. */
function hasPlace(m: Marks, x: number): boolean {
  if (RANK[x] === 13) return emptyBesides(m, -1) || lowerMayGoHome(m, x);
  return mightBeTop(m, PARENT1[x]) || mightBeTop(m, PARENT2[x]) || lowerMayGoHome(m, x);
}

/** The position is deadlocked: some card never goes home, by the least fixed point of the marks. */
export function deadlockedReference(s: State): boolean {
  const m: Marks = {
    s,
    pile: new Int8Array(52).fill(-1),
    height: new Int8Array(52),
    above: new Int16Array(52),
    left: new Uint8Array(52),
    gone: new Uint8Array(52),
  };
  for (let a = 0; a < 7; a++)
    for (let k = 0; k < s.len[a]; k++) {
      const c = s.cols[a * STRIDE + k];
      m.pile[c] = a;
      m.height[c] = k;
      m.above[c] = k + 1 < s.len[a] ? s.cols[a * STRIDE + k + 1] : -1;
    }
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0, before = 0; i < s.n; before += m.gone[s.deck[i++]]) {
      const x = s.deck[i];
      if (m.gone[x] || !reachable(m, i, before) || !hasPlace(m, x)) continue;
      m.gone[x] = 1;
      changed = true;
    }
    for (let c = 0; c < 52; c++) {
      if (m.pile[c] < 0 || m.left[c] || !mayLeave(m, c)) continue;
      m.left[c] = 1;
      changed = true;
    }
  }
  for (let c = 0; c < 52; c++) if (!mayGoHome(m, c)) return true;
  return false;
}
