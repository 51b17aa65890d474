/**
 * The hash of the packed state (state.ts), frozen: Zobrist terms generated from fixed xorshift seeds.
 *
 * 64 bits as two 32-bit halves (`h1`, `h2`), the XOR of Zobrist terms that do not depend on
 * which column a card is in, so positions that differ only by the order of the columns hash
 * alike (the columns are interchangeable for winning):
 * - for every tableau card c, a term for the pair (c, the card under it or "bottom of a pile");
 * - for every face-down card, a term; for every stock/waste card, a term; a term for `w`
 *   (except with draw 1 and unlimited passes, where every stock card is always reachable);
 * - with a pass limit, a term for `pass` (unlimited passes make the pass number irrelevant): from
 *   a table below 256, mixed from the number itself above (any safe whole number, no aliasing).
 * The foundations need no term: they hold exactly the cards found nowhere else. Every change
 * updates the hash in O(1) (a run move changes one pair: its base card's). For the solver, the
 * key options (`KeyOptions`) make it coarser (docs/solver.md): `twinKey` takes the card under
 * each card up to its twin, and `gridStock` hashes stock positions on the draw grid as w = 0
 * (unlimited passes).
 */
import { BOTTOM } from '../core/shared/layout.ts';

function zobrist(n: number, seed: number): Int32Array {
  const out = new Int32Array(n);
  let x = seed | 0;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x;
  }
  return out;
}
/** Pair (card, card under it or BOTTOM) → term, index `card * 53 + under`. */
export const ZP1 = zobrist(52 * 53, 0x2545f491);
export const ZP2 = zobrist(52 * 53, 0x9e3779b9 | 0);
/** The same terms with the card under taken up to its twin (same rank and colour): see `twinKey`. */
function twinTerms(z: Int32Array): Int32Array {
  const out = new Int32Array(z.length);
  for (let c = 0; c < 52; c++) for (let u = 0; u <= BOTTOM; u++) out[c * 53 + u] = z[c * 53 + (u === BOTTOM ? u : Math.min(u, u ^ 3))];
  return out;
}
export const ZT1 = twinTerms(ZP1);
export const ZT2 = twinTerms(ZP2);
export const ZD1 = zobrist(52, 0x12345679);
export const ZD2 = zobrist(52, 0x7feb352d);
export const ZS1 = zobrist(52, 0x68e31da4);
export const ZS2 = zobrist(52, 0x1b873593);
export const ZW1 = zobrist(53, 0x3c6ef372);
export const ZW2 = zobrist(53, 0x5bd1e995);
export const ZW0 = new Int32Array(53);
export const ZPASS1 = zobrist(256, 0x27d4eb2f);
export const ZPASS2 = zobrist(256, 0x165667b1);

/**
 * The terms of a state's key in one array, as the solver's core reads them (src/core/zobrist-key.ts):
 * the pair terms (its key's: exact or up to twins), the face-down terms, the deck terms, the
 * stock-position terms (its key's: zero where the stock position is not hashed), the pass terms
 * below 256; each term as its two halves side by side (the first, then the second: one 64-bit
 * word for the core). One array per kind of key, made once.
 */
export function coreTerms(s: { readonly twinKey: boolean; readonly hashW: boolean }): Int32Array {
  const k = (s.twinKey ? 1 : 0) | (s.hashW ? 0 : 2);
  let out = CORE_TERMS[k];
  if (!out) {
    const parts = [
      [s.twinKey ? ZT1 : ZP1, s.twinKey ? ZT2 : ZP2],
      [ZD1, ZD2],
      [ZS1, ZS2],
      [s.hashW ? ZW1 : ZW0, s.hashW ? ZW2 : ZW0],
      [ZPASS1, ZPASS2],
    ];
    out = new Int32Array(parts.reduce((a, [p]) => a + 2 * p.length, 0));
    let at = 0;
    for (const [first, second] of parts)
      for (let i = 0; i < first.length; i++) {
        out[at++] = first[i];
        out[at++] = second[i];
      }
    CORE_TERMS[k] = out;
  }
  return out;
}
const CORE_TERMS: (Int32Array | undefined)[] = [];

/** A 32-bit mix (murmur3's finaliser) of a safe whole number's two halves with a seed. */
function mixPass(p: number, seed: number): number {
  let h = Math.imul((p >>> 0) ^ seed, 0xcc9e2d51);
  h ^= Math.imul(Math.floor(p / 4294967296), 0x1b873593);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The pass term of the hash (first half), for any pass 0 … 2^53 − 1. */
export function passTerm1(p: number): number {
  return p < 256 ? ZPASS1[p] : mixPass(p, 0x27d4eb2f);
}

/** The pass term of the hash (second half). */
export function passTerm2(p: number): number {
  return p < 256 ? ZPASS2[p] : mixPass(p, 0x165667b1);
}

/**
 * How coarse the table key is (the solver's equivalences; the rules engine uses the exact key).
 * - `exactStock`: keep the stock position in the hash even with draw 1 and unlimited passes, for
 *   searches that draw one card at a time (without stock macro-moves).
 * - `twinKey`: hash each card with the twin pair it lies on rather than the card itself, so
 *   positions that differ only by which of two twins (same rank and colour) holds which run hash
 *   alike: the solver treats them as one (either is won exactly when the other is).
 * - `gridStock`: with unlimited passes and draw > 1 (and without `exactStock`), hash stock
 *   positions on the draw grid (w a multiple of the draw, or the whole stock turned) as w = 0.
 * - `stockMask`: with `gridStock` in effect, leave the stock position out of the hash altogether
 *   (the hash is the layout's: tableau, foundations, which cards the stock holds); the solver
 *   keeps the stock positions of a layout as bits beside its key (`wk` numbers them).
 */
export interface KeyOptions {
  exactStock?: boolean;
  twinKey?: boolean;
  gridStock?: boolean;
  stockMask?: boolean;
}
