/**
 * The big-number seed families: a whole number 0 ≤ N < 52! read as the mixed-radix digits of a
 * Fisher–Yates shuffle, so that every one of the 52! card orders has exactly one number.
 *
 * - `exact`: the canonical numbering lonelybot uses. Start from A♥ A♦ A♣ A♠ 2♥ … K♠ (rank by rank,
 *   suits hearts, diamonds, clubs, spades); for i = 1 … 51: j = N mod (i+1), N = ⌊N / (i+1)⌋,
 *   swap D[i] and D[j]. D is read in *standard form* (families.ts): pile p is D[p(p+1)/2 … +p].
 *   So N = Σ d_i · i! with 0 ≤ d_i ≤ i: the digits of N in the factorial number system.
 * - `microsoft`: the deal code Microsoft Solitaire Collection writes into its log (reverse-engineered
 *   by the author of Klondike-Solver, implemented in lonelybot). Start from A…K of spades, hearts,
 *   clubs, diamonds; for i = 51 down to 1: j = N mod (i+1), N = ⌊N / (i+1)⌋, swap X[i] and X[j];
 *   reverse X, which is then in ShootMe (row-deal) order.
 *
 * Both are inverted exactly: replaying the swaps backwards recovers each j from where a card ended
 * up, and Horner's rule rebuilds N. BigInt arithmetic is kept off the per-digit path: the radices are
 * grouped so that each group's product stays below 2^53, one BigInt division (or multiplication) per
 * group (5 groups for 51 digits) and the digits inside a group in exact double arithmetic. A 68-digit
 * code decodes or encodes in about 5–15 µs (bench/codes.bench.ts).
 *
 * Uniformly random codes (for sampling all deals independently of any program's generator): the
 * words w0, w1, … of MT19937 seeded with S, taken eight at a time as the 226-bit number
 * x = w0 + w1·2^32 + … + w6·2^192 + (w7 mod 4)·2^224, kept when x < 52! and drawn again otherwise.
 * Every code below 52! is equally likely (rejection sampling), and the K codes of a sample are the
 * first K kept, so a smaller sample is a prefix of a larger one with the same S. `randomCode` does
 * the same with words from any source of random bits (the browser app: `crypto.getRandomValues`),
 * for one deal drawn from all 52! with no seed to repeat it by.
 */
import { type Card, CLUBS, DIAMONDS, HEARTS, SPADES, makeCard } from '../engine/cards.ts';
import { Mt19937 } from './rng.ts';

/** 52! = 80658175170943878571660636856403766975289505440883277824000000000000, the number of card orders. */
export const FACTORIAL_52: bigint = (() => {
  let f = 1n;
  for (let i = 2n; i <= 52n; i++) f *= i;
  return f;
})();

/** The largest code of the big families, 52! − 1. */
export const MAX_CODE: bigint = FACTORIAL_52 - 1n;

/** Radices grouped so that each group's product is below 2^53, with the group products as bigints. */
interface RadixPlan {
  radices: number[];
  /** [first digit, end digit) of each group, least significant group first. */
  groups: [number, number][];
  products: bigint[];
}

function planRadices(radices: number[]): RadixPlan {
  const groups: [number, number][] = [];
  const products: bigint[] = [];
  let start = 0;
  while (start < radices.length) {
    let end = start;
    let p = 1;
    while (end < radices.length && p * radices[end] <= Number.MAX_SAFE_INTEGER) p *= radices[end++];
    groups.push([start, end]);
    products.push(BigInt(p));
    start = end;
  }
  return { radices, groups, products };
}

/** The mixed-radix digits of n (least significant first): digit k is below radices[k]. */
function toDigits(n: bigint, plan: RadixPlan, out: number[]): void {
  const { radices, groups, products } = plan;
  for (let g = 0; g < groups.length; g++) {
    let r: number;
    if (g === groups.length - 1) r = Number(n);
    else {
      r = Number(n % products[g]);
      n /= products[g];
    }
    for (let k = groups[g][0]; k < groups[g][1]; k++) {
      const m = radices[k];
      const d = r % m;
      out[k] = d;
      r = (r - d) / m;
    }
  }
}

/** The number whose mixed-radix digits (least significant first) are `digits`. */
function fromDigits(digits: readonly number[], plan: RadixPlan): bigint {
  const { radices, groups, products } = plan;
  let n = 0n;
  for (let g = groups.length - 1; g >= 0; g--) {
    let v = 0;
    for (let k = groups[g][1] - 1; k >= groups[g][0]; k--) v = v * radices[k] + digits[k];
    n = n * products[g] + BigInt(v);
  }
  return n;
}

// exact: digit k (k = 0 … 50) is j of step i = k + 1, radix i + 1 = k + 2.
const EXACT_PLAN = planRadices(Array.from({ length: 51 }, (_, k) => k + 2));
// microsoft: digit k is j of step i = 51 − k, radix i + 1 = 52 − k.
const MICROSOFT_PLAN = planRadices(Array.from({ length: 51 }, (_, k) => 52 - k));

const EXACT_BASE: Card[] = [];
for (let rank = 1; rank <= 13; rank++) for (const suit of [HEARTS, DIAMONDS, CLUBS, SPADES]) EXACT_BASE.push(makeCard(rank, suit));
const MICROSOFT_BASE: Card[] = [];
for (const suit of [SPADES, HEARTS, CLUBS, DIAMONDS]) for (let rank = 1; rank <= 13; rank++) MICROSOFT_BASE.push(makeCard(rank, suit));

/** True when n is a code of the big families: a bigint with 0 ≤ n < 52!. */
export function isCode(n: bigint): boolean {
  return typeof n === 'bigint' && n >= 0n && n < FACTORIAL_52;
}

function checkCode(n: bigint): void {
  if (!isCode(n)) throw new RangeError(`a code is a whole number 0 ≤ N < 52!, got ${n}`);
}

/** The 52 cards of `exact` code n in standard form (pile p is D[p(p+1)/2 … +p], then the stock). */
export function exactOrder(n: bigint): Card[] {
  checkCode(n);
  const digits = new Array<number>(51);
  toDigits(n, EXACT_PLAN, digits);
  const d = EXACT_BASE.slice();
  for (let i = 1; i <= 51; i++) {
    const j = digits[i - 1];
    const t = d[i];
    d[i] = d[j];
    d[j] = t;
  }
  return d;
}

/** The `exact` code of 52 distinct cards in standard form (the inverse of `exactOrder`). */
export function exactCodeOfOrder(order: readonly Card[]): bigint {
  const d = checkOrder(order);
  const pos = positions(d);
  const digits = new Array<number>(51);
  // Undo the swaps from the last: before step i, positions above i still hold the start cards, and
  // step i swapped D[i] with D[j], so the start card of position i sits at j after step i.
  for (let i = 51; i >= 1; i--) {
    const j = pos[EXACT_BASE[i]];
    digits[i - 1] = j;
    swapAt(d, pos, i, j);
  }
  return fromDigits(digits, EXACT_PLAN);
}

/** The 52 cards of `microsoft` code n in ShootMe (row-deal) order. */
export function microsoftOrder(n: bigint): Card[] {
  checkCode(n);
  const digits = new Array<number>(51);
  toDigits(n, MICROSOFT_PLAN, digits);
  const x = MICROSOFT_BASE.slice();
  for (let i = 51; i >= 1; i--) {
    const j = digits[51 - i];
    const t = x[i];
    x[i] = x[j];
    x[j] = t;
  }
  return x.reverse();
}

/** The `microsoft` code of 52 distinct cards in ShootMe order (the inverse of `microsoftOrder`). */
export function microsoftCodeOfOrder(order: readonly Card[]): bigint {
  const target = checkOrder(order).reverse();
  const x = MICROSOFT_BASE.slice();
  const pos = positions(x);
  const digits = new Array<number>(51);
  // Replay the shuffle forwards: step i fixes X[i] for good, so j is where that card is now.
  for (let i = 51; i >= 1; i--) {
    const j = pos[target[i]];
    digits[51 - i] = j;
    swapAt(x, pos, i, j);
  }
  return fromDigits(digits, MICROSOFT_PLAN);
}

function checkOrder(order: readonly Card[]): Card[] {
  const seen = new Uint8Array(52);
  if (order.length !== 52) throw new RangeError(`a card order has 52 cards, got ${order.length}`);
  for (const c of order) {
    if (!Number.isInteger(c) || c < 0 || c >= 52 || seen[c]) throw new RangeError(`a card order holds each card once (card ${c})`);
    seen[c] = 1;
  }
  return order.slice();
}

function positions(d: readonly Card[]): Int8Array {
  const pos = new Int8Array(52);
  for (let k = 0; k < 52; k++) pos[d[k]] = k;
  return pos;
}

function swapAt(d: Card[], pos: Int8Array, a: number, b: number): void {
  const ca = d[a];
  const cb = d[b];
  d[a] = cb;
  d[b] = ca;
  pos[cb] = a;
  pos[ca] = b;
}

/** The largest sample seed of `randomCodes` (MT19937 takes an unsigned 32-bit seed). */
export const MAX_SAMPLE_SEED = 2 ** 32 - 1;

/** An endless stream of uniformly random codes below 52!, reproducible from `sampleSeed` (0 ≤ S < 2^32). */
export class RandomCodes {
  private readonly mt: Mt19937;

  constructor(sampleSeed: number) {
    if (!Number.isInteger(sampleSeed) || sampleSeed < 0 || sampleSeed > MAX_SAMPLE_SEED)
      throw new RangeError(`a sample seed is a whole number 0 ≤ S < 2^32, got ${sampleSeed}`);
    this.mt = new Mt19937(sampleSeed);
  }

  /** The next code: eight words as a 226-bit number, drawn again while it is not below 52!. */
  next(): bigint {
    const w = new Uint32Array(CODE_WORDS);
    for (;;) {
      for (let k = 0; k < CODE_WORDS; k++) w[k] = this.mt.next();
      const x = codeOfWords(w);
      if (x !== undefined) return x;
    }
  }
}

/** The 32-bit words a random code is made of (226 bits: 52! < 2^226). */
export const CODE_WORDS = 8;

/**
 * The code of eight random 32-bit words, x = w0 + w1·2^32 + … + w6·2^192 + (w7 mod 4)·2^224, or
 * undefined when x ≥ 52! (the words are then to be drawn again: about one time in four).
 */
export function codeOfWords(w: ArrayLike<number>): bigint | undefined {
  if (w.length !== CODE_WORDS) throw new RangeError(`a code is made of ${CODE_WORDS} words, got ${w.length}`);
  let x = BigInt((w[7] >>> 0) & 3);
  for (let k = 6; k >= 0; k--) x = (x << 32n) | BigInt(w[k] >>> 0);
  return x < FACTORIAL_52 ? x : undefined;
}

/**
 * A uniformly random code below 52! from a source of random words (`fill` fills its array with
 * independent uniform 32-bit words, as `crypto.getRandomValues` does), by rejection sampling.
 */
export function randomCode(fill: (words: Uint32Array) => void): bigint {
  const w = new Uint32Array(CODE_WORDS);
  for (;;) {
    fill(w);
    const x = codeOfWords(w);
    if (x !== undefined) return x;
  }
}

/** The first `count` codes of the uniform stream of `sampleSeed` (see `RandomCodes`). */
export function randomCodes(count: number, sampleSeed: number): bigint[] {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`count must be a whole number ≥ 0, got ${count}`);
  const g = new RandomCodes(sampleSeed);
  return Array.from({ length: count }, () => g.next());
}
