/**
 * The game's advice: the hint (the priority player's or the search player's decision, its move
 * marked on the board), the odds of the position as they narrow, and the walk back that says
 * whether the game could still be won. Each question is counted, so an answer to an older one
 * (the game changed meanwhile) is dropped.
 */
import type { Decision, Observation } from '../../src/hidden/index.ts';
import type { AfterGame } from './after.ts';
import type { PlayedGame } from './played-game.ts';
import {
  HINT_CHOICES,
  ODDS_MEANING,
  candidateLines,
  hintAttribute,
  hintHeadline,
  oddsText,
  priorityHint,
  searchEstimateText,
  searchHintOptions,
} from './hint.ts';
import { observationMessage } from './worker-protocol.ts';
import { OddsRun } from './odds-run.ts';
import { QUICK_PROGRESS_BUDGET } from '../../src/index.ts';
import { SolverClient } from './solver-client.ts';
import { cardsMoved } from './speech.ts';
import type { CardsView } from './cards-view.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export class Advice {
  /** Counts the hints and odds asked (and every change of the game), so an answer to an older question is dropped. */
  private readonly asked = { hint: 0, odds: 0 };
  private readonly hints = new SolverClient();
  private readonly oddsRun = new OddsRun();
  /** The search decision of the position now, once asked (the hint's, or the odds' search estimate). */
  private decision: { key: string; d: Decision } | undefined;

  constructor(
    private readonly board: CardsView,
    private readonly after: AfterGame,
    private readonly announce: (text: string) => void,
  ) {}

  /** Stops whatever is being worked out. */
  stop(): void {
    this.hints.stop();
    this.oddsRun.stop();
    this.after.stop();
    this.thinking();
  }

  /** Drops the hint, the odds and the walk back of the position before (stopping their jobs). */
  clear(): void {
    this.asked.hint++;
    this.asked.odds++;
    this.hints.stop();
    this.oddsRun.stop();
    this.after.stop();
    this.decision = undefined;
    this.board.unmark();
    delete $('play-board').dataset.hint;
    $('hint-box').hidden = true;
    $('hint-candidates').innerHTML = '';
    const odds = $('odds-line');
    odds.textContent = '';
    delete odds.dataset.low;
    delete odds.dataset.high;
    delete odds.dataset.samples;
    delete odds.dataset.final;
    $('odds-meaning').hidden = true;
    $('search-estimate').textContent = '';
    $('rewind-box').hidden = true;
    $('rewind-box').replaceChildren();
    this.thinking();
  }

  /** Shows Stop while a hint, the odds or a walk back are being worked out. */
  thinking(): void {
    $('p-think-stop').hidden = !this.hints.busy && !this.oddsRun.busy && !this.after.busy;
  }

  /** The search policy's decision on the position now (asked once per position). */
  private async searchDecision(o: Observation): Promise<Decision | undefined> {
    const options = searchHintOptions(o.rules);
    const key = JSON.stringify([observationMessage(o), options]);
    if (this.decision?.key === key) return this.decision.d;
    const job = this.hints.run('hint', { observation: observationMessage(o), options });
    this.thinking();
    const out = await job;
    this.thinking();
    if (out.kind !== 'done') return undefined;
    this.decision = { key, d: out.result };
    return out.result;
  }

  /** The hint the player chose (the priority player's at once, or the search player's). */
  async hint(g: PlayedGame): Promise<void> {
    const choice = HINT_CHOICES.find((c) => c.id === $<HTMLSelectElement>('p-hint-policy').value) ?? HINT_CHOICES[0];
    const o = g.observe();
    const ask = ++this.asked.hint;
    this.board.unmark();
    delete $('play-board').dataset.hint;
    if (choice.policy === 'priority') {
      this.showHint(g, o, priorityHint(o));
      return;
    }
    const box = $('hint-box');
    box.hidden = false;
    $('hint-candidates').innerHTML = '';
    $('hint-text').textContent = 'Thinking: every move weighed over sampled deals…';
    this.announce($('hint-text').textContent!);
    const d = await this.searchDecision(o);
    if (ask !== this.asked.hint) return;
    if (d) this.showHint(g, o, d);
    else $('hint-text').textContent = 'Hint stopped.';
  }

  /** Shows a decision: the move highlighted on the board, the headline and every candidate. */
  private showHint(g: PlayedGame, o: Observation, d: Decision): void {
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
      this.board.mark(stock ? [] : cardsMoved(g.position(), m), stock ? 'stock' : m.to);
      $('play-board').dataset.hint = hintAttribute(m);
    }
    this.announce(headline);
  }

  /** The odds of the position, shown as they narrow, then the search player's own estimate. */
  async odds(g: PlayedGame): Promise<void> {
    const o = g.observe();
    const ask = ++this.asked.odds;
    const line = $('odds-line');
    const unseen = o.unseen.length;
    for (const k of ['low', 'high', 'samples', 'final']) delete line.dataset[k];
    $('odds-meaning').hidden = false;
    $('odds-meaning').textContent = `That is ${ODDS_MEANING}.`;
    $('search-estimate').textContent = '';
    line.textContent = o.complete ? 'Solving the position (every card is known)…' : `Solving arrangements of the ${unseen} unseen cards…`;
    const t0 = performance.now();
    const show = (r: Parameters<typeof oddsText>[0], final: boolean) => {
      line.textContent = oddsText(r, unseen, final);
      line.dataset.samples = String(r.samples);
      if (r.interval) {
        line.dataset.low = String(r.interval.low);
        line.dataset.high = String(r.interval.high);
      }
      if (final) line.dataset.final = String(Math.round(performance.now() - t0));
    };
    const job = this.oddsRun.estimate(observationMessage(o), o.complete, (r) => {
      if (ask === this.asked.odds) show(r, false);
    });
    this.thinking();
    const out = await job;
    if (ask !== this.asked.odds) return;
    this.thinking();
    if (out.kind !== 'done') {
      line.textContent = out.kind === 'stopped' ? `Odds stopped. ${line.textContent}` : `The odds failed: ${out.message}`;
      return;
    }
    show(out.result, true);
    this.announce(line.textContent);
    // Beside them, the search player's own estimate, when the game is still open (one search decision).
    if (o.complete || g.over(QUICK_PROGRESS_BUDGET)) return;
    const d = await this.searchDecision(o);
    if (ask !== this.asked.odds || !d) return;
    $('search-estimate').textContent = searchEstimateText(o, d) ?? '';
  }

  /** Could the game still be won from here, and if not, from where? */
  async rewind(g: PlayedGame): Promise<void> {
    const box = $('rewind-box');
    const run = this.after.rewind(g, box);
    this.thinking();
    await run;
    this.thinking();
  }
}
