/**
 * After the game, and "could I still have won here?", with every card known:
 * - whether the deal could be won from its start (the deal's verdict, verdicts.ts), with the
 *   solution to watch, and for a lost deal the most cards it can send home (the library's
 *   `mostHome`, proved within its budget), beside the cards the player sent home;
 * - from where the player is (or stopped): whether the game can still be won from here, and if
 *   not, the last position that could, found by walking back through the moves (rewind.ts), with
 *   the line that wins from there to watch and a button to go back there.
 * Everything is solved in workers; a budget that ran out says so, and nothing is guessed.
 */
import { type MostHomeResult, type SolveResult, type AtomicMove, type Position, describeMoves, type Rules } from '../../src/index.ts';
import { type DealName, PlayedGame } from './played-game.ts';
import { type Rewind, lastWinnable } from '../../src/hidden/index.ts';
import { ask } from './confirm.ts';
import { endButton as button } from './end.ts';
import type { SolverClient } from './solver-client.ts';
import { ANALYSIS_BUDGET, type DealVerdicts } from './verdicts.ts';

/** The most positions the most-cards-home search of a lost deal may visit (as in the solve view). */
const MOST_HOME_NODES = 20_000_000;

export interface AfterHooks {
  announce(text: string): void;
  /** Shows the deal's verdict in the solve view, with its solution in the viewer. */
  watchVerdict(start: Position, rules: Rules, name: DealName, result: SolveResult): void;
  /** Shows a line of moves from a position in the viewer, with a caption. */
  watchLine(start: Position, rules: Rules, moves: readonly AtomicMove[], caption: string): void;
  /** Takes the game back to the position after k moves. */
  goBack(k: number): void;
  /** The game still shown (an answer for another game is dropped). */
  current(): PlayedGame | undefined;
}

const cards = (n: number) => `${n} card${n === 1 ? '' : 's'}`;

/**
 * A button that shows a line of play (a spoiler: it shows cards the player has not seen) only
 * after the player says yes, so that no stray tap lands on a solution.
 */
function spoilerButton(id: string, text: string, question: string, show: () => void): HTMLButtonElement {
  return button(id, text, async () => {
    if (await ask(question, 'Show it', 'Not now')) show();
  });
}

function para(id: string, text: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.id = id;
  p.textContent = text;
  return p;
}

/** The position after the first k moves of a game. */
function positionAfter(g: PlayedGame, k: number): Position {
  const h = new PlayedGame(g.start, g.rules);
  for (const m of g.moves.slice(0, k)) h.play(m);
  return h.position();
}

export class AfterGame {
  constructor(
    private readonly verdicts: DealVerdicts,
    /** The worker of the most cards home and of the walk back. */
    private readonly solver: SolverClient,
    private readonly hooks: AfterHooks,
  ) {}

  /** Stops what is being worked out (the game changed). */
  stop(): void {
    this.solver.stop();
  }

  /** True while the walk back or the most cards home is being searched. */
  get busy(): boolean {
    return this.solver.busy;
  }

  /**
   * Fills the end box of a game that is over: the deal's verdict from its start with the solution,
   * the most cards home of a lost deal; and, for a game stuck on a winnable deal, the walk back.
   */
  async ended(g: PlayedGame, box: HTMLElement, rewindBox: HTMLElement, status: 'won' | 'stuck'): Promise<void> {
    const v = para('play-verdict', 'Asking the solver whether this deal was winnable with every card known…');
    box.append(v);
    const o = await this.verdicts.of(g.start, g.rules);
    if (this.hooks.current() !== g) return;
    let text: string;
    if (o.kind !== 'done') text = o.kind === 'stopped' ? 'The solver was stopped.' : `The solver failed: ${o.message}`;
    else if (o.result.verdict === 'winnable')
      text = `This deal was winnable with every card known: the solver found a ${o.result.moves.length}-move solution.`;
    else if (o.result.verdict === 'unwinnable') text = 'This deal was unwinnable even with every card known: no line of play wins it.';
    else text = `The solver could not decide this deal within its budget (${o.result.reason}).`;
    v.textContent = text;
    this.hooks.announce(text);
    if (o.kind !== 'done') return;
    const r = o.result;
    if (r.verdict !== 'unknown') {
      const watch = () => this.hooks.watchVerdict(g.start, g.rules, g.name, r);
      const b =
        r.verdict === 'winnable'
          ? spoilerButton(
              'p-watch',
              'Watch the solution',
              'Watch the whole solution of this deal? It shows every card, face-down ones too.',
              watch,
            )
          : button('p-watch', 'See the verdict', watch);
      v.append(' ', b);
    }
    if (r.verdict === 'unwinnable') await this.mostHome(g, box);
    else if (r.verdict === 'winnable' && status === 'stuck') await this.rewind(g, rewindBox);
  }

  /** The most cards a lost deal can send home, beside the player's. */
  private async mostHome(g: PlayedGame, box: HTMLElement): Promise<void> {
    const p = para('play-most', 'Searching for the most cards this deal can send home…');
    box.append(p);
    const budget = { ...ANALYSIS_BUDGET, maxNodes: MOST_HOME_NODES };
    const o = await this.solver.run('mostHome', { position: g.start, rules: g.rules, budget });
    if (this.hooks.current() !== g) return;
    if (o.kind !== 'done') {
      p.textContent = o.kind === 'stopped' ? 'The search for the most cards home was stopped.' : `The search failed: ${o.message}`;
      return;
    }
    const r: MostHomeResult = o.result;
    const yours = g.position().foundations.reduce((a, b) => a + b, 0);
    const most = r.proved
      ? `With every card known, at most ${cards(r.mostHome)} could go home (proved)`
      : `With every card known, a line sends ${cards(r.mostHome)} home; none sends more than ${Math.min(r.bound, 51)} (not proved: the ${r.reason ?? ''} budget ran out)`;
    p.textContent = `${most}; you sent ${cards(yours)} home.`;
    this.hooks.announce(p.textContent);
    if (r.moves.length > 0) {
      const caption = `A line that sends ${cards(r.mostHome)} home, ${r.moves.length} moves.`;
      p.append(
        ' ',
        spoilerButton('p-watch-most', 'watch that line', 'Watch that line? It shows every card, face-down ones too.', () =>
          this.hooks.watchLine(g.start, g.rules, r.moves, caption),
        ),
      );
    }
  }

  /**
   * Could the game still be won from where it is, and if not, from which earlier position? Shown in
   * `box`, with the line that wins from there and a button to go back there.
   */
  async rewind(g: PlayedGame, box: HTMLElement): Promise<void> {
    const n = g.moves.length;
    box.hidden = false;
    box.replaceChildren();
    const status = para('rewind-text', 'With every card known: can this game still be won from here?');
    box.append(status);
    const lines = new Map<number, AtomicMove[]>();
    const positions = new Map<number, Position>();
    const start = g.start;
    let asked = 0;
    const r: Rewind | undefined = await lastWinnable(n, async (k) => {
      asked++;
      status.textContent =
        k === n
          ? 'With every card known: can this game still be won from here? Solving…'
          : `Walking back through your ${n} moves: solving the position after move ${k} (solve ${asked})…`;
      const position = k === 0 ? start : positionAfter(g, k);
      const o = await this.solver.solve(position, g.rules, ANALYSIS_BUDGET);
      if (o.kind !== 'done' || this.hooks.current() !== g) return undefined;
      lines.set(k, o.result.moves);
      positions.set(k, position);
      return { verdict: o.result.verdict, moves: o.result.moves };
    });
    if (!r || this.hooks.current() !== g) {
      if (this.hooks.current() === g) status.textContent = 'The walk back was stopped.';
      return;
    }
    box.dataset.winnable = String(r.winnable);
    box.dataset.lost = String(r.lost);
    const watch = (k: number, label: string) =>
      spoilerButton('p-rewind-watch', label, 'Watch the line that wins? It shows every card, face-down ones too.', () =>
        this.hooks.watchLine(
          positions.get(k)!,
          g.rules,
          lines.get(k)!,
          `The line that wins from the position after move ${k} of your game, ${lines.get(k)!.length} moves.`,
        ),
      );
    let text: string;
    const extra: HTMLElement[] = [];
    if (r.winnable === n) {
      text = `Yes: with every card known, this game can still be won from here (a ${r.line.length}-move line).`;
      extra.push(watch(n, 'Watch the line that wins from here'));
    } else if (r.winnable >= 0 && r.lost === r.winnable + 1) {
      const lostBy = describeMoves(g.start, g.rules, g.moves)[r.winnable];
      text =
        `Not from here. The last position that could still be won, with every card known, was after move ${r.winnable} of ${n}: ` +
        `move ${lostBy.replace(/^\d+\. /, `${r.winnable + 1}, `)}, lost it.`;
      extra.push(
        button('p-rewind-back', `Go back to move ${r.winnable}`, () => this.hooks.goBack(r.winnable)),
        watch(r.winnable, 'Watch the line that wins from there'),
      );
    } else if (r.winnable < 0 && r.lost === 0) text = 'No: this deal could not be won even from its start, with every card known.';
    else {
      const won = r.winnable >= 0 ? `the last position proved winnable is after move ${r.winnable}` : 'no position was proved winnable';
      const lost = r.lost <= n ? `from move ${r.lost} on it is proved lost` : 'none was proved lost';
      text = `Not decided: ${won}, ${lost}; the solver could not decide the position after move ${r.undecided ?? '?'} within its budget.`;
      if (r.winnable >= 0) extra.push(button('p-rewind-back', `Go back to move ${r.winnable}`, () => this.hooks.goBack(r.winnable)));
    }
    status.textContent = text;
    if (extra.length) box.append(para('rewind-actions', ''));
    box.querySelector('#rewind-actions')?.append(...extra.flatMap((e, i) => (i ? [' ', e] : [e])));
    this.hooks.announce(text);
  }
}
