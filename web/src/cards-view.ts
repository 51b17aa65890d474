/**
 * The cards on screen (`CardsView`): 52 card elements and 13 pile slots, absolutely placed on the
 * card board, shared by the solution viewer and the game.
 *
 * Each card keeps one element for the life of the view, so showing the next position only moves
 * elements: a CSS transition on `transform` animates every card from its old place to its new one,
 * whatever the move (a draw, a run, a redeal). Cards that change pile are lifted above the others
 * while they travel. Faces are CSS with SVG suit symbols from a sprite in the page (no images, no
 * fonts to download). A card's corner shows its rank and suit side by side, so that both read on
 * the strip of a covered card. The layout scales with the width of the board and the height of the
 * window (phone or desktop), centres the columns, packs face-up cards closer when a column would
 * run off the screen (never closer than a corner needs), and mirrors the top row for left-handed
 * players.
 *
 * The slots are the interactive part: focusable buttons (Tab goes from pile to pile) labelled with
 * what the player sees on them. Pointer input is turned into calls of the handlers; the game logic
 * lives with the caller. Pointer events cover the mouse, a pen and touch alike: a press that moves
 * drags (the cards follow the finger or the pointer), a press that does not is a tap or click, and
 * a second tap on the same card within `DOUBLE_TAP_MS` is a double tap (or double-click), timed by
 * the events' own time stamps. A card takes touch gestures for itself (`touch-action: none`), so
 * dragging it does not scroll the page; the felt around the cards still scrolls.
 */
import { RANK, RED, SUIT, PILE_NAMES, type PileName, type Position } from '../../src/index.ts';
import { pileLabel } from './speech.ts';

/** What the caller is told about pointer and keyboard input on the board. */
export interface CardsHandlers {
  /** A click (or tap) on a card: the pile and how many cards from the top it takes; true when it made a move. */
  card?(pile: PileName, count: number): boolean;
  /** A double tap or double-click on a card; false when it did nothing (it is then taken as a second tap). */
  cardDouble?(pile: PileName, count: number): boolean;
  /** A click on a pile's empty space, or Enter/Space on its slot. */
  slot?(pile: PileName): void;
  /** Cards dragged from a pile and dropped on another; return false to send them back. */
  drop?(from: PileName, count: number, to: PileName): boolean;
}

/** The height of a card's corner (its rank and suit side by side), as a share of the card's width: as style.css sizes it. */
function cornerFont(large: boolean): number {
  if (large) return LARGE_CORNER;
  return window.innerWidth <= 760 ? 0.27 : 0.22;
}
/** The large-print deck's corner height, as a share of the card's width (style.css, `.large-print`). */
const LARGE_CORNER = 0.34;
/** How far apart the fanned cards of the waste are, as a share of the card's width (a corner's width). */
const FAN_STEP = 0.5;

/** True when the system asks for reduced motion. */
export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The most time between the two taps of a double tap (or the clicks of a double-click). */
export const DOUBLE_TAP_MS = 400;

const RANK_TEXT = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUIT_IDS = ['club', 'diamond', 'heart', 'spade'];

/** Where each card is: pile, index in it, face up or not. */
interface Place {
  pile: number;
  index: number;
  up: boolean;
  x: number;
  y: number;
  z: number;
}

export class CardsView {
  readonly root: HTMLElement;
  private readonly cards: HTMLElement[] = [];
  private readonly slots: HTMLElement[] = [];
  private readonly stockCount: HTMLElement;
  private places: (Place | undefined)[] = new Array(52);
  private position: Position | undefined;
  private fan = 0;
  private peek = false;
  private selected = new Set<number>();
  /** The elements outlined by a hint. */
  private marked: HTMLElement[] = [];
  private cw = 80;
  private readonly timers: number[] = [];
  /** Left-handed: the stock and waste on the right, the foundations on the left. */
  private leftHanded = false;
  /** The large-print deck: bigger corners, so the columns' strips are spaced wider. */
  private large = false;

  constructor(
    container: HTMLElement,
    interactive: boolean,
    private readonly handlers: CardsHandlers = {},
    /** Accessible name of the whole board. */
    label = 'Card board',
  ) {
    this.root = document.createElement('div');
    this.root.className = 'board';
    this.root.setAttribute('role', 'group');
    this.root.setAttribute('aria-label', label);
    container.append(this.root);
    PILE_NAMES.forEach((name, i) => {
      const s = document.createElement('div');
      s.className = `slot slot-${name[0] === 't' ? 'tableau' : name}`;
      s.dataset.pile = name;
      if (name[0] === 'f') s.innerHTML = suitSvg(i - 9, 'slot-suit');
      if (interactive) {
        s.tabIndex = 0;
        s.setAttribute('role', 'button');
        s.addEventListener('keydown', (e) => {
          if ((e.key === 'Enter' || e.key === ' ') && !e.ctrlKey && !e.metaKey && !e.altKey) {
            e.preventDefault();
            this.handlers.slot?.(name);
          }
        });
        s.addEventListener('click', () => this.handlers.slot?.(name));
      } else s.setAttribute('role', 'img');
      this.slots.push(s);
    });
    // In the order of the board, for Tab: stock, waste, the foundations, then the columns.
    for (const i of [0, 1, 9, 10, 11, 12, 2, 3, 4, 5, 6, 7, 8]) this.root.append(this.slots[i]);
    this.stockCount = document.createElement('span');
    this.stockCount.className = 'stock-count';
    this.stockCount.setAttribute('aria-hidden', 'true');
    this.slots[0].append(this.stockCount);
    for (let c = 0; c < 52; c++) {
      const e = document.createElement('div');
      e.className = `card ${RED[c] ? 'red' : 'black'}`;
      e.dataset.card = String(c);
      e.setAttribute('aria-hidden', 'true');
      const r = RANK_TEXT[RANK[c]];
      const s = SUIT[c];
      e.innerHTML = `<span class="corner tl">${r}${suitSvg(s)}</span>${suitSvg(s, 'pip')}<span class="corner br">${r}${suitSvg(s)}</span>`;
      this.cards.push(e);
      this.root.append(e);
    }
    if (interactive) this.listenPointer();
    // the width of the board, and the height of the window (the cards are sized to both)
    new ResizeObserver(() => this.layout(false)).observe(this.root);
    window.addEventListener('resize', () => this.layout(false));
  }

  /** Shows a position; `fan` is how many cards of the last draw show fanned on the waste. */
  show(p: Position, fan: number, animate: boolean): void {
    this.endCascade();
    this.position = p;
    this.fan = fan;
    this.layout(animate);
  }

  /**
   * The board's look: the left-handed layout (the stock on the right) or the usual one, the back's
   * pattern (a class `back-NAME`, drawn by style.css) and the large-print deck (class
   * `large-print`: big ranks and suits; on the waste the rank stands above the suit, so both show
   * on the strip the fan leaves of a covered card).
   */
  setLook(look: { leftHanded: boolean; back: string; largePrint: boolean }): void {
    this.leftHanded = look.leftHanded;
    this.root.classList.toggle('left-handed', look.leftHanded);
    for (const c of [...this.root.classList]) if (c.startsWith('back-')) this.root.classList.remove(c);
    this.root.classList.add(`back-${look.back}`);
    this.root.classList.toggle('large-print', look.largePrint);
    this.large = look.largePrint;
    this.layout(false);
  }

  /**
   * A won game's cards fall off the board one after another (a CSS animation of each card's
   * `translate`, on top of its place), unless the system asks for reduced motion. The next
   * position shown ends it.
   */
  celebrate(): void {
    if (reducedMotion()) return;
    const height = this.root.clientHeight;
    const shown = this.cards.filter((e) => !e.hidden);
    shown.forEach((e, k) => {
      e.style.setProperty('--fall-x', `${Math.round(((k * 37) % 23) - 11) * this.cw * 0.2}px`);
      e.style.setProperty('--fall-y', `${height + this.cw * 2}px`);
      e.style.setProperty('--fall-delay', `${((shown.length - 1 - k) % 52) * 45}ms`);
      e.classList.add('cascade');
    });
    this.root.classList.add('cascading');
  }

  private endCascade(): void {
    if (!this.root.classList.contains('cascading')) return;
    this.root.classList.remove('cascading');
    for (const e of this.cards) e.classList.remove('cascade');
  }

  /** Shows face-down cards' faces (dimmed), for studying a solution. */
  setPeek(on: boolean): void {
    this.peek = on;
    this.layout(false);
  }

  /** Outlines these cards (a picked-up run). */
  setSelected(cards: readonly number[]): void {
    this.selected = new Set(cards);
    for (let c = 0; c < 52; c++) this.cards[c].classList.toggle('selected', this.selected.has(c));
  }

  /** Outlines a hinted move's cards and the pile they go to (or the stock, for a draw) until `unmark`. */
  mark(cards: readonly number[], pile: PileName | undefined): void {
    this.unmark();
    const els = cards.map((c) => this.cards[c]);
    if (pile) els.push(this.slots[PILE_NAMES.indexOf(pile)]);
    for (const e of els) e.classList.add('hinted');
    this.marked = els;
  }

  /** Takes the hint's outline away. */
  unmark(): void {
    for (const e of this.marked) e.classList.remove('hinted');
    this.marked = [];
  }

  /** Moves keyboard focus to a pile's slot. */
  focus(pile: PileName): void {
    this.slots[PILE_NAMES.indexOf(pile)].focus();
  }

  /** The slot element of a pile (tests and focus handling). */
  slot(pile: PileName): HTMLElement {
    return this.slots[PILE_NAMES.indexOf(pile)];
  }

  /** Places the cards and the slots for the position shown, at the board's current size. */
  private layout(animate: boolean): void {
    const p = this.position;
    if (!p) return;
    const g = this.geometry(p);
    this.cw = g.cw;
    this.root.style.setProperty('--cw', `${g.cw}px`);
    this.root.style.setProperty('--ch', `${g.ch}px`);
    const { next, bottom } = placesOf(p, g, this.fan);
    this.root.style.height = `${bottom + g.gap}px`;
    this.root.classList.toggle('instant', !animate);
    this.moveCards(next, animate);
    this.places = next;
    this.placeSlots(p, g, bottom);
  }

  /** The sizes of the cards and the places of the piles for the board's width and the window's height. */
  private geometry(p: Position): Geometry {
    const width = this.root.clientWidth || 700;
    const gap = Math.max(4, Math.round(width * 0.014));
    // as wide as the board allows, and no taller than the window shows a deal with room for its runs
    const byHeight = Math.floor((window.innerHeight * 0.92 - 150) / 4.9);
    const cw = Math.max(36, Math.min(120, byHeight, Math.floor((width - 6 * gap) / 7)));
    const ch = Math.round(cw * 1.4);
    // the seven columns centred on the board
    const x0 = Math.max(0, Math.floor((width - 7 * cw - 6 * gap) / 2));
    const colX = (i: number) => x0 + i * (cw + gap);
    // the top row: the stock and the waste on the left, the foundations on the right; left-handed,
    // the stock on the right and the foundations on the left, the waste two columns left of the
    // stock (its fan, like every fan, opens to the right, so that the corners of its cards show)
    const leftHanded = this.leftHanded;
    const top = (i: number) => colX(leftHanded ? (i === 1 ? 4 : 6 - i) : i);
    const tabY = ch + gap * 2;
    const fd = Math.round(ch * 0.09);
    // Face-up spacing: as wide as comfortable, packed closer when a column would run off the screen.
    const room = Math.max(window.innerHeight * 0.78 - tabY - ch, ch * 2);
    // never closer than a card's corner (its rank and suit) needs to show
    const least = Math.max(Math.round(ch * 0.16), Math.ceil(ch * 0.03 + cw * cornerFont(this.large) + 3));
    let fu = Math.max(Math.round(ch * 0.3), least);
    for (let i = 0; i < 7; i++) {
      const up = p.tableau[i].length - p.faceDown[i] - 1;
      if (up > 0) fu = Math.min(fu, Math.max(least, Math.floor((room - p.faceDown[i] * fd) / up)));
    }
    return { cw, ch, gap, colX, top, tabY, fd, fu };
  }

  /** Moves each card element to its new place, lifting the cards that change pile while they travel. */
  private moveCards(next: readonly (Place | undefined)[], animate: boolean): void {
    for (let c = 0; c < 52; c++) {
      const to = next[c];
      const e = this.cards[c];
      if (!to) {
        e.hidden = true;
        continue;
      }
      e.hidden = false;
      const from = this.places[c];
      const travels = animate && from !== undefined && from.pile !== to.pile;
      e.style.transform = `translate(${to.x}px, ${to.y}px)`;
      e.style.zIndex = String(travels ? to.z + 1000 : to.z);
      e.classList.toggle('down', !to.up && !this.peek);
      // a click or tap on the stock goes through its cards to its slot (one action, whatever moves meanwhile)
      e.classList.toggle('in-stock', to.pile === 0);
      e.classList.toggle('in-waste', to.pile === 1);
      e.classList.toggle('peek', !to.up && this.peek);
      if (travels) e.classList.add('travel');
    }
    for (const t of this.timers.splice(0)) window.clearTimeout(t);
    if (animate)
      this.timers.push(
        window.setTimeout(() => {
          for (let c = 0; c < 52; c++) {
            const to = next[c];
            if (to) this.cards[c].style.zIndex = String(to.z);
            this.cards[c].classList.remove('travel');
          }
        }, 420),
      );
  }

  /** Slots: the drop and focus targets, and what a screen reader hears. */
  private placeSlots(p: Position, g: Geometry, bottom: number): void {
    const { cw, ch, colX, top, tabY } = g;
    const tabH = bottom - tabY;
    PILE_NAMES.forEach((name, i) => {
      const s = this.slots[i];
      const wide = i === 1 ? cw + 2 * Math.round(cw * FAN_STEP) : cw;
      const x = i === 0 ? top(0) : i >= 9 ? top(i - 6) : i === 1 ? top(1) : colX(i - 2);
      const y = i >= 2 && i <= 8 ? tabY : 0;
      s.style.transform = `translate(${x}px, ${y}px)`;
      s.style.width = `${wide}px`;
      s.style.height = `${i >= 2 && i <= 8 ? tabH : ch}px`;
      s.setAttribute('aria-label', pileLabel(p, name));
    });
    this.stockCount.textContent = p.stock.length ? String(p.stock.length) : p.waste.length ? '↻' : '';
    this.slots[0].classList.toggle('empty', p.stock.length === 0);
  }

  /** The pile and count a card element stands for, when it can be picked up. */
  private grab(c: number): { pile: PileName; count: number } | undefined {
    const pl = this.places[c];
    const p = this.position;
    if (!pl || !p || !pl.up) return undefined;
    const name = PILE_NAMES[pl.pile];
    if (pl.pile === 0) return undefined;
    if (pl.pile === 1) return pl.index === p.waste.length - 1 ? { pile: name, count: 1 } : undefined;
    if (pl.pile >= 9) return pl.index === p.foundations[pl.pile - 9] - 1 ? { pile: name, count: 1 } : undefined;
    return { pile: name, count: p.tableau[pl.pile - 2].length - pl.index };
  }

  /** The pile whose slot holds the point (client coordinates), if any. */
  private pileAt(x: number, y: number): PileName | undefined {
    for (let i = 0; i < 13; i++) {
      const r = this.slots[i].getBoundingClientRect();
      if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom + (i >= 2 && i <= 8 ? this.cw : 0)) return PILE_NAMES[i];
    }
    return undefined;
  }

  private listenPointer(): void {
    let drag:
      | { c: number; pile: PileName; count: number; x0: number; y0: number; moved: boolean; els: HTMLElement[]; base: Place[] }
      | undefined;
    this.root.addEventListener('pointerdown', (e) => {
      const el = (e.target as HTMLElement).closest<HTMLElement>('.card');
      if (!el || e.button !== 0) return;
      const c = Number(el.dataset.card);
      const g = this.grab(c);
      if (!g || !this.position) return;
      const pileCards = this.cardsOf(g.pile, g.count);
      drag = {
        c,
        ...g,
        x0: e.clientX,
        y0: e.clientY,
        moved: false,
        els: pileCards.map((k) => this.cards[k]),
        base: pileCards.map((k) => this.places[k]!),
      };
      this.root.setPointerCapture(e.pointerId);
    });
    this.root.addEventListener('pointermove', (e) => {
      if (!drag) return;
      const dx = e.clientX - drag.x0;
      const dy = e.clientY - drag.y0;
      // a finger wobbles more than a mouse: a touch becomes a drag a little later
      if (!drag.moved && Math.hypot(dx, dy) < (e.pointerType === 'touch' ? 10 : 6)) return;
      drag.moved = true;
      drag.els.forEach((el, k) => {
        el.classList.add('dragging');
        el.style.zIndex = String(2000 + k);
        el.style.transform = `translate(${drag!.base[k].x + dx}px, ${drag!.base[k].y + dy}px)`;
      });
    });
    /** The last tap: which card, when (the event's time stamp). */
    let lastTap: { c: number; at: number } | undefined;
    const end = (e: PointerEvent, cancelled: boolean) => {
      if (!drag) return;
      const d = drag;
      drag = undefined;
      for (const el of d.els) el.classList.remove('dragging');
      if (!d.moved) {
        if (cancelled) return;
        // (a tap that put cards down on this card is not the first tap of a double tap)
        const double = lastTap !== undefined && lastTap.c === d.c && e.timeStamp - lastTap.at <= DOUBLE_TAP_MS;
        lastTap = double ? undefined : { c: d.c, at: e.timeStamp };
        if (double && (this.handlers.cardDouble?.(d.pile, d.count) ?? false)) return;
        if (this.handlers.card?.(d.pile, d.count)) lastTap = undefined;
        return;
      }
      lastTap = undefined;
      const to = cancelled ? undefined : this.pileAt(e.clientX, e.clientY);
      const done = to !== undefined && to !== d.pile && (this.handlers.drop?.(d.pile, d.count, to) ?? false);
      if (!done) this.layout(true);
    };
    this.root.addEventListener('pointerup', (e) => end(e, false));
    this.root.addEventListener('pointercancel', (e) => end(e, true));
  }

  /** The top `count` cards of a pile, bottom first. */
  cardsOf(pile: PileName, count: number): number[] {
    const p = this.position;
    if (!p) return [];
    const i = PILE_NAMES.indexOf(pile);
    if (i === 1) return p.waste.slice(-count);
    if (i >= 9) return [(p.foundations[i - 9] - 1) * 4 + (i - 9)];
    if (i >= 2) return p.tableau[i - 2].slice(p.tableau[i - 2].length - count);
    return [];
  }
}

/** The sizes of a layout: the card's width and height, the gap, the spacing of face-down and face-up cards in a column, and where the piles stand. */
interface Geometry {
  cw: number;
  ch: number;
  gap: number;
  /** The left edge of column i (0–6). */
  colX(i: number): number;
  /** The left edge of place i of the top row (0 the stock, 1 the waste, 3–6 the foundations), mirrored when left-handed. */
  top(i: number): number;
  /** The top of the columns. */
  tabY: number;
  fd: number;
  fu: number;
}

/** Where each card of `p` lies (`fan`: the cards of the last draw fanned on the waste), and the lowest edge of the columns. */
function placesOf(p: Position, g: Geometry, fan: number): { next: (Place | undefined)[]; bottom: number } {
  const { cw, ch, colX, top, tabY, fd, fu } = g;
  const next: (Place | undefined)[] = new Array(52);
  p.stock.forEach((c, k) => {
    next[c] = { pile: 0, index: k, up: false, x: top(0), y: 0, z: 10 + (p.stock.length - k) };
  });
  // the last draw fanned to the right, each card's corner showing
  const fanned = Math.min(fan, p.waste.length, 3);
  const step = Math.round(cw * FAN_STEP);
  p.waste.forEach((c, k) => {
    const f = k - (p.waste.length - fanned);
    next[c] = { pile: 1, index: k, up: true, x: top(1) + (f > 0 ? f * step : 0), y: 0, z: 100 + k };
  });
  for (let s = 0; s < 4; s++)
    for (let r = 1; r <= p.foundations[s]; r++)
      next[(r - 1) * 4 + s] = { pile: 9 + s, index: r - 1, up: true, x: top(3 + s), y: 0, z: 200 + r };
  let bottom = tabY + ch;
  for (let i = 0; i < 7; i++) {
    let y = tabY;
    p.tableau[i].forEach((c, k) => {
      const up = k >= p.faceDown[i];
      next[c] = { pile: 2 + i, index: k, up, x: colX(i), y, z: 300 + k };
      y += up ? fu : fd;
    });
    const pileBottom = p.tableau[i].length ? y - (p.faceDown[i] < p.tableau[i].length ? fu : fd) + ch : tabY + ch;
    bottom = Math.max(bottom, pileBottom);
  }
  return { next, bottom };
}

function suitSvg(s: number, cls = 'suit'): string {
  return `<svg class="${cls}" viewBox="0 0 100 100" aria-hidden="true" focusable="false"><use href="#${SUIT_IDS[s]}"/></svg>`;
}
