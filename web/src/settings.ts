/**
 * The game view's settings, kept in the browser (`klondike-solver.settings`):
 * - for the next new game (labelled so: the game in progress keeps its own rules and scoring):
 *   the draw, the scoring (standard, or Vegas with its pass limits), and "winnable deals only";
 * - for the board, at once: what a tap on a card does (moves it to its best place, smart.ts, or
 *   picks it up to be put down by a second tap), the left-handed layout (the stock on the right),
 *   whether the cards go home by themselves once every card is face up and the stock is empty,
 *   the card back (CSS patterns, `CARD_BACKS`) and the large-print deck (cards-view.ts).
 */
import { type Rules, vegasRules } from '../../src/index.ts';
import type { Scoring } from './played-game.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** localStorage key of the game view's settings. */
export const SETTINGS_KEY = 'klondike-solver.settings';

/** What a tap on a card does: move it to its best place, or pick it up. */
export type TapMode = 'smart' | 'select';

/** The card backs, drawn by style.css (no images): blue stripes, a red lattice, green checks, purple dots. */
export const CARD_BACKS = ['blue', 'red', 'green', 'purple'] as const;
export type CardBack = (typeof CARD_BACKS)[number];

export interface PlaySettings {
  draw: 1 | 3;
  scoring: Scoring;
  winnableOnly: boolean;
  tap: TapMode;
  leftHanded: boolean;
  /** The cards go home by themselves once every card is face up and the stock is empty. */
  autoFinish: boolean;
  back: CardBack;
  /** The large-print deck: big ranks and suits. */
  largePrint: boolean;
}

export const DEFAULT_SETTINGS: PlaySettings = {
  draw: 3,
  scoring: 'standard',
  winnableOnly: false,
  tap: 'smart',
  leftHanded: false,
  autoFinish: true,
  back: 'blue',
  largePrint: false,
};

/** The rules of a new game under the settings: the draw, unlimited passes, or the Vegas pass limits. */
export function rulesFor(s: Pick<PlaySettings, 'draw' | 'scoring'>): Rules {
  return s.scoring === 'vegas' ? vegasRules(s.draw) : { draw: s.draw, passes: null, foundationReturn: true };
}

/** Settings read back from storage: anything unknown takes the default. */
export function parseSettings(text: string | null): PlaySettings {
  let o: Record<string, unknown> = {};
  try {
    const j = JSON.parse(text ?? '{}');
    if (typeof j === 'object' && j !== null) o = j;
  } catch {}
  return {
    draw: o.draw === 1 || o.draw === 3 ? o.draw : DEFAULT_SETTINGS.draw,
    scoring: o.scoring === 'vegas' ? 'vegas' : 'standard',
    winnableOnly: o.winnableOnly === true,
    tap: o.tap === 'select' ? 'select' : 'smart',
    leftHanded: o.leftHanded === true,
    autoFinish: o.autoFinish !== false,
    back: cardBack(o.back),
    largePrint: o.largePrint === true,
  };
}

/** A card back by name; anything else is the default. */
function cardBack(x: unknown): CardBack {
  return CARD_BACKS.find((b) => b === x) ?? DEFAULT_SETTINGS.back;
}

/** The settings' controls in the page, kept in storage. */
export class SettingsView {
  private value: PlaySettings;

  constructor(private readonly changed: (s: PlaySettings) => void) {
    let text: string | null = null;
    try {
      text = localStorage.getItem(SETTINGS_KEY);
    } catch {}
    this.value = parseSettings(text);
    this.show();
    for (const id of ['p-draw', 'p-scoring', 'p-winnable', 'p-tap', 'p-left', 'p-auto', 'p-back', 'p-large'])
      $(id).addEventListener('change', () => this.read());
  }

  get(): PlaySettings {
    return { ...this.value };
  }

  /** The rules of a new game. */
  newRules(): Rules {
    return rulesFor(this.value);
  }

  private show(): void {
    const v = this.value;
    $<HTMLSelectElement>('p-draw').value = String(v.draw);
    $<HTMLSelectElement>('p-scoring').value = v.scoring;
    $<HTMLInputElement>('p-winnable').checked = v.winnableOnly;
    $<HTMLSelectElement>('p-tap').value = v.tap;
    $<HTMLInputElement>('p-left').checked = v.leftHanded;
    $<HTMLInputElement>('p-auto').checked = v.autoFinish;
    $<HTMLSelectElement>('p-back').value = v.back;
    $<HTMLInputElement>('p-large').checked = v.largePrint;
  }

  private read(): void {
    this.value = {
      draw: $<HTMLSelectElement>('p-draw').value === '1' ? 1 : 3,
      scoring: $<HTMLSelectElement>('p-scoring').value === 'vegas' ? 'vegas' : 'standard',
      winnableOnly: $<HTMLInputElement>('p-winnable').checked,
      tap: $<HTMLSelectElement>('p-tap').value === 'select' ? 'select' : 'smart',
      leftHanded: $<HTMLInputElement>('p-left').checked,
      autoFinish: $<HTMLInputElement>('p-auto').checked,
      back: cardBack($<HTMLSelectElement>('p-back').value),
      largePrint: $<HTMLInputElement>('p-large').checked,
    };
    try {
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(this.value));
    } catch {}
    this.changed(this.get());
  }
}
