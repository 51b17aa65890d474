/**
 * The solver's core in WebAssembly (src/core/, compiled by `npm run build` into core-binary.ts):
 * the search, its moves, rules and transposition table. One `Core` is one instance of the module,
 * with its own memory: the position the solver's state keeps there (engine/state.ts, a state made with
 * `backing`), the search's frames, and the table (table-handle.ts wraps it). The module is compiled once per
 * thread, on first use. An instance's memory is made as large as its table's budget needs
 * (`pagesFor`); it never grows, so the views on it stay valid.
 */
import * as Layout from '../core/shared/layout.ts';
import { MAX_DEPTH, MOVES_PER_NODE, PATH_WORDS } from '../core/shared/frames.ts';
import type { State } from '../engine/state.ts';
import type { LockingMoves } from './pruning.ts';
import { CORE_PAGES, CORE_WASM } from './core-binary.ts';
import { coreTerms } from '../engine/zobrist.ts';

/** What the module exports (src/core/index.ts). */
interface CoreExports {
  memory: WebAssembly.Memory;
  statePtr(): number;
  outPtr(): number;
  outMoves(): number;
  configure(draw: number, unlimited: number, returns: number, switches: number): void;
  setNoise(amount: number, seed: number): void;
  noiseState(): number;
  generate(noisy: number, rCol: number, mode: number): number;
  kingsForEmptied(): number;
  noiseOf(amount: number, seed: number, n: number): number;
  reachOf(n: number, w: number, redealLeft: number): number;
  sortOut(n: number): void;
  zobristPtr(): number;
  zobristWords(): number;
  setRules(draw: number, limit: number, returns: number, passHashed: number, grid: number): void;
  setScalars(n: number, w: number, pass: number, home: number, h1: number, h2: number): void;
  getN(): number;
  getW(): number;
  getPass(): number;
  getHome(): number;
  getH1(): number;
  getH2(): number;
  getPh1(): number;
  getPh2(): number;
  make(m: number): number;
  undo(m: number, t: number): void;
  childHash(m: number): void;
  derivedAgree(): number;
  movesPtr(): number;
  pathPtr(): number;
  locksPtr(): number;
  setSearch(flags: number, noiseBelow: number): void;
  setLocks(on: number): void;
  setCounts(nodes: number, hits: number, nextCheck: number): void;
  setNextCheck(next: number): void;
  setAborted(why: number, forget: number): void;
  bestFirst(upper: number, redealCost: number): number;
  lowerBoundHere(redealCost: number): number;
  quickBoundHere(redealCost: number): number;
  talonHere(redealCost: number): number;
  bfLower(): number;
  bfBest(): number;
  bfPathPtr(): number;
  bfPathLen(): number;
  getNodes(): number;
  getHits(): number;
  getAborted(): number;
  getPathLen(): number;
  insertHere(): number;
  search(): number;
  safeSuitsHere(): number;
  safeHomeOf(c: number): number;
  safeLastStockCardHere(): number;
  deadlockedHere(): number;
  deadStatsPtr(): number;
  onDrawGridHere(): number;
  locksOf(m: number): number;
  ttSlotsCap(): number;
  ttSetup(slots: number, initial: number): void;
  ttReset(slots: number): void;
  ttSetMasked(masked: number): void;
  ttClear(): void;
  ttCapacity(): number;
  ttMaxSlots(): number;
  ttCount(): number;
  ttStates(): number;
  ttShift(): number;
  ttExhausted(): number;
  ttHighWater(): number;
  ttSnapshot(): number;
  snapPtr(): number;
  ttInsert(a: number, b: number): number;
  ttInsertBit(a: number, b: number, bit: number): number;
  ttAddBits(a: number, b: number, bits: number): number;
  ttBudget(a: number, b: number, remaining: number): number;
  ttTouch(a: number, b: number): number;
  ttRemove(a: number, b: number): number;
  ttRemoveBit(a: number, b: number, bit: number): number;
}

/** What the core's search calls back: its budget check (search-driver.ts). */
export interface CoreClient {
  /** Why the search stops now (0: it goes on); sets the next check and whether the line is forgotten. */
  check(): number;
  /** Without stock macro-moves: the plain engine's moves of the core's position, into `moves` at `base`; returns how many. */
  atomicMoves(base: number): number;
  /** Another objective: the position entered, after its safe moves (`path[0 … pathLen)` leads to it); 1 ends the search. */
  reached(pathLen: number): number;
  /** The same position, once stored in the table: 1 cuts it. */
  cut(): number;
}

let compiled: WebAssembly.Module | undefined;
/** The most pages a memory of the core can have. */
const MAX_PAGES = 65535;
/** The words of the deadlock test's counts (src/core/deadlock.ts `deadStatsPtr`). */
export const DEAD_STATS = 60;

/** The memory could not be reserved: the process's address space is too small (an address-space limit, `ulimit -v`). */
export class AddressSpaceError extends Error {
  override name = 'AddressSpaceError';
  constructor(
    readonly mib: number,
    message = `the solver needs ${mib} MiB of address space for its memory and the process's limit (ulimit -v) leaves less; ` +
      'raise the limit, or give a smaller --max-memory',
  ) {
    super(message);
  }
}

/** The pages a core needs for a table budget of `maxMemoryMb` MiB: the core's own, the table and the room its doubling takes. */
export function pagesFor(maxMemoryMb: number): number {
  let bytes = 1 << 13;
  while (bytes * 2 <= maxMemoryMb * 2 ** 20 && bytes < 2 ** 31) bytes *= 2;
  return Math.min(MAX_PAGES, CORE_PAGES + 16 + Math.ceil((bytes * 1.5) / 65536));
}

/**
 * A memory for an instance of `pages` pages, exactly: it never grows, so that views on it stay
 * valid, and no more is reserved than the budget needs, so that threads under an address-space
 * limit each get theirs. An AddressSpaceError when it cannot be reserved.
 */
function newMemory(pages: number): WebAssembly.Memory {
  try {
    return new WebAssembly.Memory({ initial: pages, maximum: pages });
  } catch {
    throw new AddressSpaceError(Math.ceil(pages / 16));
  }
}

function decode(base64: string): Uint8Array<ArrayBuffer> {
  if (typeof Buffer !== 'undefined') return new Uint8Array(Buffer.from(base64, 'base64'));
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

export class Core {
  readonly x: CoreExports;
  /** The position's bytes (src/core/position-arrays.ts lays its arrays out there). */
  readonly state: Uint8Array;
  /** The moves of the last call. */
  readonly out: Int32Array;
  /** The search's budget check and objective, while the core's search runs (search-driver.ts). */
  client: CoreClient | undefined;
  /** The table in the instance's memory has its owner (table-handle.ts: one table an instance). */
  tableTaken = false;
  /** The frames' moves, the path, the locking placements of the core's search. */
  readonly moves: Int32Array;
  readonly path: Int32Array;
  readonly locks: Uint8Array;
  /** The deadlock test's counts of the search running (src/core/deadlock.ts `deadStatsPtr`). */
  readonly deadStats: Int32Array;
  /** The key's terms (engine/zobrist.ts), and the array of state.ts they were last copied from. */
  private readonly zobrist: Int32Array;
  private terms: Int32Array | undefined;
  /** Whose rules and switches the instance holds now (the generator that configured it last). */
  owner: unknown;

  /** The pages of the core's memory. */
  readonly pages: number;

  /** A core whose memory has `pages` pages (default: room for a 64 MiB table, `pagesFor`). */
  constructor(pages = pagesFor(64)) {
    this.pages = pages;
    compiled ??= new WebAssembly.Module(decode(CORE_WASM));
    const instance = new WebAssembly.Instance(compiled, {
      env: {
        memory: newMemory(pages),
        abort() {
          throw new Error('internal: the solver core stopped');
        },
      },
      // what src/core/search.ts declares: its budget checks and the objective's calls
      search: {
        check: () => this.client!.check(),
        atomicMoves: (base: number) => this.client!.atomicMoves(base),
        reached: (pathLen: number) => this.client!.reached(pathLen),
        cut: () => this.client!.cut(),
      },
    });
    this.x = instance.exports as unknown as CoreExports;
    const buffer = this.x.memory.buffer;
    this.state = new Uint8Array(buffer, this.x.statePtr(), Layout.BACKING_BYTES);
    this.out = new Int32Array(buffer, this.x.outPtr(), this.x.outMoves());
    this.zobrist = new Int32Array(buffer, this.x.zobristPtr(), this.x.zobristWords());
    this.moves = new Int32Array(buffer, this.x.movesPtr(), MAX_DEPTH * MOVES_PER_NODE);
    this.path = new Int32Array(buffer, this.x.pathPtr(), PATH_WORDS);
    this.locks = new Uint8Array(buffer, this.x.locksPtr(), 4 * 104);
    this.deadStats = new Int32Array(buffer, this.x.deadStatsPtr(), DEAD_STATS);
  }

  /**
   * Takes on state s: its key's terms and rules, its position (copied, unless its arrays lie here)
   * and its numbers. Pass numbers past 2^31 − 1 are beyond the core (a search's stay small).
   */
  load(s: State): void {
    const terms = coreTerms(s);
    if (terms !== this.terms) {
      this.zobrist.set(terms);
      this.terms = terms;
    }
    if (s.pass > 0x7fffffff) throw new Error('internal: a pass number beyond the solver core');
    // a limit past 2^31 − 1 is one no search reaches (its passes stay below its depth), still a limit
    const limit = s.passLimit === Infinity ? -1 : Math.min(s.passLimit, 0x7fffffff);
    this.x.setRules(s.draw, limit, s.foundationReturn ? 1 : 0, s.hashPass ? 1 : 0, s.gridW ? 1 : 0);
    if (s.bytes.buffer !== this.state.buffer || s.bytes.byteOffset !== this.state.byteOffset) this.state.set(s.bytes);
    this.x.setScalars(s.n, s.w, s.pass, s.home, s.h1, s.h2);
  }

  /** Writes the core's position numbers (deck length, stock position, pass, cards home, hash) into s, whose arrays lie here. */
  readScalars(s: State): void {
    const x = this.x;
    s.n = x.getN();
    s.w = x.getW();
    s.pass = x.getPass();
    s.home = x.getHome();
    s.h1 = x.getH1();
    s.h2 = x.getH2();
  }

  /**
   * The pruning rules the search asks (src/core/rules.ts), on state s (for the tests): the safe
   * suits, whether a card may go home safely, whether the stock's last card may, whether the stock
   * is on the draw grid, and whether a move locks the deal by the placements of `locks`.
   */
  rules(s: State): {
    safeSuits(): number;
    safeHome(c: number): boolean;
    safeLastStockCard(): boolean;
    onDrawGrid(): boolean;
    locks(locks: LockingMoves, m: number): boolean;
  } {
    this.owner = undefined;
    const x = this.x;
    const at = () => {
      this.load(s);
      return x;
    };
    return {
      safeSuits: () => at().safeSuitsHere(),
      safeHome: (c) => at().safeHomeOf(c) === 1,
      safeLastStockCard: () => at().safeLastStockCardHere() === 1,
      onDrawGrid: () => at().onDrawGridHere() === 1,
      locks: (locks, m) => {
        locks.copyTo(this.locks);
        return at().locksOf(m) === 1;
      },
    };
  }

  /** The search for the fewest moves' lower bound on the moves left from state s (src/core/bound.ts, for the tests), a redeal costing `redealCost`. */
  lowerBound(s: State, redealCost: number): number {
    this.owner = undefined;
    this.load(s);
    return this.x.lowerBoundHere(redealCost);
  }

  /** The part of `lowerBound` every position gets, worked out as a search does (-1 when that disagrees with working it out card by card), for the tests. */
  quickBound(s: State, redealCost: number): number {
    this.owner = undefined;
    this.load(s);
    return this.x.quickBoundHere(redealCost);
  }

  /**
   * The bound's talon term at state s (src/core/bound.ts `talonMoves`), the part of it the blocked
   * waste cards alone give, and the term without the cards under those that stay (`staying`), for
   * the tests.
   */
  talonTerm(s: State, redealCost: number): { moves: number; wasteOnly: number; plain: number } {
    this.owner = undefined;
    this.load(s);
    const v = this.x.talonHere(redealCost);
    return { moves: v & 255, wasteOnly: (v >> 8) & 255, plain: v >> 16 };
  }

  /** The stock list the generator works from (for the tests), under a draw of `draw`: deck indices cheapest first, and their costs. */
  reach(n: number, w: number, redealLeft: boolean, draw: number): { indices: number[]; costs: number[] } {
    this.owner = undefined;
    this.x.configure(draw, 1, 1, 0);
    const k = this.x.reachOf(n, w, redealLeft ? 1 : 0);
    return { indices: Array.from(this.out.subarray(0, k)), costs: Array.from(this.out.subarray(k, 2 * k)) };
  }

  /** The move-order noise alone (for the tests): n amounts in [0, amount) from the xorshift state `seed`, and the next state. */
  noise(amount: number, seed: number, n: number): { amounts: number[]; next: number } {
    this.owner = undefined;
    const next = this.x.noiseOf(amount, seed, n);
    return { amounts: Array.from(this.out.subarray(0, n)), next };
  }

  /** The move-order sort alone (for the tests): the moves ordered by their scores, highest first, stable. */
  sort(moves: number[], scores: number[]): number[] {
    this.owner = undefined;
    const n = moves.length;
    this.out.set(moves, 0);
    this.out.set(scores, n);
    this.x.sortOut(n);
    return Array.from(this.out.subarray(0, n));
  }
}
