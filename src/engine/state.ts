/**
 * The packed game state: everything the move generator and the solver touch, in a handful of
 * typed arrays, changed in place by make/undo with no allocation.
 *
 * Layout
 * - Tableau: `cols` holds 7 piles of STRIDE (64) bytes each, bottom → top; `len[i]` cards in pile
 *   i, of which the first `down[i]` are face down. Everything above the face-down cards is one
 *   run (descending, alternating colours), so any face-up card heads a movable run.
 * - Stock and waste share one array `deck[0…n)` in turning order: the waste is `deck[0…w)` (its
 *   top `deck[w-1]`), the stock is `deck[w…n)` (`deck[w]` is turned next). A draw of k advances
 *   `w` by min(k, n−w); a redeal sets `w = 0` (the waste becomes the stock in the same order) and
 *   counts a pass. Playing the waste top removes `deck[w-1]`; the cards after it shift down.
 * - Foundations: `found[s]` is the top rank 0…13 of suit s (clubs, diamonds, hearts, spades).
 * - Per-card flags kept by the primitives: `isDown` (face down in the tableau) and `inDeck` (in
 *   the stock or waste), so that the solver can tell where a suit's next card lies without a scan.
 * - `pass`: the current pass through the stock, from 1.
 *
 * Worked example: the deal `t1 = [6d]`, `t2 = [2d 4c]`, …, stock `Th 9c 8d …` gives
 * `len = [1,2,…,7]`, `down = [0,1,…,6]`, `cols[64] = 2d, cols[65] = 4c`, `deck = [Th,9c,8d,…]`,
 * `n = 24`, `w = 0`. After one draw of 3: `w = 3`, the waste top is `deck[2] = 8d`. Playing 8d
 * onto a black 9 leaves `deck = [Th,9c,Qh,…]`, `n = 23`, `w = 2`.
 *
 * Hash: 64 bits as two 32-bit halves (`h1`, `h2`), kept up to date by every primitive, in O(1)
 * (zobrist.ts says what it is made of). `pack.ts` writes a state losslessly in a few bytes.
 */
import * as Layout from '../core/shared/layout.ts';
import type { Rules } from '../types.ts';
import { type Card, makeCard } from './cards.ts';
import type { Position } from './position.ts';
import * as Zobrist from './zobrist.ts';
import type { KeyOptions } from './zobrist.ts';

// Imported values as this module's own constants: V8 builds those into its compiled code, where
// an imported binding is read through a cell and checked at every use (docs/notes/solver-speed.md).
const { STRIDE, BOTTOM, BACKING_BYTES, COLS_AT, LEN_AT, DOWN_AT, FOUND_AT, DECK_AT, IS_DOWN_AT, IN_DECK_AT } = Layout;
const { ZP1, ZP2, ZT1, ZT2, ZD1, ZD2, ZS1, ZS2, ZW1, ZW2, ZW0, passTerm1, passTerm2 } = Zobrist;

export { BACKING_BYTES, BOTTOM, STRIDE } from '../core/shared/layout.ts';

export class State {
  /** All of the arrays below, laid out in one buffer (BACKING_BYTES). */
  readonly bytes: Uint8Array;
  readonly cols: Uint8Array;
  readonly len: Uint8Array;
  readonly down: Uint8Array;
  readonly deck: Uint8Array;
  n = 0;
  w = 0;
  readonly found: Uint8Array;
  /** 1 for each face-down card (kept by flip/unflip). */
  readonly isDown: Uint8Array;
  /** 1 for each stock or waste card (kept by takeDeck/putDeck). */
  readonly inDeck: Uint8Array;
  pass = 1;
  /** Cards on the foundations (52 = won). */
  home = 0;
  h1 = 0;
  h2 = 0;
  readonly draw: number;
  /** Pass limit; Infinity when unlimited. */
  readonly passLimit: number;
  readonly foundationReturn: boolean;
  /** True when the pass number is part of the hash (pass-limited rules). */
  readonly hashPass: boolean;
  /** The stock position is in the hash (else its terms, below, are all zero). */
  readonly hashW: boolean;
  /** Terms for the stock position w: all zero for draw 1 with unlimited passes, where every stock card is always reachable and w does not matter. */
  readonly zw1: Int32Array;
  readonly zw2: Int32Array;
  /**
   * `gridStock` in effect (unlimited passes, draw > 1, stock macro-moves): stock positions on the
   * draw grid (w a multiple of the draw, or the whole stock turned) hash as w = 0. Each reaches the
   * others by draws and a redeal alone, and all reach the same cards, so they are one state.
   */
  readonly gridW: boolean;

  /** The stock position as hashed: w, or 0 on the draw grid when gridW. */
  wk(w: number, n: number): number {
    return this.gridW && (w === n || w % this.draw === 0) ? 0 : w;
  }

  /** Pair terms: exact (ZP) or up to twins (`twinKey`). */
  readonly zp1: Int32Array;
  readonly zp2: Int32Array;

  readonly exactStock: boolean;
  readonly twinKey: boolean;
  readonly gridStock: boolean;
  /** `stockMask` in effect: the hash leaves out the stock position (`wk` gives it). */
  readonly stockMask: boolean;

  /** An empty state under the rules, hashed with the key options (none: the exact key). */
  constructor(rules: Rules, key: KeyOptions = {}, backing?: Uint8Array) {
    // the arrays, in their own memory or laid out in `backing` (at the offsets the solver's core reads)
    const b = backing ?? new Uint8Array(BACKING_BYTES);
    this.bytes = b.subarray(0, BACKING_BYTES);
    this.cols = b.subarray(COLS_AT, COLS_AT + 7 * STRIDE);
    this.len = b.subarray(LEN_AT, LEN_AT + 7);
    this.down = b.subarray(DOWN_AT, DOWN_AT + 7);
    this.found = b.subarray(FOUND_AT, FOUND_AT + 4);
    this.deck = b.subarray(DECK_AT, DECK_AT + 52);
    this.isDown = b.subarray(IS_DOWN_AT, IS_DOWN_AT + 52);
    this.inDeck = b.subarray(IN_DECK_AT, IN_DECK_AT + 52);
    const exactStock = key.exactStock === true;
    const twinKey = key.twinKey === true;
    const gridStock = key.gridStock === true;
    this.exactStock = exactStock;
    this.twinKey = twinKey;
    this.gridStock = gridStock;
    this.zp1 = twinKey ? ZT1 : ZP1;
    this.zp2 = twinKey ? ZT2 : ZP2;
    this.draw = rules.draw;
    this.passLimit = rules.passes === null ? Infinity : rules.passes;
    this.foundationReturn = rules.foundationReturn;
    this.hashPass = rules.passes !== null;
    this.gridW = gridStock && !exactStock && rules.passes === null && rules.draw > 1;
    this.stockMask = this.gridW && key.stockMask === true;
    const hashW = (exactStock || rules.draw > 1 || rules.passes !== null) && !this.stockMask;
    this.hashW = hashW;
    this.zw1 = hashW ? ZW1 : ZW0;
    this.zw2 = hashW ? ZW2 : ZW0;
  }

  /** A state from a validated position. */
  static fromPosition(p: Position, rules: Rules, key: KeyOptions = {}): State {
    // stock positions are bits of a 32-bit mask (with `stockMask`)
    const s = new State(rules, p.stock.length + p.waste.length > 31 ? { ...key, stockMask: false } : key);
    for (let i = 0; i < 7; i++) {
      s.len[i] = p.tableau[i].length;
      s.down[i] = p.faceDown[i];
      for (let j = 0; j < p.tableau[i].length; j++) s.cols[i * STRIDE + j] = p.tableau[i][j];
    }
    let k = 0;
    for (const c of p.waste) s.deck[k++] = c;
    s.w = k;
    for (const c of p.stock) s.deck[k++] = c;
    s.n = k;
    for (let i = 0; i < 4; i++) s.found[i] = p.foundations[i];
    s.home = p.foundations.reduce((a, b) => a + b, 0);
    s.pass = p.pass;
    s.markDown();
    s.rehash();
    return s;
  }

  /** Sets the face-down and deck flags from the piles and the deck (after writing them directly). */
  markDown(): void {
    this.isDown.fill(0);
    for (let i = 0; i < 7; i++) for (let j = 0; j < this.down[i]; j++) this.isDown[this.cols[i * STRIDE + j]] = 1;
    this.inDeck.fill(0);
    for (let j = 0; j < this.n; j++) this.inDeck[this.deck[j]] = 1;
  }

  /** The plain position this state stands for. */
  toPosition(): Position {
    const tableau: Card[][] = [];
    for (let i = 0; i < 7; i++) tableau.push(Array.from(this.cols.subarray(i * STRIDE, i * STRIDE + this.len[i])));
    return {
      tableau,
      faceDown: Array.from(this.down),
      stock: Array.from(this.deck.subarray(this.w, this.n)),
      waste: Array.from(this.deck.subarray(0, this.w)),
      foundations: Array.from(this.found),
      pass: this.pass,
    };
  }

  /** A copy, with its arrays in their own memory or laid out in `backing` (layout.ts BACKING_BYTES). */
  clone(backing?: Uint8Array): State {
    const s = new State(
      { draw: this.draw, passes: this.passLimit === Infinity ? null : this.passLimit, foundationReturn: this.foundationReturn },
      { exactStock: this.exactStock, twinKey: this.twinKey, gridStock: this.gridStock, stockMask: this.stockMask },
      backing,
    );
    s.copyFrom(this);
    return s;
  }

  /** Takes on the position of `o` (a state under the same rules and key). */
  copyFrom(o: State): void {
    this.bytes.set(o.bytes);
    this.n = o.n;
    this.w = o.w;
    this.pass = o.pass;
    this.home = o.home;
    this.h1 = o.h1;
    this.h2 = o.h2;
  }

  /** Recomputes the hash from scratch (tests compare it with the incremental one). */
  rehash(): void {
    const [a, b] = this.hashFromScratch();
    this.h1 = a;
    this.h2 = b;
  }

  hashFromScratch(): [number, number] {
    let a = 0;
    let b = 0;
    for (let i = 0; i < 7; i++) {
      const base = i * STRIDE;
      for (let j = 0; j < this.len[i]; j++) {
        const c = this.cols[base + j];
        const k = c * 53 + (j === 0 ? BOTTOM : this.cols[base + j - 1]);
        a ^= this.zp1[k];
        b ^= this.zp2[k];
        if (j < this.down[i]) {
          a ^= ZD1[c];
          b ^= ZD2[c];
        }
      }
    }
    for (let j = 0; j < this.n; j++) {
      a ^= ZS1[this.deck[j]];
      b ^= ZS2[this.deck[j]];
    }
    a ^= this.zw1[this.wk(this.w, this.n)];
    b ^= this.zw2[this.wk(this.w, this.n)];
    if (this.hashPass) {
      a ^= passTerm1(this.pass);
      b ^= passTerm2(this.pass);
    }
    return [a, b];
  }

  get won(): boolean {
    return this.home === 52;
  }

  /** Face-down cards on the tableau. */
  get faceDownCount(): number {
    let n = 0;
    for (let i = 0; i < 7; i++) n += this.down[i];
    return n;
  }

  top(col: number): number {
    return this.cols[col * STRIDE + this.len[col] - 1];
  }

  // ---- primitive changes; each keeps the hash up to date ----

  /** Moves the top `count` cards of pile `a` onto pile `b`; returns 1 when a card was turned up. */
  moveRun(a: number, b: number, count: number): number {
    const la = this.len[a];
    const from = a * STRIDE + la - count;
    const base = this.cols[from];
    const under = la - count === 0 ? BOTTOM : this.cols[from - 1];
    const lb = this.len[b];
    const onto = lb === 0 ? BOTTOM : this.cols[b * STRIDE + lb - 1];
    const k0 = base * 53 + under;
    const k1 = base * 53 + onto;
    this.h1 ^= this.zp1[k0] ^ this.zp1[k1];
    this.h2 ^= this.zp2[k0] ^ this.zp2[k1];
    const cols = this.cols;
    for (let k = 0, to = b * STRIDE + lb; k < count; k++) cols[to + k] = cols[from + k];
    this.len[a] = la - count;
    this.len[b] = lb + count;
    return this.flip(a);
  }

  /** Puts back a run moved by moveRun (after unflip). */
  unmoveRun(a: number, b: number, count: number, flipped: number): void {
    if (flipped) this.unflip(a);
    const lb = this.len[b] - count;
    const from = b * STRIDE + lb;
    const base = this.cols[from];
    const la = this.len[a];
    const under = la === 0 ? BOTTOM : this.cols[a * STRIDE + la - 1];
    const onto = lb === 0 ? BOTTOM : this.cols[from - 1];
    const k0 = base * 53 + under;
    const k1 = base * 53 + onto;
    this.h1 ^= this.zp1[k0] ^ this.zp1[k1];
    this.h2 ^= this.zp2[k0] ^ this.zp2[k1];
    const cols = this.cols;
    for (let k = 0, to = a * STRIDE + la; k < count; k++) cols[to + k] = cols[from + k];
    this.len[a] = la + count;
    this.len[b] = lb;
  }

  private flip(a: number): number {
    const l = this.len[a];
    if (l > 0 && this.down[a] === l) {
      const c = this.cols[a * STRIDE + l - 1];
      this.down[a] = l - 1;
      this.isDown[c] = 0;
      this.h1 ^= ZD1[c];
      this.h2 ^= ZD2[c];
      return 1;
    }
    return 0;
  }

  private unflip(a: number): void {
    const l = this.len[a];
    const c = this.cols[a * STRIDE + l - 1];
    this.down[a] = l;
    this.isDown[c] = 1;
    this.h1 ^= ZD1[c];
    this.h2 ^= ZD2[c];
  }

  /** Top of pile `a` to its foundation; returns 1 when a card was turned up. */
  colToFound(a: number): number {
    const c = this.cardFromCol(a);
    this.found[c & 3]++;
    this.home++;
    return this.flip(a);
  }

  unColToFound(a: number, suit: number, flipped: number): void {
    if (flipped) this.unflip(a);
    const c = makeCard(this.found[suit], suit);
    this.found[suit]--;
    this.home--;
    this.pushCol(a, c);
  }

  /** Foundation top of `suit` onto pile `b`. */
  foundToCol(suit: number, b: number): void {
    const c = makeCard(this.found[suit], suit);
    this.found[suit]--;
    this.home--;
    this.pushCol(b, c);
  }

  unFoundToCol(suit: number, b: number): void {
    this.cardFromCol(b);
    this.found[suit]++;
    this.home++;
  }

  private pushCol(b: number, c: number): void {
    const l = this.len[b];
    const k = c * 53 + (l === 0 ? BOTTOM : this.cols[b * STRIDE + l - 1]);
    this.h1 ^= this.zp1[k];
    this.h2 ^= this.zp2[k];
    this.cols[b * STRIDE + l] = c;
    this.len[b] = l + 1;
  }

  /** Sets the stock/waste split point and pass, keeping the hash. */
  setStock(w: number, pass: number): void {
    const k0 = this.wk(this.w, this.n);
    const k1 = this.wk(w, this.n);
    this.h1 ^= this.zw1[k0] ^ this.zw1[k1];
    this.h2 ^= this.zw2[k0] ^ this.zw2[k1];
    if (this.hashPass && pass !== this.pass) {
      this.h1 ^= passTerm1(this.pass) ^ passTerm1(pass);
      this.h2 ^= passTerm2(this.pass) ^ passTerm2(pass);
    }
    this.w = w;
    this.pass = pass;
  }

  /** Removes deck[i] (which must be the waste top, i = w-1) and returns it; w becomes i. */
  takeDeck(i: number): Card {
    const c = this.deck[i];
    const k0 = this.wk(this.w, this.n);
    const k1 = this.wk(i, this.n - 1);
    this.h1 ^= ZS1[c] ^ this.zw1[k0] ^ this.zw1[k1];
    this.h2 ^= ZS2[c] ^ this.zw2[k0] ^ this.zw2[k1];
    const deck = this.deck;
    const n = this.n;
    for (let j = i; j < n - 1; j++) deck[j] = deck[j + 1];
    this.n = n - 1;
    this.w = i;
    this.inDeck[c] = 0;
    return c;
  }

  /** Puts card c back at deck[i] and makes it the waste top (w = i + 1). */
  putDeck(i: number, c: Card): void {
    const deck = this.deck;
    for (let j = this.n; j > i; j--) deck[j] = deck[j - 1];
    deck[i] = c;
    this.inDeck[c] = 1;
    this.n++;
    const k0 = this.wk(this.w, this.n - 1);
    const k1 = this.wk(i + 1, this.n);
    this.h1 ^= ZS1[c] ^ this.zw1[k0] ^ this.zw1[k1];
    this.h2 ^= ZS2[c] ^ this.zw2[k0] ^ this.zw2[k1];
    this.w = i + 1;
  }

  /** Card c (just taken from the deck) onto foundation or pile. */
  cardToFound(c: Card): void {
    this.found[c & 3]++;
    this.home++;
  }

  cardFromFound(suit: number): Card {
    const c = makeCard(this.found[suit], suit);
    this.found[suit]--;
    this.home--;
    return c;
  }

  cardToCol(b: number, c: Card): void {
    this.pushCol(b, c);
  }

  /** Takes the top card off pile b (no turning up). */
  cardFromCol(b: number): Card {
    const l = this.len[b] - 1;
    const c = this.cols[b * STRIDE + l];
    const k = c * 53 + (l === 0 ? BOTTOM : this.cols[b * STRIDE + l - 1]);
    this.h1 ^= this.zp1[k];
    this.h2 ^= this.zp2[k];
    this.len[b] = l;
    return c;
  }

  /** True when both states hold the same cards in the same places. */
  equals(o: State): boolean {
    if (this.n !== o.n || this.w !== o.w || this.pass !== o.pass || this.home !== o.home) return false;
    for (let i = 0; i < 4; i++) if (this.found[i] !== o.found[i]) return false;
    for (let j = 0; j < this.n; j++) if (this.deck[j] !== o.deck[j]) return false;
    for (let i = 0; i < 7; i++) {
      if (this.len[i] !== o.len[i] || this.down[i] !== o.down[i]) return false;
      for (let j = 0; j < this.len[i]; j++) if (this.cols[i * STRIDE + j] !== o.cols[i * STRIDE + j]) return false;
    }
    return true;
  }
}
