/**
 * A game as a person plays it in the app: the library's hidden-card game (`Game` of
 * `klondike-solver/hidden`: the moves, the true position, what the player has seen and the
 * observation made of it) and what is the app's own around it: the redo list, how many cards of
 * the last draw still show fanned on the waste, the saved record, the clock, the scoring, and the
 * check that the game is won or stuck. Undo is the library game's (it replays the moves but the
 * last from the start, so the move list is the one source of truth; a game of a few hundred moves
 * replays in well under a millisecond).
 *
 * It is saved as a small JSON record (start position, rules, moves in compact notation) and read
 * back by replaying every move, so a record that was edited by hand or comes from another version
 * is refused rather than trusted.
 *
 * A game also has an id (random, so that the statistics count each game once), the time on its
 * clock (kept by the game view, saved with the game: undo never turns it back) and whether the
 * statistics have counted it.
 */
import { Game, type Observation } from '../../src/hidden/index.ts';
import {
  DRAW,
  REDEAL,
  S2F,
  T2F,
  PROGRESS_BUDGET,
  canProgress,
  genAtomic,
  kindOf,
  make,
  type AtomicMove,
  movesFromCompact,
  movesToCompact,
  type Position,
  makePositionJson,
  parsePositionObject,
  toAtomic,
  State,
  FAMILIES,
  type Family,
  type Result,
  type Rules,
  err,
  ok,
  validateRules,
  vegasRules,
} from '../../src/index.ts';

/**
 * How a game stands: won; stuck (proved: no line of play turns a card or sends one home); playing
 * (proved: some line does); or unproved (the proof ran out of its budget: the game goes on, and
 * nothing is said of its end).
 */
export type GameStatus = 'playing' | 'won' | 'stuck' | 'unproved';

/** The saved form of a game (localStorage). */
export interface GameRecord {
  v: 1;
  start: Record<string, unknown>;
  rules: Rules;
  family?: Family;
  seed?: string;
  moves: string;
  /** The game's id (16 hex digits). */
  id?: string;
  /** Milliseconds on the game's clock. */
  ms?: number;
  /** True once the statistics have counted the game. */
  counted?: boolean;
  /** How the game is scored (absent from a record made before it was kept: see fromRecord). */
  scoring?: Scoring;
  /** The date of the deal of the day this game plays (YYYY-MM-DD). */
  daily?: string;
  /** True when the deal was dealt as one the solver proved winnable. */
  provedWinnable?: boolean;
}

/** How a game is scored: standard points, or Vegas dollars. */
export type Scoring = 'standard' | 'vegas';

/** What a deal is called: its family and seed (decimal digits) when it has them. */
export interface DealName {
  family?: Family;
  seed?: string;
}

/** localStorage key of the game in progress. */
export const GAME_KEY = 'klondike-solver.game';

const BUF = new Int32Array(256);

export class PlayedGame {
  /** The library's game: moves, true position, what the player has seen. */
  #game: Game;
  /** Cards of the last draw still fanned on the waste (at most the draw). */
  fan = 0;
  /** The fan before each move made, to turn back to on undo. */
  readonly #fans: number[] = [];
  /** Milliseconds on the game's clock (the game view runs it). */
  clockMs = 0;
  /** True once the statistics have counted this game. */
  counted = false;
  /** How this game is scored (chosen when it was dealt; the setting for new games does not change it). */
  scoring: Scoring = 'standard';
  /** The date of the deal of the day this game plays, if it is one. */
  daily: string | undefined;
  /** True when the deal was dealt as one the solver proved winnable. */
  provedWinnable = false;
  /** The moves undone, the next to redo last; any other move clears them. */
  readonly undone: AtomicMove[] = [];

  /** A game from a valid position (dealt or read back: anything else is a bug, and throws). */
  constructor(
    readonly start: Position,
    readonly rules: Rules,
    readonly name: DealName = {},
    /** Tells this game from every other, the same deal played again included. */
    readonly id: string = newGameId(),
  ) {
    this.#game = freshGame(start, rules);
    this.fan = Math.min(start.waste.length, 1);
  }

  /** The moves made so far. */
  get moves(): readonly AtomicMove[] {
    return this.#game.moves;
  }

  /** True when all 52 cards are home. */
  get won(): boolean {
    return this.#game.won;
  }

  /** What the player sees now (the input of a hint and of the odds). */
  observe(): Observation {
    return this.#game.observe();
  }

  /** Every legal move now, as atomic moves (the same list perft counts). */
  legalMoves(): AtomicMove[] {
    return this.#game.legalMoves();
  }

  /** Plays a move if it is legal (the error says why not): the next move to redo, or a new line that drops them. */
  play(a: AtomicMove): Result<AtomicMove> {
    const r = this.advance(a);
    if (!r.ok) return r;
    const next = this.undone.at(-1);
    if (next && next.from === r.value.from && next.to === r.value.to && next.count === r.value.count) this.undone.pop();
    else this.undone.length = 0;
    return r;
  }

  /** Plays a move on the library's game and follows the fan of the waste. */
  private advance(a: AtomicMove): Result<AtomicMove> {
    const r = this.#game.play(a);
    if (!r.ok) return r;
    const exact = this.#game.moves[this.#game.moves.length - 1];
    this.#fans.push(this.fan);
    if (exact.from === 'stock') this.fan = exact.count;
    else if (exact.to === 'stock') this.fan = 0;
    else if (exact.from === 'waste' && this.fan > 0) this.fan = this.#game.position().waste.length > 0 ? Math.max(1, this.fan - 1) : 0;
    return ok(exact);
  }

  /** Takes back the last move (it can be redone); false when there is none. */
  undo(): boolean {
    const last = this.#game.undo();
    if (last === undefined) return false;
    this.fan = this.#fans.pop() ?? 0;
    this.undone.push(last);
    return true;
  }

  /** Plays the last move undone again; false when there is none. */
  redo(): boolean {
    const m = this.undone.at(-1);
    return m !== undefined && this.play(m).ok;
  }

  /** Back to the start of the deal (nothing to redo). */
  reset(): void {
    this.#game = freshGame(this.start, this.rules);
    this.#fans.length = 0;
    this.fan = Math.min(this.start.waste.length, 1);
    this.undone.length = 0;
  }

  /** The current position, every card in it (the board shows the face-down ones as backs). */
  position(): Position {
    return this.#game.position();
  }

  /** A fresh rules-engine state of the position now. */
  engineState(): State {
    return State.fromPosition(this.position(), this.rules);
  }

  /** Won, stuck, still open, or not proved either way within `budget` positions (progress.ts). */
  status(budget = PROGRESS_BUDGET): GameStatus {
    if (this.won) return 'won';
    const p = canProgress(this.engineState(), budget);
    return p === undefined ? 'unproved' : p ? 'playing' : 'stuck';
  }

  /** True when the game is won or proved stuck within `budget` positions. */
  over(budget = PROGRESS_BUDGET): boolean {
    const s = this.status(budget);
    return s === 'won' || s === 'stuck';
  }

  /**
   * The moves that finish the game when every tableau card is face up and the stock is empty: each
   * card home as soon as one can go (the waste turned over and drawn through when it holds cards);
   * empty when that does not bring all 52 home, or when a card is face down or in the stock.
   */
  finishingMoves(): AtomicMove[] {
    const s = this.engineState();
    if (s.w < s.n || s.home === 52) return [];
    for (let i = 0; i < 7; i++) if (s.down[i] > 0) return [];
    const t = s;
    const out: AtomicMove[] = [];
    // draws and redeals in a row without a card going home: more than two rounds of the deck is a loop
    let idle = 0;
    while (t.home < 52 && idle <= 2 * (t.n + 2)) {
      const n = genAtomic(t, BUF);
      let pick = -1;
      for (let i = 0; i < n && pick < 0; i++) if (kindOf(BUF[i]) === S2F || kindOf(BUF[i]) === T2F) pick = i;
      idle = pick >= 0 ? 0 : idle + 1;
      for (let i = 0; i < n && pick < 0; i++) if (kindOf(BUF[i]) === DRAW || kindOf(BUF[i]) === REDEAL) pick = i;
      if (pick < 0) return [];
      out.push(toAtomic(t, BUF[pick]));
      make(t, BUF[pick]);
    }
    return t.home === 52 ? out : [];
  }

  /** The saved form. */
  toRecord(): GameRecord {
    const r: GameRecord = { v: 1, start: makePositionJson(this.start), rules: { ...this.rules }, moves: movesToCompact(this.moves) };
    if (this.name.family !== undefined) r.family = this.name.family;
    if (this.name.seed !== undefined) r.seed = this.name.seed;
    r.id = this.id;
    r.ms = Math.round(this.clockMs);
    if (this.counted) r.counted = true;
    r.scoring = this.scoring;
    if (this.daily !== undefined) r.daily = this.daily;
    if (this.provedWinnable) r.provedWinnable = true;
    return r;
  }

  /** A game from its saved form, every move replayed on the rules engine. */
  static fromRecord(o: unknown): Result<PlayedGame> {
    if (typeof o !== 'object' || o === null) return err('the saved game is not an object');
    const j = o as Record<string, unknown>;
    if (j.v !== 1) return err('the saved game has an unknown version');
    const start = parsePositionObject(j.start);
    if (!start.ok) return err(`saved start position: ${start.error}`);
    const r = j.rules as Record<string, unknown> | undefined;
    if (typeof r !== 'object' || r === null) return err('the saved game has no rules');
    if (typeof r.draw !== 'number' || (r.passes !== null && typeof r.passes !== 'number') || typeof r.foundationReturn !== 'boolean')
      return err('the saved rules are malformed');
    const rules = validateRules({ draw: r.draw, passes: r.passes as number | null, foundationReturn: r.foundationReturn });
    if (!rules.ok) return rules;
    const name: DealName = {};
    if (typeof j.family === 'string' && (FAMILIES as readonly string[]).includes(j.family)) name.family = j.family as Family;
    if (typeof j.seed === 'string' && /^[0-9]{1,70}$/.test(j.seed)) name.seed = j.seed;
    if (typeof j.moves !== 'string') return err('the saved moves are missing');
    const moves = movesFromCompact(j.moves);
    if (!moves.ok) return moves;
    if (j.id !== undefined && (typeof j.id !== 'string' || !/^[0-9a-f]{16}$/.test(j.id))) return err('the saved game id is malformed');
    if (j.ms !== undefined && (typeof j.ms !== 'number' || !Number.isFinite(j.ms) || j.ms < 0)) return err('the saved clock is malformed');
    // the library's checks under these rules (a pass beyond their limit, say): refused, not trusted
    const valid = Game.start(start.value, rules.value, 'hidden');
    if (!valid.ok) return err(`saved start position: ${valid.error}`);
    const g = new PlayedGame(start.value, rules.value, name, typeof j.id === 'string' ? j.id : undefined);
    for (let k = 0; k < moves.value.length; k++) {
      const p = g.play(moves.value[k]);
      if (!p.ok) return err(`saved move ${k + 1} is illegal: ${p.error}`);
    }
    g.clockMs = typeof j.ms === 'number' ? j.ms : 0;
    g.counted = j.counted === true;
    // a record from before the scoring was kept: the app dealt pass limits for Vegas games only
    const vegasLimits = rules.value.passes !== null && rules.value.passes === vegasRules(rules.value.draw).passes;
    g.scoring = j.scoring === 'vegas' || (j.scoring === undefined && vegasLimits) ? 'vegas' : 'standard';
    if (typeof j.daily === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(j.daily)) g.daily = j.daily;
    g.provedWinnable = j.provedWinnable === true;
    return ok(g);
  }
}

/** The library's game from a valid start: hidden stock, as the real game is played. */
function freshGame(start: Position, rules: Rules): Game {
  const g = Game.start(start, rules, 'hidden');
  if (!g.ok) throw new Error(`internal: a game from a bad position: ${g.error}`);
  return g.value;
}

/** A fresh game id: 16 hex digits from `crypto.getRandomValues`. */
export function newGameId(): string {
  const w = new Uint32Array(2);
  crypto.getRandomValues(w);
  return [...w].map((x) => x.toString(16).padStart(8, '0')).join('');
}
