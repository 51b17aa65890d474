/**
 * The transposition table: a set of 64-bit state hashes in one Int32Array (the two halves of a
 * slot side by side, so a probe touches one cache line), open addressing with linear probing. It
 * starts small and doubles (rehashing) whenever it is half full, up to a capacity fixed by the
 * memory budget (8 bytes a slot).
 *
 * Between searches the table keeps its size (up to RESET_CAPACITY slots) and is emptied cheaply:
 * a small search's slots are remembered (up to LOG_MAX of them) and only those are zeroed, so an
 * easy deal does not pay for clearing megabytes. `reset` gives it a new memory budget without
 * reallocating when its array fits. If the machine cannot give a larger array, the table stays
 * at its size (as if that were its budget) rather than fail.
 *
 * Replacement policy, once at full size and three quarters full: probes look at a window of PROBE
 * slots, and a new state whose window is full overwrites the slot its hash points to (the home
 * slot); the evicted state may be searched again later, which costs time but never changes a
 * verdict. When evictions exceed the capacity the table is thrashing, and `exhausted` tells the
 * solver to give up with "unknown (memory)".
 *
 * `touch` reads a key's home slot ahead of its lookup: the search reads the slots of all of a
 * position's children in one tight loop, so that their cache misses overlap (search.ts).
 *
 * `remove` takes a key out again (backward-shift deletion); the solver's restarts use it to forget
 * the positions of an abandoned line that were never searched to the end.
 *
 * Only the hash is stored: two different states with the same 64 bits would be confused. With
 * the table index taken from the same bits, the chance for a search of N states is about
 * N²/2^65 (for 10^8 states, 3·10^-4); the tests cross-check verdicts with pruning off.
 */
const PROBE = 16;
/** Slots remembered for a cheap clear. */
const LOG_MAX = 1 << 16;
/** Kept between searches; a table grown past this is reallocated at this size. */
const RESET_CAPACITY = 1 << 21;
/**
 * Arrays of up to POOL_MAX slots are kept for reuse once outgrown: first touching fresh memory is
 * slow (page faults), so a process that solves many deals pays it once per size, not per deal.
 */
const POOL_MAX = 1 << 23;
/** Slots a fresh table starts with (or its whole budget, when smaller). */
const INITIAL_CAPACITY = 1 << 20;
/** The most slots a memory budget gives (32 GiB): larger budgets are this one. */
const MAX_CAPACITY = 2 ** 32;
const pool = new Map<number, Int32Array>();

/** A zeroed array of `ints` 32-bit words, from the pool when it has one. */
function takeArray(ints: number): Int32Array {
  const a = pool.get(ints);
  if (!a) return new Int32Array(ints);
  pool.delete(ints);
  a.fill(0);
  return a;
}

function giveBack(a: Int32Array): void {
  if (a.length / 2 <= POOL_MAX) pool.set(a.length, a);
}

/** The keys of a table (`snapshot`), and whether its slots held stock masks. */
export interface TableSnapshot {
  readonly masked: boolean;
  readonly keys: Int32Array;
}

export class TranspositionTable {
  private keys: Int32Array;
  private mask: number;
  /** log2 of the words a slot takes: 1 (the hash), or 2 with stock masks (the hash, a mask, one spare word). */
  private shift = 1;
  /** Slots in use. */
  count = 0;
  /** States stored: `count`, or with stock masks the bits set. */
  states = 0;
  evictions = 0;
  /** The most slots of 8 bytes the memory budget gives. */
  private budgetSlots: number;
  private maxSlots: number;
  private initialCapacity: number;
  private readonly requestedInitial: number;
  /** Slots filled since the last clear (valid while logN <= LOG_MAX). */
  private readonly log = new Int32Array(LOG_MAX);
  private logN = 0;

  /** The largest power-of-two slot count that fits the memory budget. */
  static capacityFor(maxMemoryMb: number): number {
    let max = 1 << 10;
    while (max * 2 * 8 <= maxMemoryMb * 1024 * 1024 && max < MAX_CAPACITY) max *= 2;
    return max;
  }

  constructor(maxMemoryMb: number, initialCapacity = INITIAL_CAPACITY) {
    const max = TranspositionTable.capacityFor(maxMemoryMb);
    this.budgetSlots = max;
    this.maxSlots = max;
    this.requestedInitial = initialCapacity;
    this.initialCapacity = Math.min(initialCapacity, max);
    this.keys = new Int32Array(this.initialCapacity * 2);
    this.mask = this.initialCapacity - 1;
  }

  /** The most slots the table may grow to (its memory budget, or less if memory ran out). */
  get maxCapacity(): number {
    return this.maxSlots;
  }

  get capacity(): number {
    return this.mask + 1;
  }

  get bytes(): number {
    return this.capacity << (this.shift + 2);
  }

  get exhausted(): boolean {
    return this.evictions > this.maxSlots;
  }

  /** True when slots hold a stock mask (`insertBit`). */
  get masked(): boolean {
    return this.shift === 2;
  }

  /** Empties the table and gives it a new memory budget, keeping its array when it fits. */
  reset(maxMemoryMb: number): void {
    this.budgetSlots = TranspositionTable.capacityFor(maxMemoryMb);
    this.maxSlots = this.budgetSlots >> (this.shift - 1);
    this.initialCapacity = Math.min(this.requestedInitial, this.maxSlots);
    this.clear();
  }

  /**
   * Empties the table and sets what its slots hold: a hash (`insert`), or with `masked` a hash
   * and a mask of 32 bits (`insertBit`), in slots of 16 bytes, half as many for the same memory.
   */
  setMasked(masked: boolean): void {
    const shift = masked ? 2 : 1;
    if (shift === this.shift) {
      this.clear();
      return;
    }
    this.shift = shift;
    this.maxSlots = this.budgetSlots >> (shift - 1);
    this.initialCapacity = Math.min(this.requestedInitial, this.maxSlots);
    this.keys.fill(0);
    this.mask = Math.min(this.keys.length >> shift, this.maxSlots) - 1;
    this.logN = 0;
    this.clear();
  }

  /** Empties the table (a large one is reallocated at RESET_CAPACITY slots). */
  clear(): void {
    const reset = Math.max(this.initialCapacity, Math.min(RESET_CAPACITY, this.maxSlots));
    const shift = this.shift;
    if (this.capacity > reset) {
      giveBack(this.keys);
      this.keys = takeArray(reset << shift);
      this.mask = reset - 1;
    } else if (this.logN <= LOG_MAX) {
      const keys = this.keys;
      for (let k = 0; k < this.logN; k++) {
        const i = this.log[k] << shift;
        keys[i] = 0;
        keys[i + 1] = 0;
        if (shift === 2) keys[i + 2] = 0;
      }
    } else {
      this.keys.fill(0);
    }
    this.count = 0;
    this.states = 0;
    this.evictions = 0;
    this.logN = 0;
  }

  /**
   * The keys in the table (with their masks, in slots of `masked` tables), for `restore` to put
   * back once the table has served another search; undefined when the table has filled more
   * slots since it was emptied than it remembers (LOG_MAX), or moved them (grown). Slots emptied
   * again (`remove`) are skipped; a key may come twice.
   */
  snapshot(): TableSnapshot | undefined {
    if (this.logN > LOG_MAX) return undefined;
    const { keys, shift, log } = this;
    const step = 1 << shift;
    const out = new Int32Array(this.logN * step);
    let k = 0;
    for (let q = 0; q < this.logN; q++) {
      const i = log[q] << shift;
      if (keys[i] === 0 && keys[i + 1] === 0) continue;
      if (shift === 2 && keys[i + 2] === 0) continue; // a mask emptied by removeBit
      for (let j = 0; j < step; j++) out[k++] = keys[i + j];
    }
    return { masked: shift === 2, keys: out.subarray(0, k) };
  }

  /** Puts back the keys of a `snapshot` taken from a table that held them as this one does (`masked`). */
  restore(snap: TableSnapshot): void {
    if (snap.masked !== this.masked) throw new Error('internal: a table snapshot of another kind');
    const keys = snap.keys;
    const step = snap.masked ? 4 : 2;
    for (let k = 0; k < keys.length; k += step) {
      if (snap.masked) this.addBits(keys[k], keys[k + 1], keys[k + 2]);
      else this.insert(keys[k], keys[k + 1]);
    }
  }

  /** Adds the hash; returns true when it was already there. */
  insert(h1: number, h2: number): boolean {
    if (h1 === 0 && h2 === 0) h2 = 1; // (0, 0) marks an empty slot
    const mask = this.mask;
    const keys = this.keys;
    let i = (h1 ^ Math.imul(h2, 0x9e3779b1)) & mask;
    const home = i;
    // plain linear probing while the table has room; at full size only a window of PROBE slots
    const limit = this.count * 4 < this.capacity * 3 ? mask + 1 : PROBE;
    for (let p = 0; p < limit; p++) {
      const a = keys[2 * i];
      const b = keys[2 * i + 1];
      if (a === h1 && b === h2) return true;
      if (a === 0 && b === 0) {
        keys[2 * i] = h1;
        keys[2 * i + 1] = h2;
        if (this.logN < LOG_MAX) this.log[this.logN] = i;
        this.logN++;
        this.states++;
        if (++this.count * 2 > this.capacity && this.capacity < this.maxSlots) this.grow();
        return false;
      }
      i = (i + 1) & mask;
    }
    keys[2 * home] = h1;
    keys[2 * home + 1] = h2;
    this.evictions++;
    return false;
  }

  /**
   * With stock masks: adds bit `bit` (0–31) to the mask of the hash; returns true when it was
   * already set. A state evicted at full size takes its mask with it.
   */
  insertBit(h1: number, h2: number, bit: number): boolean {
    return this.addBits(h1, h2, 1 << bit);
  }

  /**
   * With stock masks: adds the bits of `flags` to the mask of the hash (the hash first, when
   * missing); returns true when they were all set already.
   */
  addBits(h1: number, h2: number, flags: number): boolean {
    if (h1 === 0 && h2 === 0) h2 = 1;
    const mask = this.mask;
    const keys = this.keys;
    let i = (h1 ^ Math.imul(h2, 0x9e3779b1)) & mask;
    const home = i;
    const limit = this.count * 4 < this.capacity * 3 ? mask + 1 : PROBE;
    for (let p = 0; p < limit; p++) {
      const a = keys[4 * i];
      const b = keys[4 * i + 1];
      if (a === h1 && b === h2) {
        const m = keys[4 * i + 2];
        if ((m & flags) === flags) return true;
        keys[4 * i + 2] = m | flags;
        this.states += bitCount(flags & ~m);
        return false;
      }
      if (a === 0 && b === 0) {
        keys[4 * i] = h1;
        keys[4 * i + 1] = h2;
        keys[4 * i + 2] = flags;
        this.filled(i);
        this.states += bitCount(flags);
        return false;
      }
      i = (i + 1) & mask;
    }
    keys[4 * home] = h1;
    keys[4 * home + 1] = h2;
    keys[4 * home + 2] = flags;
    this.evictions++;
    return false;
  }

  /** A slot was filled: remember it for a cheap clear, and grow when half full. */
  private filled(i: number): void {
    if (this.logN < LOG_MAX) this.log[this.logN] = i;
    this.logN++;
    if (++this.count * 2 > this.capacity && this.capacity < this.maxSlots) this.grow();
  }

  /**
   * Reads the home slot of the hash and returns its first half: a lookup to come then finds the
   * slot in the cache. Several in a row overlap their wait for memory.
   */
  touch(h1: number, h2: number): number {
    return this.keys[((h1 ^ Math.imul(h2, 0x9e3779b1)) & this.mask) << this.shift];
  }

  /**
   * Removes the hash (every copy: at full size a key beyond its probe window may have been stored
   * again at its home slot); returns true when it was there. Backward-shift deletion keeps every
   * other key reachable by linear probing, with no tombstones.
   */
  remove(h1: number, h2: number): boolean {
    if (h1 === 0 && h2 === 0) h2 = 1;
    let found = false;
    while (this.removeOne(h1, h2)) found = true;
    return found;
  }

  /** With stock masks: takes bit `bit` out of the hash's mask (every copy); true when it was set. */
  removeBit(h1: number, h2: number, bit: number): boolean {
    if (h1 === 0 && h2 === 0) h2 = 1;
    const mask = this.mask;
    const keys = this.keys;
    const flag = 1 << bit;
    let i = (h1 ^ Math.imul(h2, 0x9e3779b1)) & mask;
    let found = false;
    for (let p = 0; p <= mask; p++) {
      const a = keys[4 * i];
      const b = keys[4 * i + 1];
      if (a === 0 && b === 0) break;
      if (a === h1 && b === h2 && keys[4 * i + 2] & flag) {
        keys[4 * i + 2] &= ~flag;
        this.states--;
        found = true;
      }
      i = (i + 1) & mask;
    }
    return found;
  }

  private removeOne(h1: number, h2: number): boolean {
    const mask = this.mask;
    const keys = this.keys;
    const shift = this.shift;
    let i = (h1 ^ Math.imul(h2, 0x9e3779b1)) & mask;
    for (let p = 0; ; p++) {
      const a = keys[i << shift];
      const b = keys[(i << shift) + 1];
      if (a === h1 && b === h2) break;
      if ((a === 0 && b === 0) || p > mask) return false;
      i = (i + 1) & mask;
    }
    // shift the later keys of the cluster back over the hole, each only towards its home slot
    let j = i;
    for (;;) {
      j = (j + 1) & mask;
      const a = keys[j << shift];
      const b = keys[(j << shift) + 1];
      if (a === 0 && b === 0) break;
      const home = (a ^ Math.imul(b, 0x9e3779b1)) & mask;
      // the key at j may fill the hole at i unless its home lies cyclically in (i, j]
      if (i <= j ? home > i && home <= j : home > i || home <= j) continue;
      keys[i << shift] = a;
      keys[(i << shift) + 1] = b;
      if (shift === 2) keys[(i << shift) + 2] = keys[(j << shift) + 2];
      i = j;
    }
    keys[i << shift] = 0;
    keys[(i << shift) + 1] = 0;
    if (shift === 2) keys[(i << shift) + 2] = 0;
    this.count--;
    this.states--;
    return true;
  }

  private grow(): void {
    const old = this.keys;
    const shift = this.shift;
    const cap = this.capacity * 2;
    let keys: Int32Array;
    try {
      keys = takeArray(cap << shift);
    } catch {
      // the machine has less memory than the budget: stay at this size (and replace from now on)
      this.maxSlots = this.capacity;
      return;
    }
    this.logN = LOG_MAX + 1; // slots move: clear everything next time
    const mask = cap - 1;
    this.keys = keys;
    this.mask = mask;
    this.count = 0;
    const step = 1 << shift;
    for (let j = 0; j < old.length; j += step) {
      const a = old[j];
      const b = old[j + 1];
      if (a === 0 && b === 0) continue;
      let i = (a ^ Math.imul(b, 0x9e3779b1)) & mask;
      while (keys[i << shift] !== 0 || keys[(i << shift) + 1] !== 0) i = (i + 1) & mask;
      keys[i << shift] = a;
      keys[(i << shift) + 1] = b;
      if (shift === 2) keys[(i << shift) + 2] = old[j + 2];
      this.count++;
    }
    giveBack(old);
  }
}

/** The number of bits set in x. */
function bitCount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
