/**
 * The solver: depth-first search over the packed state with a transposition table, stock
 * macro-moves and move pruning. Every rule keeps the verdict exact under every rule variant
 * (pass limits, forbidden foundation returns); each can be switched off for tests (`Pruning`).
 * docs/solver.md gives the argument for each.
 *
 * - Staged solve: a 20,000-node search first; then the easiest rules (draw 1, unlimited passes,
 *   foundation returns) with half the budget left, since a deal lost there is lost under
 *   any rules; then the full search.
 * - Dead deal: a card above both cards it could go on and a lower card of its suit never moves.
 * - Table key: the columns' order, which of two twins (same rank and colour) holds which run,
 *   and (unlimited passes) the stock position on the draw grid do not count.
 * - Safe foundation moves are played without branching: a tableau top of rank r goes up when
 *   both foundations of the other colour hold r−1 and the other suit of its colour holds r−2
 *   (with foundation returns forbidden, the first condition is enough); Aces and twos always.
 *   With draw 1 and unlimited passes, safe stock cards go up the same way.
 * - Stock macro-moves: "play the card that k draws (and maybe one redeal) would expose", each
 *   card reached the cheapest way. After a stock card goes onto a pile, the next move builds on
 *   it or is another stock move (or empties a pile).
 * - A partial run moves only to send the card it uncovers home, as one compound move (any other
 *   partial move trades places between twins, which the key ignores).
 * - A King moves to one empty column only; a lone King run never moves to an empty column. A
 *   pile is emptied (its run moved away, nothing under it) only to put a King there next.
 * - A foundation card comes back down only when some card of the other colour one rank lower
 *   (to land on it) or the same rank (to take the next card of its suit) is not face down; an
 *   Ace never comes back.
 * - Moves are ordered so wins come early: foundation moves, runs that turn a card up, stock.
 */
import { RANK, RED } from './cards.ts';
import {
  DRAW,
  F2T,
  REDEAL,
  S2F,
  S2T,
  T2F,
  T2T,
  aOf,
  bOf,
  childHash,
  countOf,
  genAtomic,
  indexOf,
  kindOf,
  make,
  mv,
  stockPassFor,
  undo,
} from './moves.ts';
import type { AtomicMove } from './notation.ts';
import type { Position } from './position.ts';
import { toAtomic } from './solution.ts';
import { State, STRIDE } from './state.ts';
import { TranspositionTable } from './tt.ts';
import type { Rules } from './types.ts';

export type Verdict = 'winnable' | 'unwinnable' | 'unknown';

/** Search budgets; each has a default (DEFAULT_BUDGET). */
export interface Budget {
  maxNodes?: number;
  timeoutMs?: number;
  /** Transposition table size in MiB. */
  maxMemoryMb?: number;
}

export const DEFAULT_BUDGET: Required<Budget> = { maxNodes: 200_000_000, timeoutMs: 60_000, maxMemoryMb: 1024 };

/** Switches for the pruning rules (all on by default); tests turn them off to cross-check. */
export interface Pruning {
  safeFoundation: boolean;
  partialRuns: boolean;
  foundationReturns: boolean;
  oneEmptyColumn: boolean;
  /** Stock macro-moves; off means atomic draws and redeals, as perft counts them. */
  stockMacros: boolean;
  /** After a stock card goes onto the tableau, the next move must build on it or be a stock move. */
  delayStock: boolean;
  /** After a partial run move uncovers x, the next move must play x home or build on x. */
  delayPartial: boolean;
  /**
   * Positions that differ only by which of two twins (same rank and colour) holds which run are
   * one state in the table; a partial run then moves only to send the card it uncovers home, as
   * one compound move.
   */
  twinSwaps: boolean;
  /**
   * With unlimited passes, stock positions on the draw grid (w a multiple of the draw, or the
   * whole stock turned) are one state: each reaches the others by draws and a redeal.
   */
  stockGrid: boolean;
  /** A pile is emptied (its whole run moved, nothing under it) only to put a King there next. */
  emptyForKing: boolean;
  /**
   * Under harder rules than draw 1 with unlimited passes: after a short search, try those easiest
   * rules first (a deal lost there is lost under any rules); then search in full.
   */
  relaxation: boolean;
  /** Answer "unwinnable" at once when a card lies above both cards it could go on and a lower card of its suit. */
  deadCheck: boolean;
}

export const FULL_PRUNING: Pruning = {
  safeFoundation: true,
  partialRuns: true,
  foundationReturns: true,
  oneEmptyColumn: true,
  stockMacros: true,
  delayStock: true,
  delayPartial: true,
  twinSwaps: true,
  stockGrid: true,
  emptyForKing: true,
  deadCheck: true,
  relaxation: true,
};
export const NO_PRUNING: Pruning = {
  safeFoundation: false,
  partialRuns: false,
  foundationReturns: false,
  oneEmptyColumn: false,
  stockMacros: false,
  delayStock: false,
  delayPartial: false,
  twinSwaps: false,
  stockGrid: false,
  emptyForKing: false,
  deadCheck: false,
  relaxation: false,
};

export interface SolveStats {
  /** Positions expanded. */
  nodes: number;
  /** Distinct positions stored in the transposition table. */
  uniqueStates: number;
  /** Positions found in the table (already searched). */
  ttHits: number;
  ms: number;
  /** Atomic moves in the solution (0 unless winnable). */
  solutionLength: number;
}

export interface SolveResult {
  verdict: Verdict;
  /** For `unwinnable`: 'relaxed' when proved under the easiest rules (draw 1, unlimited passes, foundation returns). */
  proof?: 'relaxed';
  /** Which budget ran out, for `unknown` ('depth': a line of play longer than the search's stack). */
  reason?: 'nodes' | 'time' | 'memory' | 'depth';
  /** Atomic moves from the position to the win; empty unless winnable. */
  moves: AtomicMove[];
  stats: SolveStats;
}

const MAX_DEPTH = 16384;
/** What entering a position found. */
const WON = 0;
const EXPANDED = 1;
const PRUNED = 2;
/** Restrictions on the next move, set by the previous one. */
const FREE = 0;
/** A stock card was put on pile rCol: build on it, or play from the stock. */
const PLACED = 1;
/** A partial run left card x on top of pile rCol: play x home or build on it. */
const UNCOVERED = 2;
/** A pile was emptied by moving its run away: put a King into an empty pile. */
const EMPTIED = 3;
const MOVES_PER_NODE = 256;
/** The two cards a card can be built on (one rank higher, other colour); Kings: none (52). */
const PARENT1 = new Int32Array(52);
const PARENT2 = new Int32Array(52);
for (let c = 0; c < 52; c++) {
  const r = RANK[c];
  PARENT1[c] = r === 13 ? 52 : r * 4 + (RED[c] ? 0 : 1);
  PARENT2[c] = r === 13 ? 52 : r * 4 + (RED[c] ? 3 : 2);
}
/** Flag on a partial T2T move: then play the card it uncovers to its foundation (twinSwaps). */
const HOME_AFTER = 1 << 24;

let sharedTable: TranspositionTable | undefined;

/** The search's work arrays, allocated once per thread. */
const WORK = {
  moves: new Int32Array(MAX_DEPTH * MOVES_PER_NODE),
  scores: new Int32Array(MOVES_PER_NODE),
  path: new Int32Array(MAX_DEPTH * 2 + 64),
  tokens: new Int32Array(MAX_DEPTH * 2 + 64),
  fCount: new Int32Array(MAX_DEPTH),
  fNext: new Int32Array(MAX_DEPTH),
  fAutos: new Int32Array(MAX_DEPTH),
  fMark: new Int32Array(MAX_DEPTH),
  fToken: new Int32Array(MAX_DEPTH),
  fToken2: new Int32Array(MAX_DEPTH),
};

/** Decides whether the position (validated) can be won under the rules. */
export function solve(position: Position, rules: Rules, budget: Budget = {}, pruning: Pruning = FULL_PRUNING): SolveResult {
  const b = { ...DEFAULT_BUDGET, ...budget };
  if (!pruning.relaxation || (rules.draw === 1 && rules.passes === null)) return searchOnce(position, rules, b, pruning);
  // 1. a short search under the rules asked for: most deals are decided here
  const t0 = performance.now();
  const first = searchOnce(position, rules, { ...b, maxNodes: Math.min(b.maxNodes, FIRST_NODES) }, pruning);
  if (first.verdict !== 'unknown' || first.reason !== 'nodes' || b.maxNodes <= FIRST_NODES) return first;
  const total = { ...first.stats };
  const left = () => ({ maxNodes: b.maxNodes - total.nodes, timeoutMs: b.timeoutMs - (performance.now() - t0) });
  const add = (r: SolveResult) => {
    total.nodes += r.stats.nodes;
    total.uniqueStates += r.stats.uniqueStates;
    total.ttHits += r.stats.ttHits;
  };
  // 2. the easiest rules (draw 1, unlimited passes, foundation returns allowed), with half of
  // what is left: every line of play under the rules asked for is one there too, so lost there
  // means lost here
  const l = left();
  const relaxed = searchOnce(
    position,
    RELAXED,
    { maxNodes: Math.floor(l.maxNodes / 2), timeoutMs: l.timeoutMs / 2, maxMemoryMb: b.maxMemoryMb },
    pruning,
  );
  add(relaxed);
  if (relaxed.verdict === 'unwinnable')
    return { verdict: 'unwinnable', proof: 'relaxed', moves: [], stats: { ...total, ms: performance.now() - t0, solutionLength: 0 } };
  // 3. the full search under the rules asked for, with everything left
  const last = searchOnce(position, rules, { ...left(), maxMemoryMb: b.maxMemoryMb }, pruning);
  add(last);
  return { ...last, stats: { ...total, ms: performance.now() - t0, solutionLength: last.stats.solutionLength } };
}

/** Nodes for the first, short search of a staged solve. */
const FIRST_NODES = 20_000;
const RELAXED: Rules = { draw: 1, passes: null, foundationReturn: true };

function searchOnce(position: Position, rules: Rules, b: Required<Budget>, pruning: Pruning): SolveResult {
  if (b.maxNodes < 1 || b.timeoutMs <= 0)
    return {
      verdict: 'unknown',
      reason: b.maxNodes < 1 ? 'nodes' : 'time',
      moves: [],
      stats: { nodes: 0, uniqueStates: 0, ttHits: 0, ms: 0, solutionLength: 0 },
    };
  if (!sharedTable || sharedTable.maxCapacity !== TranspositionTable.capacityFor(b.maxMemoryMb))
    sharedTable = new TranspositionTable(b.maxMemoryMb);
  else sharedTable.clear();
  const search = new Search(
    State.fromPosition(position, rules, !pruning.stockMacros, pruning.twinSwaps, pruning.stockGrid),
    sharedTable,
    b,
    pruning,
  );
  return search.run();
}

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
        for (let r = 1; r < RANK[x]; r++) if (below[(r - 1) * 4 + (x & 3)]) return x;
      }
      below[x] = 1;
    }
  }
  return -1;
}

class Search {
  nodes = 0;
  hits = 0;
  aborted: 'nodes' | 'time' | 'memory' | 'depth' | undefined;
  private readonly deadline: number;
  // work arrays, shared by every search of this thread (a search runs to its end before the next)
  private readonly moves = WORK.moves;
  private readonly scores = WORK.scores;
  /** The moves from the start to here (safe moves included), and their undo tokens. */
  private readonly path = WORK.path;
  private readonly tokens = WORK.tokens;
  /** Search frames by depth: moves generated, next move to try, safe moves played, path length on entry, undo token of the move being tried. */
  private readonly fCount = WORK.fCount;
  private readonly fNext = WORK.fNext;
  private readonly fAutos = WORK.fAutos;
  private readonly fMark = WORK.fMark;
  private readonly fToken = WORK.fToken;
  private readonly fToken2 = WORK.fToken2;
  private pathLen = 0;
  private readonly start: State;
  /** Per-card marks with a generation counter, so they never need clearing. */
  private readonly avail = new Int32Array(52);
  private gen = 0;
  private readonly reach = new Int32Array(52);
  private reachN = 0;
  /** Column whose top is card c, or -1 (kept all -1 between calls of generate). */
  private readonly topCol = new Int8Array(53).fill(-1);
  private readonly tops = new Int8Array(7);
  /** One pile's run moves by target pile (generate). */
  private readonly slotMove = new Int32Array(7);
  private readonly slotScore = new Int32Array(7);

  constructor(
    private readonly s: State,
    private readonly tt: TranspositionTable,
    private readonly budget: Required<Budget>,
    private readonly pr: Pruning,
  ) {
    this.start = s.clone();
    this.deadline = Date.now() + budget.timeoutMs;
  }

  run(): SolveResult {
    const t0 = performance.now();
    this.tt.insert(this.s.h1, this.s.h2);
    const won = this.pr.deadCheck && this.s.home < 52 && stuckCard(this.s) >= 0 ? false : this.search();
    const ms = performance.now() - t0;
    const stats: SolveStats = { nodes: this.nodes, uniqueStates: this.tt.count, ttHits: this.hits, ms, solutionLength: 0 };
    if (won) {
      const moves = this.atomicSolution();
      stats.solutionLength = moves.length;
      return { verdict: 'winnable', moves, stats };
    }
    if (this.aborted) return { verdict: 'unknown', reason: this.aborted, moves: [], stats };
    return { verdict: 'unwinnable', moves: [], stats };
  }

  /** Expands the path (macro-moves, safe moves) into atomic moves, replayed from the start. */
  private atomicSolution(): AtomicMove[] {
    const s = this.start.clone();
    const out: AtomicMove[] = [];
    const step = (m: number) => {
      out.push(toAtomic(s, m));
      make(s, m);
    };
    for (let k = 0; k < this.pathLen; k++) {
      const m = this.path[k];
      const kind = kindOf(m);
      if (kind === S2F || kind === S2T) {
        const i = indexOf(m);
        if (i !== s.w - 1) {
          const pass = stockPassFor(s, i);
          if (pass !== s.pass) {
            while (s.w < s.n) step(mv(DRAW, 0, 0, 1, 0));
            step(mv(REDEAL, 0, 0, 1, 0));
          }
          while (s.w !== i + 1) step(mv(DRAW, 0, 0, 1, 0));
        }
        step(mv(kind, 0, bOf(m), 1, s.w - 1));
      } else step(m);
    }
    if (s.home !== 52) throw new Error('internal: solution path does not win');
    return out;
  }

  /**
   * The depth-first search, with an explicit stack (frames indexed by depth) so that deep
   * searches never run out of call stack. Returns true when a win is on the path.
   */
  private search(): boolean {
    const s = this.s;
    const delayStock = this.pr.delayStock && this.pr.stockMacros;
    const delayPartial = this.pr.delayPartial && this.pr.stockMacros;
    const emptyForKing = this.pr.emptyForKing && this.pr.stockMacros;
    const r0 = this.enter(0, -1, FREE, -1);
    if (r0 !== EXPANDED) return r0 === WON;
    let d = 0;
    while (d >= 0) {
      const k = this.fNext[d]++;
      if (this.aborted || k >= this.fCount[d]) {
        // frame d is done: take back its safe moves and the move that led to it
        this.undoSafe(this.fAutos[d], this.fMark[d]);
        d--;
        if (d >= 0) this.takeBack(d, this.moves[d * MOVES_PER_NODE + this.fNext[d] - 1]);
        continue;
      }
      const m = this.moves[d * MOVES_PER_NODE + k];
      const kind = kindOf(m);
      const from = aOf(m);
      let partial = false;
      let emptied = false;
      if (m & HOME_AFTER) {
        // a partial run onto the twin of the card it leaves, and that card home
        const m1 = m & ~HOME_AFTER;
        this.fToken[d] = make(s, m1);
        const x = s.top(from);
        const m2 = mv(T2F, from, x & 3, 1, 0);
        this.fToken2[d] = make(s, m2);
        if (this.tt.insert(s.h1, s.h2)) {
          this.hits++;
          undo(s, m2, this.fToken2[d]);
          undo(s, m1, this.fToken[d]);
          continue;
        }
        this.path[this.pathLen++] = m1;
        this.path[this.pathLen++] = m2;
      } else {
        childHash(s, m);
        if (this.tt.insert(s.ph1, s.ph2)) {
          this.hits++;
          continue;
        }
        partial = delayPartial && kind === T2T && countOf(m) < s.len[from] - s.down[from];
        emptied = emptyForKing && kind === T2T && countOf(m) === s.len[from] && s.down[from] === 0;
        this.fToken[d] = make(s, m);
        this.path[this.pathLen++] = m;
      }
      let r: number;
      if (delayStock && kind === S2T) r = this.enter(d + 1, bOf(m), PLACED, s.top(bOf(m)));
      else if (partial) r = this.enter(d + 1, from, UNCOVERED, s.top(from));
      else if (emptied) r = this.enter(d + 1, from, EMPTIED, -1);
      else r = this.enter(d + 1, -1, FREE, -1);
      if (r === WON) return true;
      if (r === EXPANDED) {
        d++;
        continue;
      }
      this.takeBack(d, m);
    }
    return false;
  }

  /** Takes back move m of frame d (made with its tokens), and its path entries. */
  private takeBack(d: number, m: number): void {
    const s = this.s;
    if (m & HOME_AFTER) {
      this.pathLen -= 2;
      undo(s, this.path[this.pathLen + 1], this.fToken2[d]);
      undo(s, m & ~HOME_AFTER, this.fToken[d]);
    } else {
      this.pathLen--;
      undo(s, m, this.fToken[d]);
    }
  }

  /**
   * Enters a position at depth d: counts it, plays its safe moves, and either finds it won, prunes
   * it (everything taken back), or sets up frame d with its moves. The previous move may restrict
   * this one (`mode`, on pile `rCol` whose top was `rCard`): any move it rules out could have been
   * played before the previous move, so the position it leads to is searched from there
   * (delayStock, delayPartial).
   */
  private enter(d: number, rCol: number, mode: number, rCard: number): number {
    const s = this.s;
    if ((++this.nodes & 1023) === 0) {
      if (this.nodes >= this.budget.maxNodes) this.aborted = 'nodes';
      else if (Date.now() > this.deadline) this.aborted = 'time';
      else if (this.tt.exhausted) this.aborted = 'memory';
    }
    if (this.aborted || d >= MAX_DEPTH - 1) {
      if (!this.aborted) this.aborted = 'depth';
      return PRUNED;
    }
    const pathMark = this.pathLen;
    // safe foundation moves, without branching
    const autos = this.pr.safeFoundation ? this.playSafe() : 0;
    if (s.home === 52) return WON;
    if (mode === PLACED && (s.len[rCol] === 0 || s.top(rCol) !== rCard)) {
      // the placed card went straight up: the same as playing it from the stock to its foundation
      this.undoSafe(autos, pathMark);
      return PRUNED;
    }
    if (mode === UNCOVERED && autos > 0) mode = FREE; // x went home by itself
    // the position before the safe moves was stored by the caller; store the one after them too
    if (autos > 0 && this.tt.insert(s.h1, s.h2)) {
      this.hits++;
      this.undoSafe(autos, pathMark);
      return PRUNED;
    }
    const base = d * MOVES_PER_NODE;
    this.fCount[d] = !this.pr.stockMacros
      ? genAtomic(s, this.moves, base) - base
      : mode === EMPTIED
        ? this.generateKings(base)
        : this.generate(base, rCol, mode);
    this.fNext[d] = 0;
    this.fAutos[d] = autos;
    this.fMark[d] = pathMark;
    return EXPANDED;
  }

  /** True when card c, whose suit is ready for it, may go home without losing anything. */
  private safeHome(c: number): boolean {
    const r = RANK[c];
    if (r <= 2) return true;
    const found = this.s.found;
    // the other colour's suits: clubs and spades for a red card, diamonds and hearts for a black one
    const o1 = RED[c] ? 0 : 1;
    const o2 = RED[c] ? 3 : 2;
    if (found[o1] < r - 1 || found[o2] < r - 1) return false;
    return !this.s.foundationReturn || found[(c & 3) ^ 3] >= r - 2;
  }

  /**
   * Plays safe moves home until none is left; returns how many (on the path). Tableau tops
   * always; stock cards too with draw 1 and unlimited passes, where taking a card out of the
   * stock changes nothing for the others (every card stays reachable).
   */
  private playSafe(): number {
    const s = this.s;
    const { found, len, cols } = s;
    const stockToo = s.draw === 1 && s.passLimit === Infinity;
    let count = 0;
    let again = true;
    while (again) {
      again = false;
      for (let a = 0; a < 7; a++) {
        const l = len[a];
        if (l === 0) continue;
        const c = cols[a * STRIDE + l - 1];
        if (found[c & 3] !== RANK[c] - 1 || !this.safeHome(c)) continue;
        const m = mv(T2F, a, c & 3, 1, 0);
        this.tokens[this.pathLen] = make(s, m);
        this.path[this.pathLen++] = m;
        count++;
        again = true;
      }
      if (stockToo) {
        for (let i = 0; i < s.n; i++) {
          const c = s.deck[i];
          if (found[c & 3] !== RANK[c] - 1 || !this.safeHome(c)) continue;
          const m = mv(S2F, 0, c & 3, 1, i);
          this.tokens[this.pathLen] = make(s, m);
          this.path[this.pathLen++] = m;
          count++;
          again = true;
          break; // indices shift: rescan
        }
      }
    }
    return count;
  }

  private undoSafe(autos: number, pathMark: number): void {
    if (autos === 0) {
      this.pathLen = pathMark;
      return;
    }
    for (let k = pathMark + autos - 1; k >= pathMark; k--) undo(this.s, this.path[k], this.tokens[k]);
    this.pathLen = pathMark;
  }

  /** Marks the stock cards reachable as waste tops; fills `reach` with their deck indices. */
  private computeReach(): void {
    const s = this.s;
    let k = 0;
    const { w, n, draw } = s;
    if (w > 0) this.reach[k++] = w - 1;
    if (w < n) {
      for (let i = w + draw - 1; i < n - 1; i += draw) this.reach[k++] = i;
      this.reach[k++] = n - 1;
    }
    if (n > 0 && s.pass < s.passLimit) {
      // after a redeal: every draw-th card and the last; skip those already reachable this pass
      for (let i = draw - 1; i < n; i += draw) if (!this.reachableThisPass(i)) this.reach[k++] = i;
      if (!this.reachableThisPass(n - 1) && (n - 1) % draw !== draw - 1) this.reach[k++] = n - 1;
    }
    this.reachN = k;
  }

  private reachableThisPass(i: number): boolean {
    const s = this.s;
    return i === s.w - 1 || (i >= s.w && ((i + 1 - s.w) % s.draw === 0 || i === s.n - 1));
  }

  /** Cards available to land somewhere now: face-up tableau cards, reachable stock cards, foundation tops. */
  private markAvailable(): void {
    const s = this.s;
    const g = ++this.gen;
    for (let a = 0; a < 7; a++) for (let j = a * STRIDE + s.down[a]; j < a * STRIDE + s.len[a]; j++) this.avail[s.cols[j]] = g;
    for (let k = 0; k < this.reachN; k++) this.avail[s.deck[this.reach[k]]] = g;
    if (s.foundationReturn) for (let suit = 0; suit < 4; suit++) if (s.found[suit] > 0) this.avail[(s.found[suit] - 1) * 4 + suit] = g;
  }

  /**
   * Solver moves (macro stock moves, pruned tableau moves) in order; returns how many. After
   * PLACED or UNCOVERED, only moves onto pile `rCol` (`only`), plus stock moves after PLACED and
   * the top of `rCol` to its foundation after UNCOVERED.
   */
  private generate(base: number, rCol: number, mode: number): number {
    const s = this.s;
    const only = mode === FREE ? -1 : rCol;
    // With draw 1 and unlimited passes every stock card is always reachable and the stock
    // position is not part of the state, so stock plays commute: after a stock card goes onto
    // the tableau, even the next stock play must build on it. After UNCOVERED, stock plays
    // must build on the uncovered card too.
    const stockFree = mode === UNCOVERED || (mode === PLACED && s.draw === 1 && s.passLimit === Infinity);
    const { cols, len, down, found } = s;
    const out = this.moves;
    const sc = this.scores;
    let n = 0;
    this.computeReach();
    let firstEmpty = -1;
    for (let b = 0; b < 7; b++)
      if (len[b] === 0) {
        firstEmpty = b;
        break;
      }
    const oneEmpty = this.pr.oneEmptyColumn;
    const twins = this.pr.twinSwaps;
    // the column whose top is each card (-1: none), for "which piles take card c"
    const topCol = this.topCol;
    const tops = this.tops;
    for (let b = 0; b < 7; b++) {
      const t = len[b] === 0 ? -1 : cols[b * STRIDE + len[b] - 1];
      tops[b] = t;
      if (t >= 0) topCol[t] = b;
    }
    // stock
    for (let k = 0; k < this.reachN; k++) {
      const i = this.reach[k];
      const c = s.deck[i];
      const cost = i === s.w - 1 ? 0 : stockPassFor(s, i) === s.pass ? 1 : 2;
      if (stockFree) {
        n = this.addOnto(base, n, c, S2T, 0, i, 400 - cost, only);
        continue;
      }
      if (found[c & 3] === RANK[c] - 1) {
        out[base + n] = mv(S2F, 0, c & 3, 1, i);
        sc[n++] = 900 - cost;
      }
      if (RANK[c] === 13) {
        for (let b = 0; b < 7; b++) {
          if (len[b] !== 0) continue;
          out[base + n] = mv(S2T, 0, b, 1, i);
          sc[n++] = 500 - cost;
          if (oneEmpty) break;
        }
      } else n = this.addOnto(base, n, c, S2T, 0, i, 400 - cost, -1);
    }
    let partialsMarked = false;
    for (let a = 0; a < 7; a++) {
      const la = len[a];
      if (la === 0) continue;
      const top = cols[a * STRIDE + la - 1];
      if ((only < 0 || (mode === UNCOVERED && a === only)) && found[top & 3] === RANK[top] - 1) {
        out[base + n] = mv(T2F, a, top & 3, 1, 0);
        sc[n++] = 1000 + (la === down[a] + 1 ? down[a] : 0);
      }
      const baseIdx = a * STRIDE + down[a];
      const baseCard = cols[baseIdx];
      const baseRank = RANK[baseCard];
      // after PLACED, emptying moves stay allowed: emptyForKing wants them played last, just before the King
      const emptiesPile = mode === PLACED && this.pr.emptyForKing && down[a] === 0 && baseRank !== 13;
      // this pile's run moves, at most one per target pile (only one of its cards fits there), by card
      let slots = 0;
      const slotMove = this.slotMove;
      const slotScore = this.slotScore;
      if (baseRank === 13) {
        // a King run into an empty pile (a lone King run: moving it changes nothing)
        if (!(down[a] === 0 && oneEmpty)) {
          for (let b = 0; b < 7; b++) {
            if (len[b] !== 0 || (only >= 0 && b !== only) || (oneEmpty && b !== firstEmpty)) continue;
            slotMove[b] = mv(T2T, a, b, la - down[a], 0);
            slotScore[b] = 700 + down[a];
            slots |= 1 << b;
          }
        }
      } else {
        // the whole face-up run: turns a card up or empties the pile
        for (let k = 0; k < 2; k++) {
          const b = topCol[k === 0 ? PARENT1[baseCard] : PARENT2[baseCard]];
          if (b < 0 || (only >= 0 && b !== only && !emptiesPile)) continue;
          slotMove[b] = mv(T2T, a, b, la - down[a], 0);
          slotScore[b] = down[a] > 0 ? 800 + down[a] : 300;
          slots |= 1 << b;
        }
      }
      // partial runs, from the card at j up
      for (let j = baseIdx + 1; j < a * STRIDE + la; j++) {
        const c = cols[j];
        const x = cols[j - 1];
        const ok = found[x & 3] === RANK[x] - 1;
        let move = mv(T2T, a, 0, a * STRIDE + la - j, 0);
        let score = 200;
        if (this.pr.partialRuns) {
          if (twins) {
            if (!ok) continue;
            move |= HOME_AFTER;
            score = 850;
          } else if (ok) score = 850;
          else {
            if (!partialsMarked) {
              this.markAvailable();
              partialsMarked = true;
            }
            if (this.avail[c ^ 3] !== this.gen) continue;
          }
        }
        for (let k = 0; k < 2; k++) {
          const b = topCol[k === 0 ? PARENT1[c] : PARENT2[c]];
          if (b < 0 || (only >= 0 && b !== only)) continue;
          slotMove[b] = move | (b << 8);
          slotScore[b] = score;
          slots |= 1 << b;
        }
      }
      for (let b = 0; slots !== 0; b++, slots >>= 1) {
        if ((slots & 1) === 0) continue;
        out[base + n] = slotMove[b];
        sc[n++] = slotScore[b];
      }
    }
    if (s.foundationReturn) {
      const isDown = s.isDown;
      for (let suit = 0; suit < 4; suit++) {
        const h = found[suit];
        if (h === 0) continue;
        const c = (h - 1) * 4 + suit;
        if (this.pr.foundationReturns) {
          if (h === 1) continue;
          const o1 = RED[c] ? 0 : 1;
          const o2 = RED[c] ? 3 : 2;
          const useful = !isDown[(h - 2) * 4 + o1] || !isDown[(h - 2) * 4 + o2] || !isDown[(h - 1) * 4 + o1] || !isDown[(h - 1) * 4 + o2];
          if (!useful) continue;
        }
        if (h === 13) {
          for (let b = 0; b < 7; b++) {
            if (len[b] !== 0 || (only >= 0 && b !== only)) continue;
            out[base + n] = mv(F2T, suit, b, 1, 0);
            sc[n++] = 100;
            if (oneEmpty) break;
          }
          continue;
        }
        n = this.addOnto(base, n, c, F2T, suit, 0, 100, only);
      }
    }
    for (let b = 0; b < 7; b++) if (tops[b] >= 0) topCol[tops[b]] = -1;
    // order by score, highest first (insertion sort: lists are short)
    for (let i = 1; i < n; i++) {
      const m = out[base + i];
      const v = sc[i];
      let j = i - 1;
      while (j >= 0 && sc[j] < v) {
        out[base + j + 1] = out[base + j];
        sc[j + 1] = sc[j];
        j--;
      }
      out[base + j + 1] = m;
      sc[j + 1] = v;
    }
    return n;
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
    if (b1 >= 0 && (only < 0 || b1 === only)) {
      this.moves[base + n] = mv(kind, a, b1, 1, i);
      this.scores[n++] = score;
    }
    if (b2 >= 0 && (only < 0 || b2 === only)) {
      this.moves[base + n] = mv(kind, a, b2, 1, i);
      this.scores[n++] = score;
    }
    return n;
  }

  /**
   * After a pile was emptied: every way to put a King into an empty pile (one pile with
   * oneEmptyColumn), from the stock, the tableau (a King run with cards under it) or a foundation.
   */
  private generateKings(base: number): number {
    const s = this.s;
    const { cols, len, down, found } = s;
    const out = this.moves;
    let n = 0;
    this.computeReach();
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
      if (this.pr.oneEmptyColumn) break;
    }
    return n;
  }
}
