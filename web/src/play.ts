/**
 * The game: a deal played by a person with its hidden cards face down, by mouse, touch or keyboard
 * (play-input.ts), with unlimited undo and redo, a clock, the score as it builds and the
 * statistics. Every change is saved in localStorage, so a reload finds the same game; each move is
 * announced to screen readers.
 *
 * **New game** deals one of all 52! card orders, each equally likely: an `exact` deal code drawn
 * with `crypto.getRandomValues` (`randomCode`), kept in the address so that the link replays the
 * same deal; with "winnable deals only", the first such deal the solver proves winnable (dealer.ts).
 * **Deal of the day** deals the day's deal (dealer.ts). The draw and the scoring (standard, or
 * Vegas with its pass limits) are settings for the next game (settings.ts): a game keeps the rules
 * and the scoring it was dealt with.
 *
 * The clock starts at the first move and stops when the game is won (and while the page is
 * hidden); undo takes back the move, its points and the move count, never the time. The score is
 * the library's (`scoreGame`): the standard score of the moves so far, and at a win the time
 * bonus, 700,000 / seconds for a game of 30 seconds or more, exactly as `klondike score --seconds`
 * gives it for the same game; Vegas shows dollars, 5 a card home less the 52 of the deck, the
 * passes left and the bankroll of every Vegas game.
 *
 * When every card is face up and the stock is empty the game plays itself out (auto-complete). When
 * the game ends (won, or stuck: proved that no line of play turns a card or sends one home,
 * progress.ts) the end panel shows (end.ts) and the solver says, with every card known, whether the
 * deal could be won (after.ts). Hint and Odds (hint.ts) see only the observation of the game (the
 * library game's, played-game.ts); their answers belong to the position they were asked on: any move clears them.
 */
import {
  type AtomicMove,
  type Position,
  makePositionJson,
  type GameScore,
  type SolveResult,
  type Rules,
  vegasRules,
} from '../../src/index.ts';

import { Advice } from './advice.ts';
import { AfterGame } from './after.ts';
import { Clock, clockText } from './clock.ts';
import { ask } from './confirm.ts';
import { dailyCode, localDate } from './daily.ts';
import { Dealer, dailyParagraph, exactGame, randomDealCode } from './dealer.ts';
import { EndPanel } from './end.ts';
import { type DealName, GAME_KEY, PlayedGame } from './played-game.ts';
import { HINT_CHOICES } from './hint.ts';
import { type DealRequest, makeDealParams } from './params.ts';
import { PlayInput, shortcut } from './play-input.ts';
import { PROGRESS_BUDGET, QUICK_PROGRESS_BUDGET } from '../../src/index.ts';
import { gameScore, gameTitle, showScoreboard } from './scoreboard.ts';
import { type PlaySettings, SettingsView, rulesFor } from './settings.ts';
import { SolverClient } from './solver-client.ts';
import { moveWords } from './speech.ts';
import { Statistics } from './stats-view.ts';
import { CardsView, reducedMotion } from './cards-view.ts';
import { DealVerdicts } from './verdicts.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Milliseconds between the moves of the auto-complete (none under reduced motion). */
const FINISH_STEP_MS = 110;

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
  private readonly board: CardsView;
  private readonly input: PlayInput;
  private readonly settings: SettingsView;
  private readonly end: EndPanel;
  private readonly dealer = new Dealer();
  game: PlayedGame | undefined;
  private clock = new Clock();
  private readonly verdicts = new DealVerdicts();
  /** The worker that proves the end of a game when the page's quick check could not. */
  private readonly progress = new SolverClient();
  private readonly after: AfterGame;
  private readonly advice: Advice;
  readonly stats: Statistics;
  /** The game being played out by the auto-complete. */
  private finishing: PlayedGame | undefined;
  /** Counts the games started, so that a deal that arrives late (a winnable one) does not replace a later game. */
  private starts = 0;

  constructor(private readonly hooks: PlayHooks) {
    this.board = new CardsView(
      $('play-board'),
      true,
      {
        card: (pile, count) => this.input.clickCard(pile, count),
        cardDouble: (pile) => this.input.toFoundation(pile),
        slot: (pile) => this.input.activate(pile),
        drop: (from, count, to) => this.input.move(from, count, to, false),
      },
      'Game board',
    );
    this.settings = new SettingsView((s) => this.settingsChanged(s));
    this.input = new PlayInput(this.board, {
      game: () => this.game,
      apply: (m) => this.apply(m),
      announce: (t) => hooks.announce(t),
      tap: () => this.settings.get().tap,
    });
    this.board.setLook(this.settings.get());
    this.end = new EndPanel({ playAgain: () => this.newGame(), sameDeal: () => this.sameDeal() });
    this.after = new AfterGame(this.verdicts, new SolverClient(), {
      announce: (t) => hooks.announce(t),
      watchVerdict: (...a) => hooks.watchVerdict(...a),
      watchLine: (...a) => hooks.watchLine(...a),
      goBack: (k) => this.goBack(k),
      current: () => this.game,
    });
    this.advice = new Advice(this.board, this.after, (t) => hooks.announce(t));
    this.stats = new Statistics(this.verdicts, (t) => hooks.announce(t));
    $('p-new').addEventListener('click', () => this.newGame());
    $('p-same').addEventListener('click', () => this.sameDeal());
    $('p-daily').addEventListener('click', () => this.daily());
    $('p-undo').addEventListener('click', () => this.undo());
    $('p-redo').addEventListener('click', () => this.redo());
    const policy = $<HTMLSelectElement>('p-hint-policy');
    for (const c of HINT_CHOICES) policy.add(new Option(c.label, c.id));
    $('p-hint').addEventListener('click', () => this.hint());
    $('p-odds').addEventListener('click', () => this.game && this.advice.odds(this.game));
    $('p-rewind').addEventListener('click', () => this.game && this.advice.rewind(this.game));
    $('p-think-stop').addEventListener('click', () => this.advice.stop());
    document.addEventListener('keydown', (e) => this.key(e));
    // The clock: shown twice a second; it does not run while the page is hidden, and its time is saved then.
    window.setInterval(() => this.showClock(), 500);
    document.addEventListener('visibilitychange', () => this.runClock());
    window.addEventListener('pagehide', () => this.save(true));
  }

  /** Keys on the whole page while the game is shown (play-input.ts `shortcut`). */
  private key(e: KeyboardEvent): void {
    if ($('panel-play').hidden) return;
    const act = shortcut(e, {
      draw: () => this.input.draw(),
      hint: () => this.hint(),
      undo: () => this.undo(),
      redo: () => this.redo(),
      newGame: () => this.askNewGame(),
    });
    if (act) {
      e.preventDefault();
      act();
    } else if (e.key === 'Escape' && this.input.holding && !(e.target as HTMLElement).closest('dialog')) {
      this.input.select(undefined);
      this.hooks.announce('Selection dropped.');
    }
  }

  private settingsChanged(s: PlaySettings): void {
    this.board.setLook(s);
    if (s.autoFinish) this.autoFinish();
  }

  private hint(): void {
    if (this.game) this.advice.hint(this.game);
  }

  // ---- games ----

  /** N: a new game, after asking when the game in progress would be counted as lost. */
  private async askNewGame(): Promise<void> {
    if (await this.mayLeave('Deal a new game?', 'New game')) this.newGame();
  }

  /** True while a game has moves and is neither won nor counted. */
  inProgress(g: PlayedGame): boolean {
    return !g.counted && g.moves.length > 0 && !g.won;
  }

  /** What leaving a game in progress means, in words. */
  lossWords(g: PlayedGame): string {
    return `The game in progress (${g.moves.length} move${g.moves.length === 1 ? '' : 's'}) counts as lost in your statistics.`;
  }

  /**
   * Asks before another deal replaces a game in progress (which then counts as lost); true when
   * there is none or the player agrees.
   */
  async mayLeave(question: string, yes: string): Promise<boolean> {
    const g = this.game;
    return !g || !this.inProgress(g) || ask(`${question} ${this.lossWords(g)}`, yes, 'Keep my game');
  }

  /** A game of a deal chosen elsewhere (a link, the solve view): scored as Vegas when the settings say so and the rules are Vegas's. */
  gameOf(start: Position, rules: Rules, name: DealName): PlayedGame {
    const g = new PlayedGame(start, rules, name);
    const s = this.settings.get();
    const v = vegasRules(rules.draw);
    g.scoring = s.scoring === 'vegas' && rules.passes === v.passes && rules.foundationReturn === v.foundationReturn ? 'vegas' : 'standard';
    return g;
  }

  /** Deals a new game under the settings: any of the 52! deals, or with "winnable deals only" one the solver proves winnable. */
  async newGame(announce = true): Promise<void> {
    const s = this.settings.get();
    const rules = rulesFor(s);
    if (!s.winnableOnly) {
      this.start(exactGame(randomDealCode(), rules, s.scoring), announce);
      return;
    }
    $('play-status').textContent = 'Dealing: drawing deals until the solver proves one winnable…';
    const starts = this.starts;
    const o = await this.dealer.winnable(rules);
    if (starts !== this.starts) return;
    $('play-status').textContent = '';
    if (o.kind !== 'done' || o.result.code === undefined) {
      const why =
        o.kind === 'failed' ? o.message : o.kind === 'stopped' ? 'stopped' : `none of ${o.result.tries} deals was proved winnable`;
      $('play-status').textContent = `No winnable deal was found (${why}).`;
      return;
    }
    const g = exactGame(o.result.code, rules, s.scoring);
    g.provedWinnable = true;
    this.start(g, false);
    const tries = o.result.tries === 1 ? 'the first deal drawn' : `${o.result.tries} deals drawn`;
    if (announce)
      this.hooks.announce(`New game: ${this.title()}, proved winnable (${tries}). ${g.position().stock.length} cards in the stock.`);
  }

  /** Deals the same cards again, under the same rules and scoring. */
  sameDeal(): void {
    const g = this.game;
    if (!g) return;
    const again = new PlayedGame(g.start, g.rules, g.name);
    again.scoring = g.scoring;
    again.daily = g.daily;
    again.provedWinnable = g.provedWinnable;
    this.start(again, false);
    this.hooks.announce(`Dealt the same cards again. ${g.position().stock.length} cards in the stock.`);
  }

  /** Deals the deal of the day, at the draw of the settings, with unlimited passes and standard scoring. */
  async daily(): Promise<void> {
    const date = localDate(new Date());
    const g = exactGame(dailyCode(date), { draw: this.settings.get().draw, passes: null, foundationReturn: true }, 'standard');
    g.daily = date;
    const now = this.game;
    if (
      now &&
      this.inProgress(now) &&
      !(await ask(`Deal the deal of the day? ${this.lossWords(now)}`, "Play today's deal", 'Keep playing'))
    )
      return;
    this.start(g);
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
    const g = PlayedGame.fromRecord(o);
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
  start(g: PlayedGame, announce = true, leave = true): void {
    if (leave) this.leave();
    this.starts++;
    this.game = g;
    this.finishing = undefined;
    this.clock.stop();
    this.clock = new Clock(g.clockMs);
    this.input.select(undefined);
    this.end.hide();
    this.after.stop();
    this.showDaily(g);
    this.changed(announce ? `New game: ${this.title()}. ${g.position().stock.length} cards in the stock.` : undefined, false);
    this.hooks.started(this.request());
    this.autoFinish();
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
    if (!g || !this.inProgress(g)) return;
    g.counted = true;
    this.save();
    const score = gameScore(g, this.clock.seconds);
    this.stats.count({
      id: g.id,
      won: false,
      start: makePositionJson(g.start),
      rules: g.rules,
      score: score?.standard ?? 0,
      seconds: this.clock.seconds,
      scoring: g.scoring,
      dollars: score?.vegas ?? -52,
    });
  }

  /** The game's deal, its rules and its scoring, in words. */
  title(): string {
    const g = this.game!;
    const t = gameTitle(g);
    return `${t[0].toUpperCase()}${t.slice(1)}`;
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
    const on = g !== undefined && g.moves.length > 0 && !g.won && document.visibilityState !== 'hidden';
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
    this.board.show(g.position(), g.fan, animate);
    const score = gameScore(g, this.clock.seconds);
    showScoreboard(g, score, this.stats.bankroll);
    const req = this.request();
    $<HTMLAnchorElement>('p-link').href = req ? `#${makeDealParams(req)}` : './';
    $('p-link-box').hidden = req === undefined;
    if (message) this.hooks.announce(message);
    const status = g.status(QUICK_PROGRESS_BUDGET);
    $('play-board').dataset.end = status === 'unproved' ? 'checking' : status;
    if (status === 'won' || status === 'stuck') {
      this.ended(status, score);
      return;
    }
    this.end.hide();
    if (status === 'unproved') this.proveEnd(g);
    else this.progress.stop();
  }

  /**
   * The page's quick check could not decide whether a card can still turn or go home: a worker
   * searches further; the game ends only if it proves that none can (out of budget, nothing is
   * said). The board's `data-end`: `won`, `stuck`, `playing` (proved open), `checking` (the
   * worker searches), `unproved` (out of budget) or `failed` (the worker did not answer).
   */
  private async proveEnd(g: PlayedGame): Promise<void> {
    const n = g.moves.length;
    const o = await this.progress.run('progress', { position: g.position(), rules: g.rules, budget: PROGRESS_BUDGET });
    if (this.game !== g || g.moves.length !== n || o.kind === 'stopped') return;
    const open = o.kind === 'done' ? o.result.progress : undefined;
    $('play-board').dataset.end = o.kind === 'failed' ? 'failed' : open === undefined ? 'unproved' : open ? 'playing' : 'stuck';
    if (open === false) this.ended('stuck', gameScore(g, this.clock.seconds));
  }

  private ended(status: 'won' | 'stuck', score: GameScore | undefined): void {
    const g = this.game!;
    const seconds = this.clock.seconds;
    const extra: HTMLElement[] = [];
    if (g.daily !== undefined) extra.push(this.dailyLine(g, 'play-daily-result', true));
    if (!this.end.show(g, status, score, seconds, extra)) return;
    if (status === 'won' && score && !g.counted) {
      g.counted = true;
      this.save();
      this.stats.count({
        id: g.id,
        won: true,
        start: makePositionJson(g.start),
        rules: g.rules,
        score: score.standard,
        seconds,
        scoring: g.scoring,
        dollars: score.vegas,
      });
      showScoreboard(g, score, this.stats.bankroll);
    }
    if (status === 'won') this.board.celebrate();
    this.hooks.announce($('play-end-title').textContent ?? '');
    this.after.ended(g, this.end.body, $('rewind-box'), status).then(() => this.advice.thinking());
    this.advice.thinking();
  }

  /** Below the board: the deal of the day's date and verdict (the length to beat once the game is over). */
  private showDaily(g: PlayedGame): void {
    const box = $('daily-box');
    box.hidden = g.daily === undefined;
    box.replaceChildren();
    if (g.daily !== undefined) box.append(this.dailyLine(g, 'daily-text', false));
  }

  private dailyLine(g: PlayedGame, id: string, finished: boolean): HTMLElement {
    return dailyParagraph(this.dealer, g, id, finished, () => this.game === g);
  }

  private apply(m: AtomicMove): void {
    const g = this.game!;
    const before = g.position();
    const r = g.play(m);
    if (!r.ok) return;
    this.input.select(undefined);
    this.changed(moveWords(before, g.position(), r.value));
    this.autoFinish();
  }

  /** When every card is face up and the stock is empty: the cards go home by themselves, one after another. */
  private autoFinish(): void {
    const g = this.game;
    if (!g || !this.settings.get().autoFinish || this.finishing === g || g.finishingMoves().length === 0) return;
    this.finishing = g;
    this.hooks.announce('Every card is face up: playing the cards home.');
    const step = () => {
      if (this.game !== g || this.finishing !== g) return;
      const next = g.finishingMoves()[0];
      if (!next) {
        this.finishing = undefined;
        return;
      }
      const before = g.position();
      const r = g.play(next);
      if (!r.ok) return;
      this.input.select(undefined);
      this.changed(g.won ? undefined : moveWords(before, g.position(), r.value), !reducedMotion());
      window.setTimeout(step, reducedMotion() ? 0 : FINISH_STEP_MS);
    };
    window.setTimeout(step, reducedMotion() ? 0 : FINISH_STEP_MS);
  }

  private undo(): void {
    const g = this.game;
    if (!g?.undo()) return;
    this.finishing = undefined;
    this.input.select(undefined);
    this.changed(`Undone. ${g.moves.length} move${g.moves.length === 1 ? '' : 's'} played.`);
  }

  private redo(): void {
    const g = this.game;
    if (!g?.redo()) return;
    this.input.select(undefined);
    this.changed(`Redone. ${g.moves.length} move${g.moves.length === 1 ? '' : 's'} played.`);
  }

  /** Takes the game back to the position after k moves (the clock runs on). */
  private goBack(k: number): void {
    const g = this.game;
    if (!g || k < 0 || k > g.moves.length) return;
    while (g.moves.length > k) g.undo();
    this.finishing = undefined;
    this.input.select(undefined);
    this.changed(`Back to the position after move ${k}.`, false);
  }
}
