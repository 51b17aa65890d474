/**
 * The Statistics view and its storage: the figures of stats.ts kept in localStorage (a record that
 * cannot be read is set aside, never lost), a table for standard and one for Vegas scoring with a
 * column per draw, the Vegas bankroll, Reset (after a second click), and the
 * solver's verdicts on the lost games' deals, asked one after another (verdicts.ts) whenever a game
 * waits for one, on this visit or the next.
 */
import { parsePositionObject, pct } from '../../src/index.ts';
import { clockText } from './clock.ts';
import { dollars } from './end.ts';
import type { Scoring } from './played-game.ts';
import {
  type CountedGame,
  type DrawStats,
  STATS_KEY,
  type StatsRecord,
  countGame,
  countVerdict,
  emptyDraw,
  emptyStats,
  parseStats,
  waiting,
} from './stats.ts';
import type { DealVerdicts } from './verdicts.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** The draws always shown, even before a game of theirs. */
const SHOWN_DRAWS = [1, 3];

export class Statistics {
  private record: StatsRecord = emptyStats();
  private resolving = false;

  constructor(
    private readonly verdicts: DealVerdicts,
    private readonly announce: (text: string) => void,
  ) {
    $('stats-reset').addEventListener('click', () => {
      $('stats-confirm').hidden = false;
      $('stats-reset-yes').focus();
    });
    $('stats-reset-no').addEventListener('click', () => {
      $('stats-confirm').hidden = true;
    });
    $('stats-reset-yes').addEventListener('click', () => {
      this.record = emptyStats();
      this.save();
      $('stats-confirm').hidden = true;
      this.render();
      this.announce('Statistics reset.');
    });
  }

  /** Reads the stored figures; the error when they could not be read (they are then kept aside). */
  load(): string | undefined {
    let text: string | null = null;
    try {
      text = localStorage.getItem(STATS_KEY);
    } catch {}
    let error: string | undefined;
    if (text) {
      const r = parseStats(text);
      if (r.ok) this.record = r.value;
      else {
        error = r.error;
        try {
          localStorage.setItem(`${STATS_KEY}.unreadable`, text);
        } catch {}
      }
    }
    this.render();
    this.resolve();
    return error;
  }

  /** Counts a game, then asks for its deal's verdict when it was lost. */
  count(g: CountedGame): void {
    countGame(this.record, g);
    this.save();
    this.render();
    this.resolve();
  }

  private save(): void {
    try {
      localStorage.setItem(STATS_KEY, JSON.stringify(this.record));
    } catch {
      // storage full or refused: the figures of this visit are kept in the page only
    }
  }

  /** Asks the solver about every game waiting for a verdict, one after another. */
  private async resolve(): Promise<void> {
    if (this.resolving) return;
    this.resolving = true;
    try {
      for (let p = this.record.pending[0]; p !== undefined; p = this.record.pending[0]) {
        const start = parsePositionObject(p.start);
        // parseStats checked it; a failure here is a bug, and the game is counted undecided rather than retried for ever
        const o = start.ok ? await this.verdicts.of(start.value, p.rules) : undefined;
        if (o?.kind === 'stopped') return;
        if (!this.record.pending.includes(p)) continue; // reset meanwhile
        countVerdict(this.record, p.id, o?.kind === 'done' ? o.result.verdict : 'unknown');
        this.save();
        this.render();
      }
    } finally {
      this.resolving = false;
    }
  }

  /** The Vegas bankroll: every Vegas game counted, added up. */
  get bankroll(): number {
    return this.record.bankroll;
  }

  /** Draws the tables: standard scoring, then Vegas, then the bankroll. */
  render(): void {
    const standard = this.table('standard');
    const vegas = this.table('vegas');
    const bank = document.createElement('p');
    bank.id = 'stats-bankroll';
    bank.textContent = `Vegas bankroll: ${dollars(this.record.bankroll)} (every Vegas game counted: $52 a deal, $5 a card home).`;
    $('stats-tables').replaceChildren(...standard, ...vegas, bank);
  }

  /** The table of one scoring, a column per draw, and a line per draw on its winnable deals. */
  private table(scoring: Scoring): HTMLElement[] {
    const v = scoring === 'vegas' ? 'v' : '';
    const keys = Object.keys(this.record.draws).filter((k) => (k[0] === 'v') === (v === 'v'));
    const draws = [...new Set([...SHOWN_DRAWS, ...keys.map((k) => Number(k.replace('v', '')))])].sort((a, b) => a - b);
    const of = (draw: number) => this.record.draws[`${v}${draw}`] ?? emptyDraw();
    const rate = (a: number, b: number) => pct(b === 0 ? null : a / b, 1);
    const best = (d: DrawStats) => (d.bestScore === null ? '–' : v ? dollars(d.bestScore) : String(d.bestScore));
    const rows: [string, keyof DrawStats | 'rate' | 'winnableRate' | 'waiting', (d: DrawStats, draw: number) => string][] = [
      ['Games played', 'played', (d) => String(d.played)],
      ['Games won', 'won', (d) => String(d.won)],
      ['Win rate', 'rate', (d) => rate(d.won, d.played)],
      ['Current streak', 'streak', (d) => String(d.streak)],
      ['Best streak', 'bestStreak', (d) => String(d.bestStreak)],
      [v ? 'Best game (dollars)' : 'Best score', 'bestScore', best],
      ['Best time', 'bestSeconds', (d) => (d.bestSeconds === null ? '–' : clockText(d.bestSeconds * 1000))],
      ['Winnable deals played', 'winnable', (d) => String(d.winnable)],
      ['… of them won', 'wonWinnable', (d) => String(d.wonWinnable)],
      ['Win rate on winnable deals', 'winnableRate', (d) => rate(d.wonWinnable, d.winnable)],
      ['Deals proved unwinnable', 'unwinnable', (d) => String(d.unwinnable)],
      ['Undecided (budget ran out)', 'undecided', (d) => String(d.undecided)],
      ['Waiting for the solver', 'waiting', (_, draw) => String(waiting(this.record, draw, scoring))],
    ];
    const h = document.createElement('h3');
    h.textContent = v ? 'Vegas scoring' : 'Standard scoring';
    const table = document.createElement('table');
    table.className = 'stats-table';
    table.id = `stats-${scoring}`;
    const head = table.createTHead().insertRow();
    head.append(document.createElement('th'));
    for (const draw of draws) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = `Draw ${draw}`;
      head.append(th);
    }
    const body = table.createTBody();
    for (const [label, key, value] of rows) {
      const tr = body.insertRow();
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = label;
      tr.append(th);
      for (const draw of draws) {
        const td = tr.insertCell();
        td.dataset.draw = `${v}${draw}`;
        td.dataset.stat = key;
        td.textContent = value(of(draw), draw);
      }
    }
    const lines = draws.map((draw) => {
      const d = of(draw);
      const p = document.createElement('p');
      p.id = `stats-winnable-${v}${draw}`;
      const what = `${v ? 'Vegas, d' : 'D'}raw ${draw}`;
      p.textContent =
        d.played === 0
          ? `${what}: no game played yet.`
          : `${what}: you won ${d.wonWinnable} of the ${d.winnable} winnable deal${d.winnable === 1 ? '' : 's'} you played.`;
      return p;
    });
    return [h, table, ...lines];
  }
}
