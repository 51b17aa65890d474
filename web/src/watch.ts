/**
 * The solution viewer: a solved deal's moves played on the drawn board, step by step or on a
 * timer, with the move list beside it in the project's readable notation (`describeMoves`), kept
 * in step both ways (a click on a move jumps there). Every position of the line is computed once
 * when a solution is loaded, by the rules engine, so stepping back and jumping are free.
 */
import { type AtomicMove, type Position, describeMoves, type Rules } from '../../src/index.ts';
import { PlayedGame } from './played-game.ts';
import { moveWords } from './speech.ts';
import { CardsView } from './cards-view.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Milliseconds between moves at speed 1×. */
const BASE_DELAY = 700;

export class Watch {
  private readonly board: CardsView;
  private positions: Position[] = [];
  private fans: number[] = [];
  private moves: AtomicMove[] = [];
  private step = 0;
  private timer: number | undefined;
  private readonly list = $<HTMLOListElement>('move-list');

  constructor(private readonly announce: (text: string) => void) {
    this.board = new CardsView($('watch-board'), false, {}, 'Solution board');
    $('w-first').addEventListener('click', () => this.goto(0, false));
    $('w-prev').addEventListener('click', () => this.goto(this.step - 1, true));
    $('w-next').addEventListener('click', () => this.goto(this.step + 1, true));
    $('w-last').addEventListener('click', () => this.goto(this.moves.length, false));
    $('w-play').addEventListener('click', () => (this.timer === undefined ? this.play() : this.pause()));
    $('w-speed').addEventListener('change', () => {
      if (this.timer !== undefined) this.play();
    });
    $<HTMLInputElement>('w-jump').addEventListener('change', (e) => {
      const n = Number((e.target as HTMLInputElement).value);
      if (Number.isInteger(n)) this.goto(n, false);
    });
    $<HTMLInputElement>('w-peek').addEventListener('change', (e) => this.board.setPeek((e.target as HTMLInputElement).checked));
    this.list.addEventListener('click', (e) => {
      const b = (e.target as HTMLElement).closest<HTMLButtonElement>('button[data-step]');
      if (b) this.goto(Number(b.dataset.step), false);
    });
    $('panel-solve').addEventListener('keydown', (e) => {
      const t = e.target as HTMLElement;
      if (t.closest('input, select, textarea') || e.ctrlKey || e.metaKey || e.altKey) return;
      const keys: Record<string, () => void> = {
        ArrowLeft: () => this.goto(this.step - 1, true),
        ArrowRight: () => this.goto(this.step + 1, true),
        Home: () => this.goto(0, false),
        End: () => this.goto(this.moves.length, false),
        p: () => (this.timer === undefined ? this.play() : this.pause()),
      };
      const f = keys[e.key];
      if (f) {
        e.preventDefault();
        f();
      }
    });
    this.setControls(false);
  }

  /** Shows a deal with its winning line (or no moves for a deal without one). */
  load(start: Position, rules: Rules, moves: readonly AtomicMove[]): void {
    this.pause();
    const g = new PlayedGame(start, rules);
    this.positions = [g.position()];
    this.fans = [g.fan];
    for (const m of moves) {
      const r = g.play(m);
      if (!r.ok) throw new Error(`the solution does not replay: ${r.error}`);
      this.positions.push(g.position());
      this.fans.push(g.fan);
    }
    this.moves = moves.slice();
    const lines = describeMoves(start, rules, moves);
    this.list.replaceChildren(
      ...lines.map((text, k) => {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.step = String(k + 1);
        b.textContent = text;
        li.append(b);
        return li;
      }),
    );
    $('move-count').textContent = moves.length ? `(${moves.length})` : '';
    $<HTMLInputElement>('w-jump').max = String(moves.length);
    this.setControls(moves.length > 0);
    this.step = 0;
    this.render(false);
  }

  /** The number of moves shown so far, and of the whole line. */
  get progress(): { step: number; total: number } {
    return { step: this.step, total: this.moves.length };
  }

  /** Goes to the position after `n` moves. */
  goto(n: number, animate: boolean): void {
    const k = Math.max(0, Math.min(this.moves.length, n));
    if (k === this.step && this.positions.length) {
      this.render(false);
      return;
    }
    const forward = k === this.step + 1;
    const before = this.positions[this.step];
    this.step = k;
    this.render(animate);
    if (forward) this.announce(`Move ${k} of ${this.moves.length}: ${moveWords(before, this.positions[k], this.moves[k - 1])}`);
    else this.announce(`Position after move ${k} of ${this.moves.length}.`);
  }

  /** Plays the line on a timer from the current move. */
  play(): void {
    this.pause();
    if (this.step >= this.moves.length) this.step = 0;
    const speed = Number($<HTMLSelectElement>('w-speed').value) || 1;
    const delay = BASE_DELAY / speed;
    this.timer = window.setInterval(() => {
      if (this.step >= this.moves.length) this.pause();
      else this.goto(this.step + 1, delay >= 150);
    }, delay);
    this.playButton(true);
  }

  /** Stops the timer. */
  pause(): void {
    if (this.timer !== undefined) window.clearInterval(this.timer);
    this.timer = undefined;
    this.playButton(false);
  }

  private playButton(playing: boolean): void {
    const b = $('w-play');
    b.textContent = playing ? 'Pause' : 'Play';
    b.setAttribute('aria-label', playing ? 'Pause' : 'Play');
  }

  private setControls(on: boolean): void {
    for (const id of ['w-first', 'w-prev', 'w-play', 'w-next', 'w-last', 'w-jump', 'w-speed'])
      ($(id) as HTMLButtonElement | HTMLInputElement).disabled = !on;
  }

  private render(animate: boolean): void {
    const p = this.positions[this.step];
    if (!p) return;
    this.board.show(p, this.fans[this.step], animate);
    $<HTMLInputElement>('w-jump').value = String(this.step);
    const home = p.foundations.reduce((a, b) => a + b, 0);
    $('w-pos').textContent = `move ${this.step} of ${this.moves.length} · ${home} card${home === 1 ? '' : 's'} home`;
    $('watch-board').dataset.home = String(home);
    $('watch-board').dataset.step = String(this.step);
    let current: HTMLElement | undefined;
    for (const b of this.list.querySelectorAll<HTMLButtonElement>('button[data-step]')) {
      const on = Number(b.dataset.step) === this.step;
      if (on) {
        b.setAttribute('aria-current', 'step');
        current = b;
      } else b.removeAttribute('aria-current');
    }
    // Keep the current move in view inside the list only (scrollIntoView would scroll the page too).
    const box = this.list.parentElement!;
    if (current && (current.offsetTop < box.scrollTop || current.offsetTop + current.offsetHeight > box.scrollTop + box.clientHeight))
      box.scrollTop = current.offsetTop - box.clientHeight / 2;
  }
}
