/**
 * The three random number generators behind the seed families with small seeds (MT19937 also
 * draws the uniform random codes of big-families.ts):
 *
 * - `Mt19937`: the standard 32-bit Mersenne Twister (Solvitaire's `--random N`).
 * - `KsRandom`: Klondike-Solver's value/mix/twist generator (`/GAME N`, KSolve `-g N`).
 * - `ParkMiller`: the minimal standard generator, 16807·s mod (2^31 − 1) (greenfelt.net ids).
 *
 * Everything is plain 32-bit integer arithmetic: `Math.imul`, `| 0` for signed wrap-around and
 * `>>> 0` for unsigned results. No BigInt. Park–Miller multiplies a state below 2^32 by 16807,
 * which stays below 2^47 < 2^53, so the double product and its `%` are exact.
 */

/** A generator of 32-bit values. */
export interface Rng {
  /** The next output. */
  next(): number;
}

const MT_N = 624;
const MT_M = 397;

/** Standard MT19937 (32-bit), seeded with one unsigned 32-bit integer; outputs 0 … 2^32 − 1. */
export class Mt19937 implements Rng {
  private readonly mt = new Uint32Array(MT_N);
  private index = MT_N;

  constructor(seed: number) {
    const mt = this.mt;
    mt[0] = seed >>> 0;
    for (let i = 1; i < MT_N; i++) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
  }

  private twist(): void {
    const mt = this.mt;
    for (let i = 0; i < MT_N; i++) {
      const y = (mt[i] & 0x80000000) | (mt[(i + 1) % MT_N] & 0x7fffffff);
      let v = mt[(i + MT_M) % MT_N] ^ (y >>> 1);
      if (y & 1) v ^= 0x9908b0df;
      mt[i] = v >>> 0;
    }
    this.index = 0;
  }

  next(): number {
    if (this.index >= MT_N) this.twist();
    let y = this.mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }
}

/**
 * Klondike-Solver's generator: three signed 32-bit words `value`, `mix`, `twist`.
 * `next()` returns 0 … 2^31 − 1.
 */
export class KsRandom implements Rng {
  private value = 0;
  private mix = 51651237;
  private twistW = 895213268;

  constructor(seed: number) {
    const n = seed | 0;
    this.value = n;
    for (let i = 0; i < 50; i++) this.step();
    this.value = 0x9417b3af ^ n ^ (n >> 15);
    for (let i = 0; i < 950; i++) this.step();
  }

  private step(): void {
    let value = this.value;
    let mix = this.mix;
    let twist = this.twistW;
    let y = (twist - mix) | 0;
    y ^= twist ^ value ^ mix;
    mix ^= twist ^ value;
    value ^= (twist - mix) | 0;
    twist ^= value ^ y;
    value ^= (twist << 7) ^ (mix >> 16) ^ (y << 8);
    this.value = value;
    this.mix = mix;
    this.twistW = twist;
  }

  next(): number {
    this.step();
    return this.value & 0x7fffffff;
  }
}

const PM_MODULUS = 2147483647;
const PM_ZERO_RESEED = 0x12345987;

/** Park–Miller minimal standard generator as greenfelt.net uses it; outputs 0 … 2^31 − 2. */
export class ParkMiller implements Rng {
  private s: number;

  constructor(seed: number) {
    this.s = seed >>> 0;
  }

  next(): number {
    if (this.s === 0) this.s = PM_ZERO_RESEED;
    this.s = (this.s * 16807) % PM_MODULUS;
    return this.s;
  }
}
