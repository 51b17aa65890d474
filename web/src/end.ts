/**
 * The end of a game: a panel laid over the foot of the page (it moves nothing on the board), with
 * the end in words (won, or no moves left: proved), a won game's time, moves and score, the deal of
 * the day's shortest solution to beat, "Play again" and "Same deal", the game saved as a solution
 * JSON, and then (after.ts) the solver's verdict on the deal, whose solution is watched only after
 * the player says so. A won game's cards fall off the board in a cascade, unless the player's system
 * asks for reduced motion.
 */
import { type GameScore, makeSolutionJson } from '../../src/index.ts';
import { clockText } from './clock.ts';
import type { PlayedGame } from './played-game.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Dollars, with a true minus sign: `$13`, `−$42`. */
export function dollars(n: number): string {
  return n < 0 ? `−$${-n}` : `$${n}`;
}

export interface EndHooks {
  playAgain(): void;
  sameDeal(): void;
}

export function endButton(id: string, text: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.id = id;
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}

export class EndPanel {
  /** The end shown (game id and move count), so that it is filled once per end. */
  private shown: string | undefined;

  constructor(private readonly hooks: EndHooks) {
    $('play-end-close').addEventListener('click', () => this.hide());
  }

  /** The panel's body, for the verdict that follows. */
  get body(): HTMLElement {
    return $('play-end-body');
  }

  hide(): void {
    $('play-end').hidden = true;
    this.shown = undefined;
  }

  /** Fills the panel for a game that ended; false when it already shows this end. */
  show(g: PlayedGame, status: 'won' | 'stuck', score: GameScore | undefined, seconds: number, extra: HTMLElement[]): boolean {
    const key = `${g.id} ${g.moves.length}`;
    if (this.shown === key) return false;
    this.shown = key;
    const body = this.body;
    body.replaceChildren();
    const h = document.createElement('p');
    const strong = document.createElement('strong');
    strong.id = 'play-end-title';
    strong.textContent = status === 'won' ? 'Won: all 52 cards are home.' : 'No moves left: nothing can turn a card or send one home.';
    h.append(strong);
    body.append(h);
    if (status === 'won' && score) body.append(this.summary(g, score, seconds));
    body.append(...extra);
    const actions = document.createElement('p');
    actions.className = 'end-actions';
    actions.append(
      endButton('p-again', 'Play again', () => this.hooks.playAgain()),
      ' ',
      endButton('p-same-again', 'Same deal', () => this.hooks.sameDeal()),
    );
    body.append(actions, this.exportLink(g, seconds));
    $('play-end').hidden = false;
    return true;
  }

  private summary(g: PlayedGame, score: GameScore, seconds: number): HTMLElement {
    const sum = document.createElement('p');
    sum.id = 'play-summary';
    const bonus = score.timeBonus > 0 ? ` + time bonus ${score.timeBonus}` : seconds < 30 ? ' (no time bonus under 30 seconds)' : '';
    const points = score.standard - score.timeBonus;
    sum.textContent =
      `Time ${clockText(seconds * 1000)} · ${g.moves.length} moves · score ${points}${bonus}` +
      (score.timeBonus > 0 ? ` = ${score.standard}` : '') +
      (g.scoring === 'vegas' ? ` · Vegas ${dollars(score.vegas)}` : '');
    sum.dataset.score = String(score.standard);
    sum.dataset.bonus = String(score.timeBonus);
    sum.dataset.seconds = String(seconds);
    return sum;
  }

  /** A link that saves the game as a solution JSON (`klondike score FILE --seconds N` scores it as shown here). */
  private exportLink(g: PlayedGame, seconds: number): HTMLElement {
    const p = document.createElement('p');
    const a = document.createElement('a');
    a.id = 'p-export';
    const sol = makeSolutionJson({
      family: g.name.family,
      seed: g.name.seed !== undefined ? BigInt(g.name.seed) : undefined,
      rules: g.rules,
      deal: g.start,
      moves: g.moves.slice(),
    });
    a.href = URL.createObjectURL(new Blob([`${JSON.stringify(sol)}\n`], { type: 'application/json' }));
    a.download = 'klondike-game.json';
    a.textContent = 'Save this game';
    a.dataset.seconds = String(seconds);
    p.append(a, ` (a solution JSON: klondike score klondike-game.json --seconds ${seconds} scores it as here)`);
    return p;
  }
}
