/**
 * Sampling the unseen cards: a *world* is a complete position that agrees with an observation on
 * every seen card, its unseen slots filled with the unseen cards. Given what a player saw, every
 * arrangement is equally likely, so a uniform shuffle (Fisher–Yates with unbiased integers from a
 * seeded Mersenne Twister) samples the player's belief exactly, and the same seed gives the same
 * worlds on any machine.
 *
 * When a later observation reveals cards, `repairWorld` swaps each revealed card into its slot:
 * a uniform world conditioned this way is again uniform among the worlds consistent with the new
 * observation (each consistent arrangement is reached from exactly as many old ones), so worlds
 * can be kept across moves instead of drawn afresh.
 *
 * A policy's generator is seeded by `observationSeed`: its seed mixed with a hash of what it sees
 * when it draws its worlds. Nothing else goes in (not the deal, not a clock), so two games that differ
 * only in cards not yet seen draw the same worlds, and anyone can check that a player does not peek.
 */
import type { Card } from '../engine/cards.ts';
import type { Position } from '../engine/position.ts';
import { UNSEEN } from '../engine/position.ts';
import { Mt19937 } from '../deals/rng.ts';
import type { Observation } from './observation.ts';

/** Why `seed` cannot seed a sampling (it is a whole number 0…2^32 − 1, taken as it is), or undefined. */
export function badSeed(seed: unknown): string | undefined {
  if (typeof seed === 'number' && Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff) return undefined;
  return `seed must be a whole number 0…4294967295 (2^32 − 1), got ${typeof seed === 'string' ? JSON.stringify(seed) : String(seed)}`;
}

/** Seeded uniform random integers. */
export class Random {
  private readonly mt: Mt19937;

  /** A generator seeded with a whole number 0…2^32 − 1 (a RangeError for anything else). */
  constructor(seed: number) {
    const bad = badSeed(seed);
    if (bad) throw new RangeError(bad);
    this.mt = new Mt19937(seed);
  }

  /** A uniform integer in 0…n−1 (n ≥ 1), without modulo bias. */
  below(n: number): number {
    const limit = 0x100000000 - (0x100000000 % n);
    for (;;) {
      const x = this.mt.next();
      if (x < limit) return x % n;
    }
  }

  /** A 32-bit seed for another generator. */
  seed(): number {
    return this.mt.next();
  }
}

/**
 * The seed of the worlds drawn at an observation: a 32-bit mix of the policy seed and a hash
 * (FNV-1a) of the observation's key, so it is a function of what is seen and nothing else.
 */
export function observationSeed(seed: number, o: Observation): number {
  const key = o.key();
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  h = Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ h;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The world with the unseen cards in `cards` order, slot by slot (tableau piles bottom up, then the stock). */
export function fillWorld(o: Observation, cards: readonly Card[] = o.unseen): Position {
  const p = o.position;
  let k = 0;
  const fill = (pile: readonly Card[]) => pile.map((c) => (c === UNSEEN ? cards[k++] : c));
  return {
    tableau: p.tableau.map(fill),
    faceDown: p.faceDown.slice(),
    stock: fill(p.stock),
    waste: p.waste.slice(),
    foundations: p.foundations.slice(),
    pass: p.pass,
  };
}

/** A uniformly random world consistent with the observation. */
export function sampleWorld(o: Observation, rng: Random): Position {
  const cards = o.unseen.slice();
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    const t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
  return fillWorld(o, cards);
}

/**
 * Makes a world agree with an observation that revealed more cards: each seen card is swapped into
 * its slot. Returns the number of swaps, or -1 when the world's layout differs from the
 * observation's (other moves were made; the world is then left in an unspecified state).
 */
export function repairWorld(world: Position, o: Observation): number {
  const p = o.position;
  if (world.stock.length !== p.stock.length || world.waste.length !== p.waste.length || world.pass !== p.pass) return -1;
  for (let s = 0; s < 4; s++) if (world.foundations[s] !== p.foundations[s]) return -1;
  for (let i = 0; i < 7; i++) if (world.tableau[i].length !== p.tableau[i].length || world.faceDown[i] !== p.faceDown[i]) return -1;
  // slots as pile * 64 + index: piles 0…6 the tableau, 7 the stock, 8 the waste
  const worldPile = (k: number): Card[] => (k === 7 ? world.stock : k === 8 ? world.waste : world.tableau[k]);
  const seenPile = (k: number): readonly Card[] => (k === 7 ? p.stock : k === 8 ? p.waste : p.tableau[k]);
  const where = new Int32Array(53).fill(-1);
  for (let k = 0; k <= 8; k++) {
    const pile = worldPile(k);
    for (let j = 0; j < pile.length; j++) where[pile[j]] = k * 64 + j;
  }
  let swaps = 0;
  for (let k = 0; k <= 8; k++) {
    const here = worldPile(k);
    const want = seenPile(k);
    for (let j = 0; j < want.length; j++) {
      const c = want[j];
      if (c === UNSEEN || here[j] === c) continue;
      // c lies elsewhere in the world, in a slot that must be unseen now
      const other = where[c];
      if (other < 0 || seenPile(other >> 6)[other & 63] !== UNSEEN) return -1;
      const mine = here[j];
      here[j] = c;
      worldPile(other >> 6)[other & 63] = mine;
      where[c] = k * 64 + j;
      where[mine] = other;
      swaps++;
    }
  }
  return swaps;
}
