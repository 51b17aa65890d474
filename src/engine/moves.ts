/**
 * Moves as small integers, made and undone in place on a `State`, and the generator of every
 * legal atomic move (the definition perft counts).
 *
 * Encoding: `kind | a << 4 | b << 8 | count << 12 | index << 18`.
 * - DRAW, REDEAL: atomic stock moves.
 * - S2F / S2T: play `deck[index]` to its foundation / to pile b. With `index = w - 1` this is the
 *   atomic waste move; with any other index it is a stock macro-move: draw (and redeal when
 *   needed) until `deck[index]` is the waste top, then play it. `make` works out the draws.
 * - T2F: top of pile a to the foundation of suit b. T2T: `count` cards from pile a to pile b.
 * - F2T: top of the foundation of suit a onto pile b.
 * `make` returns an undo token: the turned-up flag, or the old stock position with one bit for
 * "this move crossed a redeal" (never the pass number itself, which may be any safe integer).
 *
 * The stock-reach rule (which stock card can be made the waste top, and at what cost) is stated
 * once, in `stockCost`; the solver's move generator lists the cards it allows, in cost order
 * (src/core/generate.ts `stockReach`; the tests check the two agree).
 */
import * as Cards from './cards.ts';
import * as Encoding from '../core/shared/move-encoding.ts';
import { type AtomicMove, COLUMN_NAMES, FOUNDATION_NAMES, pileIndex } from './notation.ts';
import type { State } from './state.ts';
import * as StateModule from './state.ts';

// Imported values as this module's own constants: V8 builds those into its compiled code, where
// an imported binding is read through a cell and checked at every use (docs/notes/solver-speed.md).
const { RANK, RED, fitsOn, makeCard } = Cards;
const { STRIDE } = StateModule;
const { DRAW, REDEAL, S2F, S2T, T2F, T2T, F2T, mv, kindOf, aOf, bOf, countOf } = Encoding;

export { DRAW, F2T, REDEAL, S2F, S2T, T2F, T2T, aOf, bOf, countOf, indexOf, kindOf, mv } from '../core/shared/move-encoding.ts';

/**
 * The stock-reach rule: how deck[i] can be made the waste top. 0: it is the waste top; 1: by
 * draws in this pass (drawing from w shows deck[w + k·draw − 1] and, last, deck[n − 1]); 2: by
 * drawing to the end, one redeal (a pass must be left) and draws from 0 (deck[k·draw − 1]; the
 * last card is always reachable sooner); −1: not before a card leaves the deck (a second redeal
 * shows the same cards as the first).
 */
export function stockCost(s: State, i: number): number {
  const { w, n, draw } = s;
  if (i === w - 1) return 0;
  if (i >= w && ((i + 1 - w) % draw === 0 || i === n - 1)) return 1;
  if (s.pass < s.passLimit && (i + 1) % draw === 0) return 2;
  return -1;
}

/** The pass in which deck[i] can first be made the waste top, or 0 when it cannot (stockCost). */
export function stockPassFor(s: State, i: number): number {
  const cost = stockCost(s, i);
  return cost < 0 ? 0 : cost === 2 ? s.pass + 1 : s.pass;
}

/** Makes move m; returns the undo token. */
export function make(s: State, m: number): number {
  switch (m & 15) {
    case DRAW: {
      const w = s.w;
      s.setStock(Math.min(w + s.draw, s.n), s.pass);
      return w;
    }
    case REDEAL: {
      const w = s.w;
      s.setStock(0, s.pass + 1);
      return w;
    }
    case S2F:
    case S2T: {
      const i = (m >> 18) & 63;
      let token = s.w;
      if (i !== s.w - 1) {
        const pass = stockPassFor(s, i);
        if (pass !== s.pass) token |= 64; // crossed a redeal
        s.setStock(i + 1, pass);
      }
      const c = s.takeDeck(i);
      if ((m & 15) === S2F) s.cardToFound(c);
      else s.cardToCol((m >> 8) & 15, c);
      return token;
    }
    case T2F:
      return s.colToFound((m >> 4) & 15);
    case T2T:
      return s.moveRun((m >> 4) & 15, (m >> 8) & 15, (m >> 12) & 63);
    case F2T:
      s.foundToCol((m >> 4) & 15, (m >> 8) & 15);
      return 0;
  }
  throw new Error(`bad move ${m}`);
}

/** Undoes move m made with token t. */
export function undo(s: State, m: number, t: number): void {
  switch (m & 15) {
    case DRAW:
      s.setStock(t, s.pass);
      return;
    case REDEAL:
      s.setStock(t, s.pass - 1);
      return;
    case S2F:
    case S2T: {
      const i = (m >> 18) & 63;
      const c = (m & 15) === S2F ? s.cardFromFound((m >> 8) & 15) : s.cardFromCol((m >> 8) & 15);
      s.putDeck(i, c);
      s.setStock(t & 63, t & 64 ? s.pass - 1 : s.pass);
      return;
    }
    case T2F:
      s.unColToFound((m >> 4) & 15, (m >> 8) & 15, t);
      return;
    case T2T:
      s.unmoveRun((m >> 4) & 15, (m >> 8) & 15, (m >> 12) & 63, t);
      return;
    case F2T:
      s.unFoundToCol((m >> 4) & 15, (m >> 8) & 15);
      return;
  }
  throw new Error(`bad move ${m}`);
}

/**
 * Every legal atomic move of the position into `out` (from `start`); returns the new end.
 * Each distinct (from, to, count) once; a won position has none.
 */
export function genAtomic(s: State, out: Int32Array, start = 0): number {
  let k = start;
  if (s.home === 52) return k;
  const { cols, len, down, found } = s;
  // stock
  if (s.w < s.n) out[k++] = mv(DRAW, 0, 0, 1, 0);
  else if (s.n > 0 && s.pass < s.passLimit) out[k++] = mv(REDEAL, 0, 0, 1, 0);
  // waste top
  if (s.w > 0) {
    const i = s.w - 1;
    const c = s.deck[i];
    if (found[c & 3] === RANK[c] - 1) out[k++] = mv(S2F, 0, c & 3, 1, i);
    for (let b = 0; b < 7; b++) if (fitsPile(s, c, b)) out[k++] = mv(S2T, 0, b, 1, i);
  }
  for (let a = 0; a < 7; a++) {
    const la = len[a];
    if (la === 0) continue;
    const top = cols[a * STRIDE + la - 1];
    if (found[top & 3] === RANK[top] - 1) out[k++] = mv(T2F, a, top & 3, 1, 0);
    const baseIdx = a * STRIDE + down[a];
    const baseRank = RANK[cols[baseIdx]];
    const topRank = RANK[top];
    for (let b = 0; b < 7; b++) {
      if (b === a) continue;
      const lb = len[b];
      if (lb === 0) {
        if (baseRank === 13) out[k++] = mv(T2T, a, b, la - down[a], 0);
        continue;
      }
      const t = cols[b * STRIDE + lb - 1];
      const r = RANK[t] - 1; // rank that fits on t
      if (r < topRank || r > baseRank) continue;
      const j = baseIdx + (baseRank - r);
      if (RED[cols[j]] !== RED[t]) out[k++] = mv(T2T, a, b, a * STRIDE + la - j, 0);
    }
  }
  if (s.foundationReturn) {
    for (let suit = 0; suit < 4; suit++) {
      const h = found[suit];
      if (h === 0) continue;
      const c = makeCard(h, suit);
      for (let b = 0; b < 7; b++) if (fitsPile(s, c, b)) out[k++] = mv(F2T, suit, b, 1, 0);
    }
  }
  return k;
}

/** True when card c may go on top of pile b (a King on an empty pile). */
export function fitsPile(s: State, c: number, b: number): boolean {
  const lb = s.len[b];
  if (lb === 0) return RANK[c] === 13;
  return fitsOn(c, s.cols[b * STRIDE + lb - 1]);
}

/** Perft: the number of move sequences of length `depth`. */
export function perft(s: State, depth: number): number {
  const bufs: Int32Array[] = [];
  for (let d = 0; d <= depth; d++) bufs.push(new Int32Array(256));
  const rec = (d: number): number => {
    const buf = bufs[d];
    const n = genAtomic(s, buf);
    if (d === 1) return n;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const m = buf[i];
      const t = make(s, m);
      total += rec(d - 1);
      undo(s, m, t);
    }
    return total;
  };
  return depth === 0 ? 1 : rec(depth);
}

/** The atomic move (pile names) of an internal atomic move in state s, before it is made. */
export function toAtomic(s: State, m: number): AtomicMove {
  switch (kindOf(m)) {
    case DRAW:
      return { from: 'stock', to: 'waste', count: Math.min(s.draw, s.n - s.w) };
    case REDEAL:
      return { from: 'waste', to: 'stock', count: s.w };
    case S2F:
      return { from: 'waste', to: FOUNDATION_NAMES[bOf(m)], count: 1 };
    case S2T:
      return { from: 'waste', to: COLUMN_NAMES[bOf(m)], count: 1 };
    case T2F:
      return { from: COLUMN_NAMES[aOf(m)], to: FOUNDATION_NAMES[bOf(m)], count: 1 };
    case T2T:
      return { from: COLUMN_NAMES[aOf(m)], to: COLUMN_NAMES[bOf(m)], count: countOf(m) };
    case F2T:
      return { from: FOUNDATION_NAMES[aOf(m)], to: COLUMN_NAMES[bOf(m)], count: 1 };
  }
  throw new Error(`bad move ${m}`);
}

/** One legal first move and the number of move sequences of the perft depth that start with it. */
export interface DivideEntry {
  move: AtomicMove;
  count: number;
}

/** Perft subtotals per legal first move, in pile order (from, then to, then count). */
export function perftDivide(s: State, depth: number): DivideEntry[] {
  if (depth < 1) return [];
  const buf = new Int32Array(256);
  const n = genAtomic(s, buf);
  const out: DivideEntry[] = [];
  for (let i = 0; i < n; i++) {
    const move = toAtomic(s, buf[i]);
    const t = make(s, buf[i]);
    out.push({ move, count: perft(s, depth - 1) });
    undo(s, buf[i], t);
  }
  return out.sort(
    (a, b) => pileIndex(a.move.from) - pileIndex(b.move.from) || pileIndex(a.move.to) - pileIndex(b.move.to) || a.move.count - b.move.count,
  );
}
