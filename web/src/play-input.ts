/**
 * The player's hands on the board: pointer and keyboard input turned into moves of the game.
 *
 * - A tap (or click) on a card: with the smart tap (the default) the card, with the cards on it,
 *   goes to its best legal place (smart.ts); a card that cannot move is picked up instead. With
 *   "tap picks up", it is picked up, and a tap on another pile puts it down there.
 * - A double tap or double-click sends a card home; a drag puts cards where they are dropped.
 * - A tap on the stock draws (or turns the waste over).
 * - Keyboard: Tab from pile to pile, Enter picks up, Enter on another pile puts down, Enter twice
 *   on the same pile sends the top card home, Escape drops the selection; the shortcuts below.
 */
import { type AtomicMove, PILE_NAMES, type PileName } from '../../src/index.ts';
import type { PlayedGame } from './played-game.ts';
import type { TapMode } from './settings.ts';
import { smartMove } from './smart.ts';
import type { CardsView } from './cards-view.ts';

/** What the keyboard shortcuts do. */
export interface Shortcuts {
  draw(): void;
  hint(): void;
  undo(): void;
  redo(): void;
  newGame(): void;
}

/**
 * The action of a key on the page, if it is a shortcut: Ctrl+Z (⌘Z) undo, Ctrl+Y or Ctrl+Shift+Z
 * redo, and the single keys D draw, H hint, U undo, R redo, N new game. Not inside text fields and
 * lists (whose own keys these are), nor while a question is asked.
 */
export function shortcut(e: KeyboardEvent, a: Shortcuts): (() => void) | undefined {
  if ((e.target as HTMLElement).closest('input, textarea, select, dialog')) return undefined;
  const k = e.key.toLowerCase();
  if (e.ctrlKey || e.metaKey) {
    if (k === 'z') return e.shiftKey ? a.redo : a.undo;
    return k === 'y' ? a.redo : undefined;
  }
  if (e.altKey) return undefined;
  const keys: Record<string, () => void> = { d: a.draw, h: a.hint, u: a.undo, r: a.redo, n: a.newGame };
  return keys[k];
}

export interface InputHooks {
  game(): PlayedGame | undefined;
  /** Plays a legal move (and shows it). */
  apply(m: AtomicMove): void;
  announce(text: string): void;
  tap(): TapMode;
}

export class PlayInput {
  private selection: { pile: PileName; count: number } | undefined;

  constructor(
    private readonly board: CardsView,
    private readonly hooks: InputHooks,
  ) {}

  /** True while cards are picked up. */
  get holding(): boolean {
    return this.selection !== undefined;
  }

  /** Drops the cards picked up, if any. */
  select(sel: { pile: PileName; count: number } | undefined): void {
    this.selection = sel;
    this.board.setSelected(sel ? this.board.cardsOf(sel.pile, sel.count) : []);
  }

  /** Plays from → to: `count` cards, or when `loose` the one legal move between the two piles, whatever its count. */
  move(from: PileName, count: number, to: PileName, loose: boolean): boolean {
    const g = this.hooks.game();
    if (!g) return false;
    const legal = g.legalMoves().filter((m) => m.from === from && (m.to === to || (to[0] === 'f' && m.to[0] === 'f')));
    const m = legal.find((x) => x.count === count) ?? (loose && legal.length === 1 ? legal[0] : undefined);
    if (!m) return false;
    this.hooks.apply(m);
    return true;
  }

  /** A click or tap on a card: puts the cards picked up there, moves these (smart tap), or picks them up; true when it made a move. */
  clickCard(pile: PileName, count: number): boolean {
    const sel = this.selection;
    if (sel) {
      if (sel.pile === pile) {
        this.select(sel.count === count ? undefined : { pile, count });
        return false;
      }
      if (this.move(sel.pile, sel.count, pile, true)) return true;
    }
    const g = this.hooks.game();
    if (g && this.hooks.tap() === 'smart') {
      const m = smartMove(g, pile, count);
      if (m) {
        this.hooks.apply(m);
        return true;
      }
    }
    this.pick(pile, count);
    return false;
  }

  private pick(pile: PileName, count: number): void {
    this.select({ pile, count });
    const cards = this.board.cardsOf(pile, count);
    this.hooks.announce(`Picked up ${cards.length > 1 ? `${cards.length} cards from ` : ''}${this.label(pile)}. Choose where they go.`);
  }

  private label(pile: PileName): string {
    return this.board.slot(pile).getAttribute('aria-label') ?? pile;
  }

  /** Draws from the stock (or turns the waste over). */
  draw(): void {
    const g = this.hooks.game();
    if (!g) return;
    this.select(undefined);
    const m = g.legalMoves().find((x) => x.from === 'stock' || x.to === 'stock');
    if (m) this.hooks.apply(m);
    else this.hooks.announce('The stock is empty and cannot be turned over again.');
  }

  /** Enter or a click on a pile: draw from the stock, pick up, put down, or (twice) send home. */
  activate(pile: PileName): void {
    const g = this.hooks.game();
    if (!g) return;
    if (pile === 'stock') {
      this.draw();
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
      this.board.focus(pile);
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
  toFoundation(pile: PileName): boolean {
    const m = this.hooks
      .game()
      ?.legalMoves()
      .find((x) => x.from === pile && x.to[0] === 'f');
    if (!m) return false;
    this.hooks.apply(m);
    return true;
  }
}
