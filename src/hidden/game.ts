/**
 * A game in progress with cards hidden: the true position (every card, kept in an ES private field
 * that nothing outside this class can reach), what the player has seen so far, and the moves made.
 * `observe()` is the only view of it a player gets.
 *
 * Seen cards: every card face up on the tableau, on the waste or on the foundations has been seen;
 * a card turned face up stays seen; with `stock: 'visible'`, or from a position past its first pass
 * (every stock card has been drawn before), every stock card is seen from the start. Cards are
 * marked after each move, so a card drawn and then played is still remembered.
 *
 * The true position (`position()`) is for whoever deals and referees the game (the app's table
 * shows a card as it turns); a player's policy is given only the observation.
 */
import { type Card, NUM_CARDS } from '../engine/cards.ts';
import { genAtomic, make } from '../engine/moves.ts';
import type { AtomicMove } from '../engine/notation.ts';
import { type Deal, type Position, UNSEEN } from '../engine/position.ts';
import { asPosition, checkPosition, checkRules } from '../engine/check.ts';
import { findMove, toAtomic } from '../engine/solution.ts';
import { STRIDE, State } from '../engine/state.ts';
import { type Result, type Rules, err, ok, type StockMode } from '../types.ts';
import { Observation } from './observation.ts';

/** A game with hidden cards, played move by move on the plain rules engine. */
export class Game {
  readonly #start: Position;
  #state: State;
  readonly #seen = new Uint8Array(NUM_CARDS);
  /** The moves made so far (each exactly as the rules engine writes it). */
  readonly moves: AtomicMove[] = [];

  private constructor(
    start: Position,
    readonly rules: Rules,
    readonly stock: StockMode,
  ) {
    this.#state = State.fromPosition(start, rules);
    // a copy of its own: the caller may change the object it gave
    this.#start = this.#state.toPosition();
    this.markStart();
  }

  /**
   * A game from a complete position (every card known to the engine, not to the player), or from a
   * deal (`{tableau, stock}`, as `dealFromSeed` gives it): its starting position.
   */
  static start(position: Position | Deal, rules: Rules, stock: StockMode): Result<Game> {
    const r = checkRules(rules);
    if (!r.ok) return r;
    const v = checkPosition(asPosition(position), r.value);
    if (!v.ok) return v;
    if (stock !== 'hidden' && stock !== 'visible') return err(`stock must be hidden or visible, got ${String(stock)}`);
    return ok(new Game(v.value, r.value, stock));
  }

  /** The true position now, every card in it: for the referee, never for a player. */
  position(): Position {
    return this.#state.toPosition();
  }

  /** What the player sees now. */
  observe(): Observation {
    const s = this.#state;
    const p = s.toPosition();
    p.tableau = p.tableau.map((pile, i) => pile.map((c, j) => (j < p.faceDown[i] ? UNSEEN : c)));
    p.stock = p.stock.map((c) => (this.#seen[c] ? c : UNSEEN));
    const o = Observation.of(p, this.rules);
    if (!o.ok) throw new Error(`internal: bad observation: ${o.error}`);
    return o.value;
  }

  /** The legal moves now (they depend only on what the player sees). */
  legalMoves(): AtomicMove[] {
    const s = this.#state;
    const buf = new Int32Array(256);
    const n = genAtomic(s, buf);
    const out: AtomicMove[] = [];
    for (let i = 0; i < n; i++) out.push(toAtomic(s, buf[i]));
    return out;
  }

  /** Makes a move; returns the cards it revealed (turned face up or drawn for the first time), or why it is illegal. */
  play(move: AtomicMove): Result<Card[]> {
    const s = this.#state;
    const m = findMove(s, move);
    if (!m.ok) return err(m.error);
    const before = this.#seen.slice();
    this.moves.push(toAtomic(s, m.value));
    make(s, m.value);
    this.markSeen();
    const revealed: Card[] = [];
    for (let c = 0; c < NUM_CARDS; c++) if (this.#seen[c] && !before[c]) revealed.push(c);
    return ok(revealed);
  }

  /**
   * Takes back the last move: the game replays the others from its start, so what the player has
   * seen is again what it was before that move (a card the move turned is hidden again). Returns
   * the move taken back, or undefined when no move has been made.
   */
  undo(): AtomicMove | undefined {
    const last = this.moves.pop();
    if (last === undefined) return undefined;
    const keep = this.moves.splice(0);
    this.#state = State.fromPosition(this.#start, this.rules);
    this.#seen.fill(0);
    this.markStart();
    for (const m of keep) {
      // each of these moves was legal from the same start a moment ago
      const r = this.play(m);
      if (!r.ok) throw new Error(`internal: a move played before is illegal on replay: ${r.error}`);
    }
    return last;
  }

  /** True when all 52 cards are on the foundations. */
  get won(): boolean {
    return this.#state.home === 52;
  }

  /** Cards on the foundations. */
  get cardsHome(): number {
    return this.#state.home;
  }

  /** How many cards the player has seen. */
  get seenCount(): number {
    let n = 0;
    for (let c = 0; c < NUM_CARDS; c++) n += this.#seen[c];
    return n;
  }

  /**
   * A key for repetition: the position (without the pass number when passes are unlimited) and how
   * much the player knows. The same key twice means a cycle that taught the player nothing.
   */
  repetitionKey(): string {
    const s = this.#state;
    const cols: string[] = [];
    for (let i = 0; i < 7; i++) cols.push(`${s.down[i]}:${Array.from(s.cols.subarray(i * STRIDE, i * STRIDE + s.len[i])).join(',')}`);
    const pass = this.rules.passes === null ? '' : String(s.pass);
    return `${cols.join('|')}#${Array.from(s.deck.subarray(0, s.n)).join(',')}#${s.w}#${pass}#${this.seenCount}`;
  }

  private markStart(): void {
    const s = this.#state;
    if (this.stock === 'visible' || s.pass > 1) for (let i = s.w; i < s.n; i++) this.#seen[s.deck[i]] = 1;
    this.markSeen();
  }

  private markSeen(): void {
    const s = this.#state;
    for (let i = 0; i < 7; i++) for (let j = s.down[i]; j < s.len[i]; j++) this.#seen[s.cols[i * STRIDE + j]] = 1;
    for (let i = 0; i < s.w; i++) this.#seen[s.deck[i]] = 1;
    for (let suit = 0; suit < 4; suit++) for (let r = 1; r <= s.found[suit]; r++) this.#seen[(r - 1) * 4 + suit] = 1;
  }
}

/** The game after `moves` from a complete position (or a deal's start); an error names the first illegal move. */
export function gameAfter(position: Position | Deal, rules: Rules, stock: StockMode, moves: readonly AtomicMove[]): Result<Game> {
  const g = Game.start(position, rules, stock);
  if (!g.ok) return g;
  for (let k = 0; k < moves.length; k++) {
    const r = g.value.play(moves[k]);
    if (!r.ok)
      return err(
        `move ${k + 1} (${moves[k].from} → ${moves[k].to}${moves[k].count > 1 ? ` ×${moves[k].count}` : ''}) is illegal: ${r.error}`,
      );
  }
  return g;
}
