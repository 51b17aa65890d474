/**
 * The game: a deal played by a person with its hidden cards face down, by mouse or touch (drag and
 * drop, tap then tap, double tap or double-click to send a card home) or keyboard (Tab between
 * piles, Enter to pick up and put down, Enter twice to send home, Escape, Ctrl+Z), with unlimited
 * undo, a clock, the score as it builds and the statistics. Every change is saved in
 * localStorage, so a reload finds the same game; each move is announced to screen readers.
 *
 * **New game** deals one of all 52! card orders, each equally likely: an `exact` deal code drawn
 * with `crypto.getRandomValues` (`randomCode`), kept in the address so that the link replays the
 * same deal. The draw and the scoring (standard, or Vegas with its pass limits) are chosen here.
 *
 * The clock starts at the first move and stops when the game is won (and while the page is
 * hidden); undo takes back the move, its points and the move count, never the time. The score is
 * the library's (`scoreGame`): the standard score of the moves so far, and at a win the time
 * bonus, 700,000 / seconds for a game of 30 seconds or more, exactly as `klondike score --seconds`
 * gives it for the same game (the end box offers the game as a solution JSON); Vegas shows
 * dollars, 5 a card home less the 52 of the deck, and the passes left.
 *
 * When the game ends (won, or stuck: no line of play turns a card or sends one home) the solver
 * says, with every card known, whether the deal could be won and, for a game stuck on a winnable
 * deal, the last position that could still be won (after.ts); "Could I still win?" asks the same at
 * any moment. Hint and Odds (hint.ts) see only the observation of the game (observation.ts): the
 * priority policy's hint is computed here at once; the search policy's hint runs in a worker of
 * its own and the odds in several (odds-run.ts), so the page never waits. Their answers belong to
 * the position they were asked on: any move clears them (and stops the jobs still running for it).
 */
import {
  randomCode,
  dealFromSeed,
  type AtomicMove,
  PILE_NAMES,
  type PileName,
  type Position,
  dealPosition,
  makePositionJson,
  DEFAULT_SCORE_SETTINGS,
  type GameScore,
  scoreGame,
  vegasRules,
  type SolveResult,
  type Rules,
  rulesLabel,
  makeSolutionJson,
} from '../../src/index.ts';

import { Advice } from './advice.ts';
import { AfterGame } from './after.ts';
import { Clock, clockText } from './clock.ts';
import { type DealName, GAME_KEY, Game } from './game.ts';
import { HINT_CHOICES } from './hint.ts';
import { type DealRequest, makeDealParams } from './params.ts';
import { PROGRESS_BUDGET, QUICK_PROGRESS_BUDGET } from './progress.ts';
import { SolverClient } from './solver-client.ts';
import { moveWords } from './speech.ts';
import { Statistics } from './stats-view.ts';
import { TableView } from './table.ts';
import { DealVerdicts } from './verdicts.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** localStorage key of the game view's settings (draw, scoring). */
export const SETTINGS_KEY = 'klondike-solver.settings';

/** How a new game is scored (and so dealt: Vegas has its pass limits). */
export type Scoring = 'standard' | 'vegas';

/** The scores of a game now: the moves' so far, and at a win the time bonus. */
export function gameScore(g: Game, seconds: number): GameScore | undefined {
  const r = scoreGame(g.start, g.rules, g.moves, DEFAULT_SCORE_SETTINGS, g.state.home === 52 ? seconds : undefined);
  return r.ok ? r.value : undefined;
}

/** Dollars, with a true minus sign: `$13`, `−$42`. */
export function dollars(n: number): string {
  return n < 0 ? `−$${-n}` : `$${n}`;
}

/** A deal's name for people: the family and seed, a long code shortened to its ends. */
export function dealTitle(name: DealName): string {
  if (name.seed === undefined) return 'a pasted deal';
  const s = name.seed.length > 12 ? `${name.seed.slice(0, 4)}…${name.seed.slice(-4)}` : name.seed;
  return name.family === 'exact' ? `deal ${s}` : `${name.family ?? 'solvitaire'} deal ${s}`;
}

/** A new deal of all 52!, each card order equally likely: its `exact` code, in digits. */
export function randomDealCode(): string {
  return randomCode((w) => crypto.getRandomValues(w)).toString();
}

/** What the game view tells the rest of the page. */
export interface PlayHooks {
  announce(text: string): void;
  /** Shows a deal's verdict in the solve view. */
  watchVerdict(start: Position, rules: Rules, name: DealName, result: SolveResult): void;
  /** Shows a line of moves from a position in the solve view. */
  watchLine(start: Position, rules: Rules, moves: readonly AtomicMove[], caption: string): void;
  /** A game was started or resumed: its address. */
  started(request: DealRequest | undefined): void;
}

export class Play {
  private readonly table: TableView;
  game: Game | undefined;
  private selection: { pile: PileName; count: number } | undefined;
  private clock = new Clock();
  private readonly verdicts = new DealVerdicts();
  /** The worker that proves the end of a game when the page's quick check could not. */
  private readonly progress = new SolverClient();
  private readonly after: AfterGame;
  private readonly advice: Advice;
  readonly stats: Statistics;
  /** The end box shows this game's end (so it is filled once per end). */
  private endShown: string | undefined;

  constructor(private readonly hooks: PlayHooks) {
    this.table = new TableView(
      $('play-table'),
      true,
      {
        card: (pile, count) => this.clickCard(pile, count),
        cardDouble: (pile) => this.toFoundation(pile),
        slot: (pile) => this.activate(pile),
        drop: (from, count, to) => this.move(from, count, to, false),
      },
      'Game table',
    );
    this.after = new AfterGame(this.verdicts, new SolverClient(), {
      announce: (t) => hooks.announce(t),
      watchVerdict: (...a) => hooks.watchVerdict(...a),
      watchLine: (...a) => hooks.watchLine(...a),
      goBack: (k) => this.goBack(k),
      current: () => this.game,
    });
    this.advice = new Advice(this.table, this.after, (t) => hooks.announce(t));
    this.stats = new Statistics(this.verdicts, (t) => hooks.announce(t));
    this.readSettings();
    $('p-new').addEventListener('click', () => this.newGame());
    $('p-same').addEventListener('click', () => {
      if (!this.game) return;
      const g = this.game;
      this.start(new Game(g.start, g.rules, g.name), false);
      this.hooks.announce(`Dealt the same cards again. ${g.position().stock.length} cards in the stock.`);
    });
    $('p-undo').addEventListener('click', () => this.undo());
    $('p-finish').addEventListener('click', () => this.finish());
    for (const id of ['p-draw', 'p-scoring']) $(id).addEventListener('change', () => this.saveSettings());
    const policy = $<HTMLSelectElement>('p-hint-policy');
    for (const c of HINT_CHOICES) policy.add(new Option(c.label, c.id));
    $('p-hint').addEventListener('click', () => this.game && this.advice.hint(this.game));
    $('p-odds').addEventListener('click', () => this.game && this.advice.odds(this.game));
    $('p-rewind').addEventListener('click', () => this.game && this.advice.rewind(this.game));
    $('p-think-stop').addEventListener('click', () => this.advice.stop());
    // On the whole page while the game is shown (focus may be on no pile after a click), but not
    // inside text fields, whose own undo Ctrl+Z is.
    document.addEventListener('keydown', (e) => {
      if ($('panel-play').hidden || (e.target as HTMLElement).closest('input, textarea, select')) return;
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        this.undo();
      } else if (e.key === 'Escape' && this.selection) {
        this.select(undefined);
        this.hooks.announce('Selection dropped.');
      }
    });
    // The clock: shown twice a second; it does not run while the page is hidden, and its time is saved then.
    window.setInterval(() => this.showClock(), 500);
    document.addEventListener('visibilitychange', () => this.runClock());
    window.addEventListener('pagehide', () => this.save(true));
  }

  // ---- settings ----

  private readSettings(): void {
    try {
      const o = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as { draw?: unknown; scoring?: unknown };
      if (o.draw === 1 || o.draw === 3) $<HTMLSelectElement>('p-draw').value = String(o.draw);
      if (o.scoring === 'standard' || o.scoring === 'vegas') $<HTMLSelectElement>('p-scoring').value = o.scoring;
    } catch {}
  }

  private saveSettings(): void {
    try {
      localStorage.setItem(SETTINGS_KEY, JSON.stringify({ draw: Number($<HTMLSelectElement>('p-draw').value), scoring: this.scoring }));
    } catch {}
    if (this.game) this.changed(undefined, false);
  }

  /** The scoring shown and used for new games. */
  get scoring(): Scoring {
    return $<HTMLSelectElement>('p-scoring').value === 'vegas' ? 'vegas' : 'standard';
  }

  /** The rules of a new game: the draw chosen, unlimited passes, or the Vegas pass limits. */
  newRules(): Rules {
    const draw = Number($<HTMLSelectElement>('p-draw').value) === 1 ? 1 : 3;
    return this.scoring === 'vegas' ? vegasRules(draw) : { draw, passes: null, foundationReturn: true };
  }

  // ---- games ----

  /** Deals a new game: any of the 52! deals, each equally likely. */
  newGame(announce = true): void {
    const seed = randomDealCode();
    const d = dealFromSeed(BigInt(seed), 'exact');
    if (!d.ok) throw new Error(`internal: ${d.error}`);
    this.start(new Game(dealPosition(d.value), this.newRules(), { family: 'exact', seed }), announce);
  }

  /** Restores the saved game; false (and nothing changed) when there is none or it cannot be read. */
  restore(): { ok: boolean; error?: string } {
    let text: string | null = null;
    try {
      text = localStorage.getItem(GAME_KEY);
    } catch {
      return { ok: false };
    }
    if (!text) return { ok: false };
    let o: unknown;
    try {
      o = JSON.parse(text);
    } catch {
      o = undefined;
    }
    const g = Game.fromRecord(o);
    if (!g.ok) {
      // Keep the unreadable record aside rather than losing it.
      try {
        localStorage.setItem(`${GAME_KEY}.unreadable`, text);
      } catch {}
      return { ok: false, error: g.error };
    }
    this.start(g.value, false, false);
    return { ok: true };
  }

  /** Starts (or resumes) a game; the one it replaces counts in the statistics if it was played and not won. */
  start(g: Game, announce = true, leave = true): void {
    if (leave) this.leave();
    this.game = g;
    this.clock.stop();
    this.clock = new Clock(g.clockMs);
    this.endShown = undefined;
    this.selection = undefined;
    this.table.setSelected([]);
    $('play-end').hidden = true;
    $('play-end').replaceChildren();
    this.after.stop();
    this.changed(announce ? `New game: ${this.title()}. ${g.position().stock.length} cards in the stock.` : undefined, false);
    this.hooks.started(this.request());
  }

  /** The address of the game's deal, when it has one. */
  request(): DealRequest | undefined {
    const g = this.game;
    if (!g?.name.family || g.name.seed === undefined) return undefined;
    return { source: { kind: 'seed', family: g.name.family, seed: g.name.seed }, rules: g.rules, view: 'play' };
  }

  /** Counts the game being left, when it was played (a move at least) and not won. */
  private leave(): void {
    const g = this.game;
    if (!g || g.counted || g.moves.length === 0 || g.state.home === 52) return;
    g.counted = true;
    this.save();
    this.stats.count({
      id: g.id,
      won: false,
      start: makePositionJson(g.start),
      rules: g.rules,
      score: gameScore(g, this.clock.seconds)?.standard ?? 0,
      seconds: this.clock.seconds,
    });
  }

  private title(): string {
    const g = this.game!;
    return `${dealTitle(g.name)}, ${rulesLabel(g.rules)}`;
  }

  /**
   * Saves the game. `onlyOwn`: only over the record of this same game (the clock's time, saved when
   * the page is hidden or closed, must not replace a game another tab of the app saved meanwhile).
   */
  private save(onlyOwn = false): void {
    if (!this.game) return;
    this.game.clockMs = this.clock.ms;
    try {
      if (onlyOwn && !localStorage.getItem(GAME_KEY)?.includes(`"id":"${this.game.id}"`)) return;
      localStorage.setItem(GAME_KEY, JSON.stringify(this.game.toRecord()));
    } catch {
      // Storage full or refused (private mode): the game goes on, unsaved.
    }
  }

  /** Runs the clock while the game is under way and the page shown. */
  private runClock(): void {
    const g = this.game;
    const on = g !== undefined && g.moves.length > 0 && g.state.home < 52 && document.visibilityState !== 'hidden';
    if (on) this.clock.start();
    else if (this.clock.running) {
      this.clock.stop();
      this.save(true);
    }
    this.showClock();
  }

  private showClock(): void {
    $('p-time').textContent = clockText(this.clock.ms);
  }

  /** After any change: save, draw, score, announce, check for the end. */
  private changed(message: string | undefined, animate = true): void {
    const g = this.game!;
    this.advice.clear();
    this.runClock();
    this.save();
    this.table.show(g.position(), g.fan, animate);
    const p = g.position();
    const home = p.foundations.reduce((a, b) => a + b, 0);
    const score = gameScore(g, this.clock.seconds);
    $('p-moves').textContent = String(g.moves.length);
    if (score) $('p-score').textContent = this.scoring === 'vegas' ? dollars(score.vegas) : String(score.standard);
    const limited = g.rules.passes !== null;
    $('p-passes-box').hidden = !limited;
    if (limited) {
      const left = g.rules.passes! - p.pass;
      $('p-passes').textContent = `${p.pass} of ${g.rules.passes} (${left} left)`;
    }
    const link = $<HTMLAnchorElement>('p-link');
    const req = this.request();
    $('p-link-box').hidden = req === undefined;
    if (req) link.href = `#${makeDealParams(req)}`;
    $('play-deal-name').textContent = `${this.title()[0].toUpperCase()}${this.title().slice(1)}`;
    $('play-table').dataset.home = String(home);
    $('play-table').dataset.moves = String(g.moves.length);
    $<HTMLButtonElement>('p-undo').disabled = g.moves.length === 0;
    $('p-finish').hidden = g.finishingMoves().length === 0;
    if (message) this.hooks.announce(message);
    const status = g.status(QUICK_PROGRESS_BUDGET);
    if (status === 'won' || status === 'stuck') {
      this.ended(status, score);
      return;
    }
    $('play-end').hidden = true;
    this.endShown = undefined;
    if (status === 'unproved') this.proveEnd(g);
    else this.progress.stop();
  }

  /**
   * The page's quick check could not decide whether anything can still turn a card or send one
   * home: a worker searches further, and the game ends only if it proves that nothing can (out of
   * its budget too, nothing is said).
   */
  private async proveEnd(g: Game): Promise<void> {
    const n = g.moves.length;
    const o = await this.progress.run('progress', { position: g.position(), rules: g.rules, budget: PROGRESS_BUDGET });
    if (this.game !== g || g.moves.length !== n || o.kind !== 'done' || o.result.progress !== false) return;
    this.ended('stuck', gameScore(g, this.clock.seconds));
  }

  private ended(status: 'won' | 'stuck', score: GameScore | undefined): void {
    const g = this.game!;
    const key = `${g.id} ${g.moves.length}`;
    if (this.endShown === key) return;
    this.endShown = key;
    const end = $('play-end');
    end.hidden = false;
    end.replaceChildren();
    const seconds = this.clock.seconds;
    const h = document.createElement('p');
    const strong = document.createElement('strong');
    strong.textContent = status === 'won' ? 'Won: all 52 cards are home.' : 'No moves left: nothing can turn a card or send one home.';
    h.append(strong);
    end.append(h);
    if (status === 'won' && score) {
      const sum = document.createElement('p');
      sum.id = 'play-summary';
      const bonus = score.timeBonus > 0 ? ` + time bonus ${score.timeBonus}` : seconds < 30 ? ' (no time bonus under 30 seconds)' : '';
      const points = score.standard - score.timeBonus;
      sum.textContent =
        `Time ${clockText(seconds * 1000)} · ${g.moves.length} moves · score ${points}${bonus}` +
        (score.timeBonus > 0 ? ` = ${score.standard}` : '') +
        (this.scoring === 'vegas' ? ` · Vegas ${dollars(score.vegas)}` : '');
      sum.dataset.score = String(score.standard);
      sum.dataset.bonus = String(score.timeBonus);
      sum.dataset.seconds = String(seconds);
      end.append(sum);
      if (!g.counted) {
        g.counted = true;
        this.save();
        this.stats.count({ id: g.id, won: true, start: makePositionJson(g.start), rules: g.rules, score: score.standard, seconds });
      }
    }
    end.append(this.exportLink(g, seconds));
    this.hooks.announce(strong.textContent);
    this.after.ended(g, end, $('rewind-box'), status).then(() => this.advice.thinking());
    this.advice.thinking();
  }

  /** A link that saves the game as a solution JSON (`klondike score FILE --seconds N` scores it as shown here). */
  private exportLink(g: Game, seconds: number): HTMLElement {
    const p = document.createElement('p');
    const a = document.createElement('a');
    a.id = 'p-export';
    const sol = makeSolutionJson({
      family: g.name.family,
      seed: g.name.seed !== undefined ? BigInt(g.name.seed) : undefined,
      rules: g.rules,
      deal: g.start,
      moves: g.moves,
    });
    a.href = URL.createObjectURL(new Blob([`${JSON.stringify(sol)}\n`], { type: 'application/json' }));
    a.download = 'klondike-game.json';
    a.textContent = 'Save this game';
    a.dataset.seconds = String(seconds);
    p.append(a, ` (a solution JSON: klondike score klondike-game.json --seconds ${seconds} scores it as here)`);
    return p;
  }

  private select(sel: { pile: PileName; count: number } | undefined): void {
    this.selection = sel;
    this.table.setSelected(sel ? this.table.cardsOf(sel.pile, sel.count) : []);
  }

  /** Plays from → to: `count` cards, or when `loose` the one legal move between the two piles, whatever its count. */
  private move(from: PileName, count: number, to: PileName, loose: boolean): boolean {
    const g = this.game;
    if (!g) return false;
    const legal = g.legalMoves().filter((m) => m.from === from && (m.to === to || (to[0] === 'f' && m.to[0] === 'f')));
    const m = legal.find((x) => x.count === count) ?? (loose && legal.length === 1 ? legal[0] : undefined);
    if (!m) return false;
    this.apply(m);
    return true;
  }

  private apply(m: AtomicMove): void {
    const g = this.game!;
    const before = g.position();
    const r = g.play(m);
    if (!r.ok) return;
    this.select(undefined);
    this.changed(moveWords(before, g.position(), r.value));
  }

  /** A click or tap on a card: puts the cards picked up there, or picks these up; true when it made a move. */
  private clickCard(pile: PileName, count: number): boolean {
    const sel = this.selection;
    if (sel) {
      if (sel.pile === pile) {
        this.select(sel.count === count ? undefined : { pile, count });
        return false;
      }
      if (this.move(sel.pile, sel.count, pile, true)) return true;
    }
    this.pick(pile, count);
    return false;
  }

  private pick(pile: PileName, count: number): void {
    this.select({ pile, count });
    const cards = this.table.cardsOf(pile, count);
    this.hooks.announce(`Picked up ${cards.length > 1 ? `${cards.length} cards from ` : ''}${this.label(pile)}. Choose where they go.`);
  }

  private label(pile: PileName): string {
    return this.table.slot(pile).getAttribute('aria-label') ?? pile;
  }

  /** Enter or a click on a pile: draw from the stock, pick up, put down, or (twice) send home. */
  private activate(pile: PileName): void {
    const g = this.game;
    if (!g) return;
    if (pile === 'stock') {
      this.select(undefined);
      const m = g.legalMoves().find((x) => x.from === 'stock' || x.to === 'stock');
      if (m) this.apply(m);
      else this.hooks.announce('The stock is empty and cannot be turned over again.');
      return;
    }
    const sel = this.selection;
    if (sel) {
      if (sel.pile === pile) {
        if (!this.toFoundation(pile)) {
          this.select(undefined);
          this.hooks.announce('That card cannot go home now. Selection dropped.');
        }
        return;
      }
      if (!this.move(sel.pile, sel.count, pile, true)) this.hooks.announce(`Those cards cannot go on ${this.label(pile)}.`);
      this.table.focus(pile);
      return;
    }
    const p = g.position();
    const i = PILE_NAMES.indexOf(pile);
    const count = i >= 2 && i <= 8 ? p.tableau[i - 2].length - p.faceDown[i - 2] : 1;
    const empty = i === 1 ? p.waste.length === 0 : i >= 9 ? p.foundations[i - 9] === 0 : count === 0;
    if (empty) this.hooks.announce(`${this.label(pile)}: nothing to pick up.`);
    else this.pick(pile, count);
  }

  /** Sends the top card of a pile home; false when it cannot go. */
  private toFoundation(pile: PileName): boolean {
    const m = this.game?.legalMoves().find((x) => x.from === pile && x.to[0] === 'f');
    if (!m) return false;
    this.apply(m);
    return true;
  }

  private undo(): void {
    const g = this.game;
    if (!g?.undo()) return;
    this.select(undefined);
    this.changed(`Undone. ${g.moves.length} move${g.moves.length === 1 ? '' : 's'} played.`);
  }

  /** Takes the game back to the position after k moves (the clock runs on). */
  private goBack(k: number): void {
    const g = this.game;
    if (!g || k < 0 || k > g.moves.length) return;
    while (g.moves.length > k) g.undo();
    this.select(undefined);
    this.changed(`Back to the position after move ${k}.`, false);
  }

  private finish(): void {
    const g = this.game;
    if (!g) return;
    const moves = g.finishingMoves();
    let k = 0;
    const step = () => {
      if (this.game !== g || k >= moves.length) return;
      this.apply(moves[k++]);
      window.setTimeout(step, 90);
    };
    step();
  }
}
