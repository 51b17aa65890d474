/**
 * The game: a deal played by a person with its hidden cards face down, by pointer (click then
 * click, drag and drop, double-click home) or keyboard (Tab between piles, Enter to pick up and
 * put down, Enter twice to send home, Escape, Ctrl+Z), with unlimited undo. Every change is saved
 * in localStorage, so a reload finds the same game; each move is announced to screen readers.
 *
 * When the game ends (won, or stuck: no line of play turns a card or sends one home), the solver
 * decides the deal from its start in its worker, and the player learns whether it was winnable
 * with every card known, with the solution to watch.
 *
 * Hint and Odds (hint.ts) see only the observation of the game (observation.ts): the priority
 * policy's hint is computed here at once; the search policy's hint and the odds run in workers of
 * their own, so neither stops the other nor the end-of-game verdict, and the page never waits.
 * Their answers belong to the position they were asked on: any move clears them (and stops a job
 * still running for it).
 *
 * The score shown is the library's standard score of the moves so far (`scoreGame`: +5 a waste
 * card to the tableau, +10 a card home, +5 a card turned up, −15 a card back down, a redeal −100 at
 * draw 1 and −20 otherwise, never below 0); undo takes its points back with the move.
 */
import { PILE_NAMES, type AtomicMove, type PileName } from '../../src/engine/notation.ts';
import type { Position } from '../../src/engine/position.ts';
import { scoreGame } from '../../src/engine/score.ts';
import type { SolveResult } from '../../src/solver/index.ts';
import { type Rules, rulesLabel } from '../../src/types.ts';
import { type DealName, GAME_KEY, Game } from './game.ts';
import type { Decision } from '../../src/hidden/policy.ts';
import type { Observation } from '../../src/hidden/observation.ts';
import { HINT_CHOICES, ODDS_SAMPLES, candidateLines, hintAttribute, hintHeadline, oddsText, priorityHint } from './hint.ts';
import { observe, seenMessage } from './observation.ts';
import type { SolverClient } from './solver-client.ts';
import { cardsMoved, moveWords } from './speech.ts';
import { TableView } from './table.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** The standard score of the game so far. */
function scoreText(game: Game): string | undefined {
  const r = scoreGame(game.start, game.rules, game.moves);
  return r.ok ? String(r.value.standard) : undefined;
}

export class Play {
  private readonly table: TableView;
  game: Game | undefined;
  private selection: { pile: PileName; count: number } | undefined;
  /** A search of the finished deal, so it runs once per game end. */
  private verdictFor: string | undefined;
  /** Counts the hints and odds asked (and every change of the game), so an answer to an older question is dropped. */
  private readonly asked = { hint: 0, odds: 0 };

  constructor(
    private readonly announce: (text: string) => void,
    private readonly solver: SolverClient,
    private readonly hints: SolverClient,
    private readonly oddsSolver: SolverClient,
    private readonly watch: (start: Position, rules: Rules, name: DealName, result: SolveResult) => void,
    private readonly newDeal: () => { start: Position; rules: Rules; name: DealName } | undefined,
  ) {
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
    $('p-new').addEventListener('click', () => {
      const d = this.newDeal();
      if (d) this.start(new Game(d.start, d.rules, d.name));
    });
    $('p-same').addEventListener('click', () => {
      if (!this.game) return;
      this.game.reset();
      this.changed('Dealt the same cards again.');
    });
    $('p-undo').addEventListener('click', () => this.undo());
    $('p-finish').addEventListener('click', () => this.finish());
    const policy = $<HTMLSelectElement>('p-hint-policy');
    for (const c of HINT_CHOICES) policy.add(new Option(c.label, c.id));
    const samples = $<HTMLSelectElement>('p-odds-samples');
    for (const n of ODDS_SAMPLES) samples.add(new Option(String(n), String(n)));
    $('p-hint').addEventListener('click', () => this.hint());
    $('p-odds').addEventListener('click', () => this.odds());
    $('p-think-stop').addEventListener('click', () => {
      this.hints.stop();
      this.oddsSolver.stop();
    });
    // On the whole page while the game is shown (focus may be on no pile after a click), but not
    // inside text fields, whose own undo Ctrl+Z is.
    document.addEventListener('keydown', (e) => {
      if ($('panel-play').hidden || (e.target as HTMLElement).closest('input, textarea, select')) return;
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        this.undo();
      } else if (e.key === 'Escape' && this.selection) {
        this.select(undefined);
        this.announce('Selection dropped.');
      }
    });
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
    this.start(g.value, false);
    return { ok: true };
  }

  /** Starts (or resumes) a game. */
  start(g: Game, announce = true): void {
    this.game = g;
    this.verdictFor = undefined;
    this.selection = undefined;
    this.table.setSelected([]);
    $('play-end').hidden = true;
    this.changed(announce ? `New game: ${this.title()}. ${g.position().stock.length} cards in the stock.` : undefined, false);
  }

  private title(): string {
    const g = this.game!;
    const deal = g.name.seed !== undefined ? `${g.name.family ?? 'solvitaire'} deal ${g.name.seed}` : 'a pasted deal';
    return `${deal}, ${rulesLabel(g.rules)}`;
  }

  private save(): void {
    if (!this.game) return;
    try {
      localStorage.setItem(GAME_KEY, JSON.stringify(this.game.toRecord()));
    } catch {
      // Storage full or refused (private mode): the game goes on, unsaved.
    }
  }

  /** After any change: save, draw, announce, check for the end. */
  private changed(message: string | undefined, animate = true): void {
    const g = this.game!;
    this.clearAdvice();
    this.save();
    this.table.show(g.position(), g.fan, animate);
    const p = g.position();
    const home = p.foundations.reduce((a, b) => a + b, 0);
    const score = scoreText(g);
    $('play-info').textContent =
      `${this.title()} · ${g.moves.length} move${g.moves.length === 1 ? '' : 's'} · pass ${p.pass} · ${home} card${home === 1 ? '' : 's'} home` +
      (score === undefined ? '' : ` · score ${score}`);
    $('play-table').dataset.home = String(home);
    $('play-table').dataset.moves = String(g.moves.length);
    $<HTMLButtonElement>('p-undo').disabled = g.moves.length === 0;
    $('p-finish').hidden = g.finishingMoves().length === 0;
    if (message) this.announce(message);
    const status = g.status();
    if (status === 'playing') {
      $('play-end').hidden = true;
      return;
    }
    this.ended(status);
  }

  private ended(status: 'won' | 'stuck'): void {
    const g = this.game!;
    const end = $('play-end');
    end.hidden = false;
    const headline = status === 'won' ? 'Won: all 52 cards are home.' : 'No moves left: nothing can turn a card or send one home.';
    end.innerHTML = '';
    const h = document.createElement('p');
    h.innerHTML = `<strong>${headline}</strong>`;
    const v = document.createElement('p');
    v.id = 'play-verdict';
    v.textContent = 'Asking the solver whether this deal was winnable with every card known…';
    end.append(h, v);
    this.announce(headline);
    const key = g.toRecord().moves;
    if (this.verdictFor === key) return;
    this.verdictFor = key;
    const start = g.start;
    const rules = g.rules;
    const name = g.name;
    this.solver.solve(start, rules, { timeoutMs: 60_000, maxMemoryMb: 512 }).then((o) => {
      if (this.game !== g || this.verdictFor !== key) return;
      let text: string;
      if (o.kind !== 'done') text = o.kind === 'stopped' ? 'The solver was stopped.' : `The solver failed: ${o.message}`;
      else if (o.result.verdict === 'winnable')
        text = `This deal was winnable with every card known: the solver found a ${o.result.moves.length}-move solution.`;
      else if (o.result.verdict === 'unwinnable') text = 'This deal was unwinnable even with every card known: no line of play wins it.';
      else text = `The solver could not decide this deal within its budget (${o.result.reason}).`;
      v.textContent = text;
      this.announce(text);
      if (o.kind === 'done' && o.result.verdict !== 'unknown') {
        const b = document.createElement('button');
        b.type = 'button';
        b.id = 'p-watch';
        b.textContent = o.result.verdict === 'winnable' ? 'Watch the solution' : 'See the verdict';
        b.addEventListener('click', () => this.watch(start, rules, name, o.result));
        end.append(b);
      }
    });
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

  private clickCard(pile: PileName, count: number): void {
    const sel = this.selection;
    if (sel) {
      if (sel.pile === pile) {
        this.select(sel.count === count ? undefined : { pile, count });
        return;
      }
      if (this.move(sel.pile, sel.count, pile, true)) return;
    }
    this.pick(pile, count);
  }

  private pick(pile: PileName, count: number): void {
    this.select({ pile, count });
    const cards = this.table.cardsOf(pile, count);
    this.announce(`Picked up ${cards.length > 1 ? `${cards.length} cards from ` : ''}${this.label(pile)}. Choose where they go.`);
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
      else this.announce('The stock is empty and cannot be turned over again.');
      return;
    }
    const sel = this.selection;
    if (sel) {
      if (sel.pile === pile) {
        if (!this.toFoundation(pile)) {
          this.select(undefined);
          this.announce('That card cannot go home now. Selection dropped.');
        }
        return;
      }
      if (!this.move(sel.pile, sel.count, pile, true)) this.announce(`Those cards cannot go on ${this.label(pile)}.`);
      this.table.focus(pile);
      return;
    }
    const p = g.position();
    const i = PILE_NAMES.indexOf(pile);
    const count = i >= 2 && i <= 8 ? p.tableau[i - 2].length - p.faceDown[i - 2] : 1;
    const empty = i === 1 ? p.waste.length === 0 : i >= 9 ? p.foundations[i - 9] === 0 : count === 0;
    if (empty) this.announce(`${this.label(pile)}: nothing to pick up.`);
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

  /** Drops the hint and the odds of the position before (stopping their jobs). */
  private clearAdvice(): void {
    this.asked.hint++;
    this.asked.odds++;
    this.hints.stop();
    this.oddsSolver.stop();
    this.table.unmark();
    delete $('play-table').dataset.hint;
    $('hint-box').hidden = true;
    $('hint-candidates').innerHTML = '';
    const odds = $('odds-line');
    odds.textContent = '';
    delete odds.dataset.low;
    delete odds.dataset.high;
    this.thinking();
  }

  /** Shows Stop while a hint or the odds are being worked out. */
  private thinking(): void {
    $('p-think-stop').hidden = !this.hints.busy && !this.oddsSolver.busy;
  }

  private async hint(): Promise<void> {
    const g = this.game;
    if (!g) return;
    const choice = HINT_CHOICES.find((c) => c.id === $<HTMLSelectElement>('p-hint-policy').value) ?? HINT_CHOICES[0];
    const o = observe(g);
    const ask = ++this.asked.hint;
    this.table.unmark();
    delete $('play-table').dataset.hint;
    if (choice.policy === 'priority') {
      this.hints.stop();
      this.thinking();
      this.showHint(o, priorityHint(o));
      return;
    }
    const box = $('hint-box');
    box.hidden = false;
    $('hint-candidates').innerHTML = '';
    $('hint-text').textContent = `Thinking: every move weighed over ${choice.samples} sampled deals…`;
    this.announce($('hint-text').textContent!);
    const job = this.hints.run('hint', { seen: seenMessage(o), options: { samples: choice.samples } });
    this.thinking();
    const out = await job;
    if (ask !== this.asked.hint) return;
    this.thinking();
    if (out.kind === 'done') this.showHint(o, out.result);
    else $('hint-text').textContent = out.kind === 'stopped' ? 'Hint stopped.' : `The hint failed: ${out.message}`;
  }

  /** Shows a decision: the move highlighted on the table, the headline and every candidate. */
  private showHint(o: Observation, d: Decision): void {
    const g = this.game!;
    $('hint-box').hidden = false;
    const headline = hintHeadline(o, d);
    $('hint-text').textContent = headline;
    const list = $('hint-candidates');
    list.innerHTML = '';
    for (const c of candidateLines(o, d)) {
      const li = document.createElement('li');
      li.textContent = c.text;
      li.dataset.move = c.compact;
      if (c.chosen) {
        li.className = 'chosen';
        li.setAttribute('aria-current', 'true');
      }
      list.append(li);
    }
    const m = d.move;
    if (m) {
      const stock = m.from === 'stock' || m.to === 'stock';
      this.table.mark(stock ? [] : cardsMoved(g.position(), m), stock ? 'stock' : m.to);
      $('play-table').dataset.hint = hintAttribute(m);
    }
    this.announce(headline);
  }

  private async odds(): Promise<void> {
    const g = this.game;
    if (!g) return;
    const samples = Number($<HTMLSelectElement>('p-odds-samples').value) || ODDS_SAMPLES[0];
    const o = observe(g);
    const ask = ++this.asked.odds;
    const line = $('odds-line');
    delete line.dataset.low;
    delete line.dataset.high;
    const what = o.complete
      ? 'Solving the position (every card is known)…'
      : `Solving arrangements of the ${o.unseen.length} unseen cards…`;
    line.textContent = what;
    const job = this.oddsSolver.run('odds', { seen: seenMessage(o), options: { samples } }, (p) => {
      if (ask === this.asked.odds) line.textContent = `${what} ${p.done} of ${p.total}`;
    });
    this.thinking();
    const out = await job;
    if (ask !== this.asked.odds) return;
    this.thinking();
    if (out.kind !== 'done') {
      line.textContent = out.kind === 'stopped' ? 'Odds stopped.' : `The odds failed: ${out.message}`;
      return;
    }
    const r = out.result;
    line.textContent = oddsText(r, o.unseen.length);
    if (r.interval) {
      line.dataset.low = String(r.interval.low);
      line.dataset.high = String(r.interval.high);
    }
    this.announce(line.textContent);
  }
}
