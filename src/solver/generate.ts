/**
 * The solver's move generator: stock macro-moves and pruned tableau moves, scored (order.ts) and
 * sorted, written into the search's move array. One method per kind of move: stock plays, tableau
 * tops to the foundations, King runs into empty piles, whole runs, partial runs (twins), foundation
 * returns, and the Kings that may follow an emptied pile. The rules come from pruning.ts; this
 * module only applies them. Each kind has its own score class (order.ts), so generating the
 * kinds one after another gives the same order, after the stable sort, as any interleaving.
 *
 * After a move that restricts the next one (pruning.ts: PLACED, UNCOVERED), only moves onto pile
 * `only` are generated, plus stock plays after PLACED (onto `only` too when stock plays commute),
 * the top of `only` to its foundation after UNCOVERED, and (emptyForKing) runs that empty a pile.
 *
 * Cards are found by where they could go: `topCol[card]` is the pile whose top is that card (kept
 * all −1 between calls), so "which piles take card c" is two lookups (PARENT1, PARENT2).
 */
import * as Cards from '../cards.ts';
import * as Moves from '../moves.ts';
import type { State } from '../state.ts';
import * as StateModule from '../state.ts';
import type { Pruning } from './options.ts';
import * as Order from './order.ts';
import * as PruningRules from './pruning.ts';

// Imported values as this module's own constants: V8 builds those into its compiled code, where
// an imported binding is read through a cell and checked at every use (docs/solver.md).
const { CHILD1, CHILD2, RANK, makeCard } = Cards;
const { F2T, S2F, S2T, T2F, T2T, mv, stockReach } = Moves;
const { STRIDE } = StateModule;
const {
  KING_TO_EMPTY,
  PARTIAL,
  PARTIAL_HOME,
  RETURN,
  RUN_EMPTIES,
  RUN_TURNS_UP,
  STOCK_KING_TO_EMPTY,
  STOCK_TO_FOUNDATION,
  STOCK_TO_PILE,
  TO_FOUNDATION,
  addNoise,
  sortByScore,
} = Order;
const {
  FREE,
  PARENT1,
  PARENT2,
  PLACED,
  UNCOVERED,
  emptyingAfterPlaced,
  firstEmptyOnly,
  kingMayFill,
  kingRunMayMove,
  markAvailable,
  partialSendsHome,
  returnUseful,
  safeLastStockCard,
  stockAlwaysReachable,
  twinCanReplace,
} = PruningRules;

/** Room for the moves of one position (the most a position can have is far below). */
export const MOVES_PER_NODE = 256;
/** Flag on a partial T2T move: then play the card it uncovers to its foundation (twinSwaps). */
export const HOME_AFTER = 1 << 24;

/** Generates the solver's moves for one search (a state and its resolved pruning switches). */
export class Generator {
  /** Deck indices of the stock cards that can be played, cheapest first (moves.ts `stockReach`). */
  private readonly reach = new Int32Array(52);
  /** Their stock costs (moves.ts `stockCost`), and how many. */
  private readonly reachCost = new Int32Array(52);
  private reachN = 0;
  /** The stock position, deck length and pass the list was made for (−1: none yet). */
  private reachW = -1;
  private reachDeck = -1;
  private reachPass = -1;
  /** Cards marked available (pruning.ts `markAvailable`) with the current mark; never cleared. */
  private readonly available = new Int32Array(52);
  private mark = 0;
  private marked = false;
  private readonly topCol = new Int8Array(53).fill(-1);
  /** Every stock card is always reachable (pruning.ts `stockAlwaysReachable`; fixed for a search). */
  private readonly allReach: boolean;
  /** stockPlaysAll: the stock cards some move could take, and their order in the stock list. */
  private readonly wantCard = new Int32Array(24);
  private readonly wantIndex = new Int32Array(24);
  private readonly wantKey = new Int32Array(24);
  private readonly tops = new Int8Array(7);
  private firstEmpty = -1;
  /**
   * After a move that restricts the next onto pile `only` (not empty): the two cards that fit on
   * its top (CHILD1, CHILD2; −1 without such a pile), and whether either lies face up in the
   * tableau (only those can come as runs). Set by `generate` for the position being generated.
   */
  private fit1 = -1;
  private fit2 = -1;
  private fitFaceUp = false;
  /** pruning.ts `kingMayFill` for the position being generated: 1 or 0, −1 before it is needed. */
  private kingMayCome = -1;
  private readonly partialMove = new Int32Array(7);
  private readonly partialScore = new Int32Array(7);
  /** The suits' next cards that lie inside a run (partialHomeRuns). */
  private readonly nextCards = new Int32Array(4);
  private readonly scores = new Int32Array(MOVES_PER_NODE);
  /** Noise added to the move-order scores (0: none) and the state of its generator (order.ts `addNoise`). */
  private noise = 0;
  private rng = 1;
  /** The noise goes only into frames whose moves start below this index (`setNoise`'s depth). */
  private noiseEnd = 0;

  constructor(
    private readonly s: State,
    private readonly pr: Pruning,
    private readonly moves: Int32Array,
  ) {
    this.allReach = stockAlwaysReachable(s);
  }

  /**
   * The moves of the position into moves[base …], in the order to try them; returns how many.
   * `mode` and `rCol` are the restriction left by the previous move (pruning.ts).
   */
  generate(base: number, rCol: number, mode: number): number {
    const s = this.s;
    const only = mode === FREE ? -1 : rCol;
    // where every stock card is reachable the stock plays are found from the cards wanted
    if (!this.allReach) this.stockReach();
    this.firstEmpty = -1;
    for (let b = 0; b < 7; b++)
      if (s.len[b] === 0) {
        this.firstEmpty = b;
        break;
      }
    const topCol = this.topCol;
    const tops = this.tops;
    const { len, cols } = s;
    for (let b = 0; b < 7; b++) {
      const l = len[b];
      const t = l === 0 ? -1 : cols[b * STRIDE + l - 1];
      tops[b] = t;
      if (t >= 0) topCol[t] = b;
    }
    this.marked = false;
    this.kingMayCome = -1;
    if (only >= 0 && s.len[only] !== 0) {
      const t = s.top(only);
      this.fit1 = CHILD1[t];
      this.fit2 = CHILD2[t];
      this.fitFaceUp = this.faceUpInTableau(this.fit1) || this.faceUpInTableau(this.fit2);
    } else {
      this.fit1 = -1;
      this.fit2 = -1;
      this.fitFaceUp = false;
    }
    let n = this.stockPlays(base, 0, only, mode);
    n = this.toFoundation(base, n, only, mode);
    n = this.kingRuns(base, n, only);
    n = this.wholeRuns(base, n, only, mode);
    n = this.partialRuns(base, n, only);
    if (s.foundationReturn) n = this.returns(base, n, only);
    for (let b = 0; b < 7; b++) if (tops[b] >= 0) topCol[tops[b]] = -1;
    if (this.noise > 0 && base < this.noiseEnd) this.rng = addNoise(this.scores, n, this.noise, this.rng);
    sortByScore(this.moves, this.scores, base, n);
    return n;
  }

  /**
   * The stock cards that can be played (moves.ts `stockReach`). Which deck indices those are
   * depends only on the stock position, the pass and the deck's length (the draw and the pass
   * limit are the search's), so the list of the last call is kept while those stay the same: most
   * moves leave the stock alone.
   */
  private stockReach(): void {
    const s = this.s;
    if (s.w === this.reachW && s.n === this.reachDeck && s.pass === this.reachPass) return;
    this.reachN = stockReach(s, this.reach, this.reachCost);
    this.reachW = s.w;
    this.reachDeck = s.n;
    this.reachPass = s.pass;
  }

  /**
   * From now on, adds noise in [0, noise) to each move's score in the frames of depth below
   * `depth` (the deeper ones keep the plain order), from a generator seeded with `seed`.
   */
  setNoise(noise: number, seed: number, depth: number): void {
    this.noise = noise;
    this.noiseEnd = depth * MOVES_PER_NODE;
    this.rng = seed | 0 || 1;
  }

  /** Stock plays: to the foundations, Kings into an empty pile, onto piles (only onto `only` when stock plays must build on it). */
  private stockPlays(base: number, n: number, only: number, mode: number): number {
    const s = this.s;
    // after UNCOVERED, and after PLACED where stock plays commute, stock plays build on `only`
    const mustBuild = mode === UNCOVERED || (mode === PLACED && this.allReach);
    if (this.allReach) return this.stockPlaysAll(base, n, only, mustBuild);
    // the stock's last card may go home safely: no play that needs a redeal before it has
    const skipRedeal = !mustBuild && this.pr.safeFoundation && s.w < s.n && safeLastStockCard(s);
    for (let k = 0; k < this.reachN; k++) {
      const cost = this.reachCost[k];
      if (cost === 2 && skipRedeal) continue;
      n = this.cardPlays(base, n, this.reach[k], cost, only, mustBuild);
    }
    return n;
  }

  /**
   * The plays of the stock card at deck index i, reached at stock cost `cost`: onto pile `only`
   * when stock plays must build on it; else home when it is next, a King into the empty piles
   * (the first only with oneEmptyColumn), any other card onto each pile that takes it.
   */
  private cardPlays(base: number, n: number, i: number, cost: number, only: number, mustBuild: boolean): number {
    const s = this.s;
    const c = s.deck[i];
    if (mustBuild) return this.addOnto(base, n, c, S2T, 0, i, STOCK_TO_PILE - cost, only);
    if (s.found[c & 3] === RANK[c] - 1) n = this.push(base, n, mv(S2F, 0, c & 3, 1, i), STOCK_TO_FOUNDATION - cost);
    if (RANK[c] !== 13) return this.addOnto(base, n, c, S2T, 0, i, STOCK_TO_PILE - cost, -1);
    const firstOnly = firstEmptyOnly(this.pr);
    for (let b = 0; b < 7; b++) {
      if (s.len[b] !== 0) continue;
      n = this.push(base, n, mv(S2T, 0, b, 1, i), STOCK_KING_TO_EMPTY - cost);
      if (firstOnly) break;
    }
    return n;
  }

  /**
   * stockPlays where every stock card is always reachable (draw 1, unlimited passes), found from
   * the other end: the cards some move could take (the pile tops' children, the suits' next
   * cards, the Kings when a pile is empty) that lie in the stock or waste (`inDeck`), put in the
   * order of the stock list (`stockReach`: the waste top, the stock, then the rest of the waste;
   * each in deck order) and given the same moves in the same order as stockPlays would. The same
   * search, without going through the stock card by card.
   */
  private stockPlaysAll(base: number, n: number, only: number, mustBuild: boolean): number {
    const s = this.s;
    const { inDeck, found, deck } = s;
    const tops = this.tops;
    const cards = this.wantCard;
    let k = 0;
    for (let b = mustBuild ? only : 0; b <= (mustBuild ? only : 6); b++) {
      const t = tops[b];
      if (t < 0) continue;
      const c1 = CHILD1[t];
      if (c1 < 52 && inDeck[c1] && !listed(cards, k, c1)) cards[k++] = c1;
      const c2 = CHILD2[t];
      if (c2 < 52 && inDeck[c2] && !listed(cards, k, c2)) cards[k++] = c2;
    }
    if (!mustBuild) {
      for (let suit = 0; suit < 4; suit++) {
        if (found[suit] === 13) continue;
        const c = makeCard(found[suit] + 1, suit);
        if (inDeck[c] && !listed(cards, k, c)) cards[k++] = c;
      }
      if (this.firstEmpty >= 0)
        for (let suit = 0; suit < 4; suit++) {
          const c = makeCard(13, suit);
          if (inDeck[c] && !listed(cards, k, c)) cards[k++] = c;
        }
    }
    if (k === 0) return n;
    // each card's deck index, and its place in the stock list (insertion sort: a few cards)
    const { wantIndex, wantKey } = this;
    const w = s.w;
    const len = s.n;
    for (let q = 0; q < k; q++) {
      const c = cards[q];
      let i = 0;
      while (deck[i] !== c) i++;
      const key = i === w - 1 ? -1 : i >= w ? i : i + len;
      let j = q - 1;
      while (j >= 0 && wantKey[j] > key) {
        wantKey[j + 1] = wantKey[j];
        wantIndex[j + 1] = wantIndex[j];
        j--;
      }
      wantKey[j + 1] = key;
      wantIndex[j + 1] = i;
    }
    for (let q = 0; q < k; q++) {
      const i = wantIndex[q];
      // stockCost: 0 for the waste top, 1 in this pass, 2 after a redeal
      n = this.cardPlays(base, n, i, i === w - 1 ? 0 : i >= w ? 1 : 2, only, mustBuild);
    }
    return n;
  }

  /** Tableau tops to their foundations (after UNCOVERED, only the uncovered card). */
  private toFoundation(base: number, n: number, only: number, mode: number): number {
    const s = this.s;
    if (only >= 0 && mode !== UNCOVERED) return n;
    // every pile, or the uncovered one only
    const last = only >= 0 ? only : 6;
    for (let a = Math.max(only, 0); a <= last; a++) {
      const len = s.len[a];
      if (len === 0) continue;
      const top = s.top(a);
      if (s.found[top & 3] !== RANK[top] - 1) continue;
      const down = s.down[a];
      n = this.push(base, n, mv(T2F, a, top & 3, 1, 0), TO_FOUNDATION + (len === down + 1 ? down : 0));
    }
    return n;
  }

  /** King runs (each pile's whole face-up run, based on a King) into an empty pile. */
  private kingRuns(base: number, n: number, only: number): number {
    const s = this.s;
    // none into pile `only` unless it is empty
    if (this.firstEmpty < 0 || this.fit1 >= 0) return n;
    const firstOnly = firstEmptyOnly(this.pr);
    for (let a = 0; a < 7; a++) {
      const len = s.len[a];
      const down = s.down[a];
      if (len === 0 || RANK[s.cols[a * STRIDE + down]] !== 13 || !kingRunMayMove(s, a, this.pr)) continue;
      for (let b = 0; b < 7; b++) {
        if (s.len[b] !== 0 || (only >= 0 && b !== only) || (firstOnly && b !== this.firstEmpty)) continue;
        n = this.push(base, n, mv(T2T, a, b, len - down, 0), KING_TO_EMPTY + down);
      }
    }
    return n;
  }

  /** Each pile's whole face-up run (not a King's) onto a pile, where it turns a card up or empties the pile. */
  private wholeRuns(base: number, n: number, only: number, mode: number): number {
    const s = this.s;
    // onto pile `only`: a run whose foot is one of the two cards that fit on its top (or, after
    // PLACED, any run that empties its pile)
    const c1 = this.fit1;
    const c2 = this.fit2;
    if (c1 >= 0 && mode !== PLACED && !this.fitFaceUp) return n;
    for (let a = 0; a < 7; a++) {
      const len = s.len[a];
      if (len === 0) continue;
      const down = s.down[a];
      const baseCard = s.cols[a * STRIDE + down];
      const anyPile = mode === PLACED && emptyingAfterPlaced(s, a, this.pr);
      if (c1 >= 0 && baseCard !== c1 && baseCard !== c2 && !anyPile) continue;
      // nowhere to go (a King's parents are never tops), the usual case: nothing more to look at
      let b1 = this.topCol[PARENT1[baseCard]];
      let b2 = this.topCol[PARENT2[baseCard]];
      if (b1 < 0 && b2 < 0) continue;
      // a pile emptied for a King that cannot come
      if (down === 0 && this.pr.emptyForKing) {
        if (this.kingMayCome < 0) {
          this.stockReach();
          this.kingMayCome = kingMayFill(s, this.reach, this.reachN) ? 1 : 0;
        }
        if (this.kingMayCome === 0) continue;
      }
      if (b1 > b2) {
        const t = b1;
        b1 = b2;
        b2 = t;
      }
      const move = mv(T2T, a, 0, len - down, 0);
      const score = down > 0 ? RUN_TURNS_UP + down : RUN_EMPTIES;
      if (b1 >= 0 && (only < 0 || b1 === only || anyPile)) n = this.push(base, n, move | (b1 << 8), score);
      if (b2 >= 0 && (only < 0 || b2 === only || anyPile)) n = this.push(base, n, move | (b2 << 8), score);
    }
    return n;
  }

  /**
   * Partial runs, pile by pile from the card above each run's foot up: at most one per pile and
   * target pile (only one of a run's cards fits a given top), emitted in target order.
   */
  private partialRuns(base: number, n: number, only: number): number {
    const s = this.s;
    const { cols } = s;
    const partialRule = this.pr.partialRuns;
    const twins = this.pr.twinSwaps;
    const topCol = this.topCol;
    if (partialRule && twins) return this.partialHomeRuns(base, n, only);
    for (let a = 0; a < 7; a++) {
      const end = a * STRIDE + s.len[a];
      const pileMove = mv(T2T, a, 0, 0, 0);
      let slots = 0;
      for (let j = a * STRIDE + s.down[a] + 1; j < end; j++) {
        const x = cols[j - 1];
        let flag = 0;
        let score = PARTIAL;
        if (partialRule) {
          const home = partialSendsHome(s, x);
          if (twins) {
            if (!home) continue;
            flag = HOME_AFTER;
            score = PARTIAL_HOME;
          } else if (home) score = PARTIAL_HOME;
          else {
            if (!this.marked) this.markAvailable();
            if (!twinCanReplace(cols[j], this.available, this.mark)) continue;
          }
        }
        const c = cols[j];
        const move = pileMove | ((end - j) << 12) | flag;
        for (let k = 0; k < 2; k++) {
          const b = topCol[k === 0 ? PARENT1[c] : PARENT2[c]];
          if (b < 0 || (only >= 0 && b !== only)) continue;
          this.partialMove[b] = move | (b << 8);
          this.partialScore[b] = score;
          slots |= 1 << b;
        }
      }
      for (let b = 0; slots !== 0; b++, slots >>= 1) if (slots & 1) n = this.push(base, n, this.partialMove[b], this.partialScore[b]);
    }
    return n;
  }

  /**
   * partialRuns with twinSwaps: the same moves in the same order, found from the other end. The
   * cards a run may move off (`partialSendsHome`) are the suits' next cards; each lies in a pile's
   * run at the place its rank gives, so no run is scanned card by card.
   */
  private partialHomeRuns(base: number, n: number, only: number): number {
    const s = this.s;
    const { cols, len, down, found, isDown, inDeck } = s;
    // onto pile `only`: the run's foot is one of the two cards that fit on its top
    if (this.fit1 >= 0 && !this.fitFaceUp) return n;
    const topCol = this.topCol;
    const next = this.nextCards;
    let k = 0;
    for (let suit = 0; suit < 4; suit++) {
      const h = found[suit];
      if (h === 13) continue;
      const x = makeCard(h + 1, suit);
      // face up in the tableau, not a pile's top
      if (isDown[x] || inDeck[x] || topCol[x] >= 0 || !partialSendsHome(s, x)) continue;
      next[k++] = x;
    }
    if (k === 0) return n;
    for (let a = 0; a < 7; a++) {
      const foot = a * STRIDE + down[a];
      const end = a * STRIDE + len[a];
      if (end - foot < 2) continue;
      const footRank = RANK[cols[foot]];
      const topRank = RANK[cols[end - 1]];
      const pileMove = mv(T2T, a, 0, 0, 0) | HOME_AFTER;
      let slots = 0;
      for (let q = 0; q < k; q++) {
        const x = next[q];
        const r = RANK[x];
        // x lies footRank − r cards above the foot, when it is in this run below the top
        if (r <= topRank || r > footRank || cols[foot + footRank - r] !== x) continue;
        const j = foot + footRank - r + 1;
        const c = cols[j];
        const move = pileMove | ((end - j) << 12);
        for (let t = 0; t < 2; t++) {
          const b = topCol[t === 0 ? PARENT1[c] : PARENT2[c]];
          if (b < 0 || (only >= 0 && b !== only)) continue;
          this.partialMove[b] = move | (b << 8);
          slots |= 1 << b;
        }
      }
      for (let b = 0; slots !== 0; b++, slots >>= 1) if (slots & 1) n = this.push(base, n, this.partialMove[b], PARTIAL_HOME);
    }
    return n;
  }

  /** Foundation tops back down onto piles (Kings into an empty pile). */
  private returns(base: number, n: number, only: number): number {
    const s = this.s;
    if (this.fit1 >= 0) return this.returnsOnto(base, n, only);
    const firstOnly = firstEmptyOnly(this.pr);
    for (let suit = 0; suit < 4; suit++) {
      const h = s.found[suit];
      if (h === 0) continue;
      // no pile could take the card (no empty pile for a King): no move, whatever the rule says
      if (h === 13 ? this.firstEmpty < 0 : !this.anyPileTakes(makeCard(h, suit))) continue;
      if (this.pr.foundationReturns && !returnUseful(s, suit)) continue;
      if (h === 13) {
        for (let b = 0; b < 7; b++) {
          if (s.len[b] !== 0 || (only >= 0 && b !== only)) continue;
          n = this.push(base, n, mv(F2T, suit, b, 1, 0), RETURN);
          if (firstOnly) break;
        }
        continue;
      }
      n = this.addOnto(base, n, makeCard(h, suit), F2T, suit, 0, RETURN, only);
    }
    return n;
  }

  /**
   * `returns` onto pile `only` (not empty): the cards that fit on its top are its two children, so
   * only their suits are looked at, in suit order as `returns` takes them.
   */
  private returnsOnto(base: number, n: number, only: number): number {
    const s = this.s;
    const c1 = this.fit1;
    const c2 = this.fit2;
    if (c1 === 52) return n;
    const found = s.found;
    const check = this.pr.foundationReturns;
    // CHILD1 is a club or a diamond (suit 0 or 1), CHILD2 a heart or a spade (2 or 3)
    if (found[c1 & 3] === RANK[c1] && (!check || returnUseful(s, c1 & 3))) n = this.push(base, n, mv(F2T, c1 & 3, only, 1, 0), RETURN);
    if (found[c2 & 3] === RANK[c2] && (!check || returnUseful(s, c2 & 3))) n = this.push(base, n, mv(F2T, c2 & 3, only, 1, 0), RETURN);
    return n;
  }

  /**
   * After a pile was emptied (EMPTIED): every way to put a King into an empty pile (the first one
   * only with oneEmptyColumn), from the stock, the tableau (a King run with cards under it) or a
   * foundation, unscored, in that order; returns how many. pruning.ts `kingMayFill` tells, before
   * the pile is emptied, whether there will be any (test/empty-piles.test.ts checks the two agree).
   */
  kingsForEmptied(base: number): number {
    const s = this.s;
    const { cols, len, down, found } = s;
    const out = this.moves;
    let n = 0;
    this.stockReach();
    for (let b = 0; b < 7; b++) {
      if (len[b] !== 0) continue;
      for (let k = 0; k < this.reachN; k++) {
        const i = this.reach[k];
        if (RANK[s.deck[i]] === 13) out[base + n++] = mv(S2T, 0, b, 1, i);
      }
      for (let a = 0; a < 7; a++) {
        if (len[a] === 0 || down[a] === 0 || RANK[cols[a * STRIDE + down[a]]] !== 13) continue;
        out[base + n++] = mv(T2T, a, b, len[a] - down[a], 0);
      }
      if (s.foundationReturn) for (let suit = 0; suit < 4; suit++) if (found[suit] === 13) out[base + n++] = mv(F2T, suit, b, 1, 0);
      if (firstEmptyOnly(this.pr)) break;
    }
    return n;
  }

  private push(base: number, n: number, move: number, score: number): number {
    this.moves[base + n] = move;
    this.scores[n] = score;
    return n + 1;
  }

  /**
   * Adds the moves (kind, from a, deck index i) of card c onto each pile whose top takes it, in
   * pile order (only pile `only` when ≥ 0), scored `score`; returns the new move count.
   */
  private addOnto(base: number, n: number, c: number, kind: number, a: number, i: number, score: number, only: number): number {
    let b1 = this.topCol[PARENT1[c]];
    let b2 = this.topCol[PARENT2[c]];
    if (b1 > b2) {
      const t = b1;
      b1 = b2;
      b2 = t;
    }
    if (b1 >= 0 && (only < 0 || b1 === only)) n = this.push(base, n, mv(kind, a, b1, 1, i), score);
    if (b2 >= 0 && (only < 0 || b2 === only)) n = this.push(base, n, mv(kind, a, b2, 1, i), score);
    return n;
  }

  /** True when card c (52: none) lies face up in the tableau. */
  private faceUpInTableau(c: number): boolean {
    const s = this.s;
    return c < 52 && !s.isDown[c] && !s.inDeck[c] && s.found[c & 3] < RANK[c];
  }

  /** True when some pile's top takes card c (not a King). */
  private anyPileTakes(c: number): boolean {
    return this.topCol[PARENT1[c]] >= 0 || this.topCol[PARENT2[c]] >= 0;
  }

  /** Marks the cards available now, with a fresh mark (the marks never need clearing). */
  private markAvailable(): void {
    if (++this.mark === 0x7fffffff) {
      this.available.fill(0);
      this.mark = 1;
    }
    this.stockReach();
    markAvailable(this.s, this.reach, this.reachN, this.available, this.mark);
    this.marked = true;
  }
}

/** True when card c is among list[0 … k). */
function listed(list: Int32Array, k: number, c: number): boolean {
  for (let q = 0; q < k; q++) if (list[q] === c) return true;
  return false;
}
