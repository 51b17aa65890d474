/**
 * The transposition table: a set of 64-bit state hashes, kept in the memory of a solver core
 * (src/core/table.ts holds it and its policies: linear probing, doubling when half full up to the
 * memory budget, a cheap clear, replacement once full, backward-shift removal). This class is its
 * handle for TypeScript: the search itself probes it inside the core.
 *
 * A core holds one table. The budget is capped by the core's memory (about 2 GiB of slots where
 * the machine gives a 4 GiB memory; `maxCapacity` tells).
 */
import { Core } from './core-instance.ts';

/** Slots a fresh table starts with (or its whole budget, when smaller). */
const INITIAL_CAPACITY = 1 << 20;
/** The most slots a memory budget gives (32 GiB): larger budgets are this one. */
const MAX_CAPACITY = 2 ** 32;

/** The keys of a table (`snapshot`), and whether its slots held stock masks. */
export interface TableSnapshot {
  readonly masked: boolean;
  readonly keys: Int32Array;
}

export class TranspositionTable {
  /** The core whose memory holds the table. */
  readonly core: Core;
  private readonly x: Core['x'];

  /** The largest power-of-two slot count that fits the memory budget. */
  static capacityFor(maxMemoryMb: number): number {
    let max = 1 << 10;
    while (max * 2 * 8 <= maxMemoryMb * 1024 * 1024 && max < MAX_CAPACITY) max *= 2;
    return max;
  }

  /** A table with a budget of `maxMemoryMb`, in the memory of `core` (a new one by default; its only table). */
  constructor(maxMemoryMb: number, initialCapacity = INITIAL_CAPACITY, core: Core = new Core()) {
    if (core.tableTaken) throw new Error('internal: a second table on one solver core');
    core.tableTaken = true;
    this.core = core;
    this.x = core.x;
    this.x.ttSetup(this.slotsFor(maxMemoryMb), initialCapacity);
  }

  /** The slots of 8 bytes of a budget, within what the core's memory holds. */
  private slotsFor(maxMemoryMb: number): number {
    return Math.min(TranspositionTable.capacityFor(maxMemoryMb), this.x.ttSlotsCap());
  }

  /** The most slots the table may grow to (its memory budget, or what the core's memory holds). */
  get maxCapacity(): number {
    return this.x.ttMaxSlots();
  }

  get capacity(): number {
    return this.x.ttCapacity();
  }

  get bytes(): number {
    return this.capacity * (this.x.ttShift() === 2 ? 16 : 8);
  }

  /** Slots in use. */
  get count(): number {
    return this.x.ttCount();
  }

  /** States stored: `count`, or with stock masks the bits set. */
  get states(): number {
    return this.x.ttStates();
  }

  /** The most bytes of the core's memory the table has written (its pages stay the thread's while the core lives). */
  get highWater(): number {
    return this.x.ttHighWater();
  }

  /** The table is thrashing: more evictions than slots. */
  get exhausted(): boolean {
    return this.x.ttExhausted() === 1;
  }

  /** True when slots hold a stock mask (`insertBit`). */
  get masked(): boolean {
    return this.x.ttShift() === 2;
  }

  /** Empties the table and gives it a new memory budget, keeping its slots when they fit. */
  reset(maxMemoryMb: number): void {
    this.x.ttReset(this.slotsFor(maxMemoryMb));
  }

  /**
   * Empties the table and sets what its slots hold: a hash (`insert`), or with `masked` a hash
   * and a mask of 32 bits (`insertBit`), in slots of 16 bytes, half as many for the same memory.
   */
  setMasked(masked: boolean): void {
    this.x.ttSetMasked(masked ? 1 : 0);
  }

  /** Empties the table (a large one is cut back). */
  clear(): void {
    this.x.ttClear();
  }

  /**
   * The keys in the table (with their masks, in slots of `masked` tables), for `restore` to put
   * back once the table has served another search; undefined when the table has filled more
   * slots since it was emptied than it remembers, or moved them (grown). Slots emptied again
   * (`remove`) are skipped; a key may come twice.
   */
  snapshot(): TableSnapshot | undefined {
    const n = this.x.ttSnapshot();
    if (n < 0) return undefined;
    const keys = new Int32Array(this.x.memory.buffer, this.x.snapPtr(), n).slice();
    return { masked: this.masked, keys };
  }

  /** Puts back the keys of a `snapshot` taken from a table that held them as this one does (`masked`). */
  restore(snap: TableSnapshot): void {
    if (snap.masked !== this.masked) throw new Error('internal: a table snapshot of another kind');
    const { keys } = snap;
    const x = this.x;
    if (snap.masked) for (let k = 0; k < keys.length; k += 4) x.ttAddBits(keys[k], keys[k + 1], keys[k + 2]);
    else for (let k = 0; k < keys.length; k += 2) x.ttInsert(keys[k], keys[k + 1]);
  }

  /** Adds the hash; returns true when it was already there. */
  insert(h1: number, h2: number): boolean {
    return this.x.ttInsert(h1, h2) === 1;
  }

  /** With stock masks: adds bit `bit` (0–31) to the mask of the hash; returns true when it was already set. */
  insertBit(h1: number, h2: number, bit: number): boolean {
    return this.x.ttInsertBit(h1, h2, bit) === 1;
  }

  /** With stock masks: adds the bits of `flags` to the mask of the hash; returns true when they were all set already. */
  addBits(h1: number, h2: number, flags: number): boolean {
    return this.x.ttAddBits(h1, h2, flags) === 1;
  }

  /** Reads the home slot of the hash ahead of its lookup; returns its first word. */
  touch(h1: number, h2: number): number {
    return this.x.ttTouch(h1, h2);
  }

  /** Removes the hash (every copy); returns true when it was there. */
  remove(h1: number, h2: number): boolean {
    return this.x.ttRemove(h1, h2) === 1;
  }

  /** With stock masks: takes bit `bit` out of the hash's mask (every copy); true when it was set. */
  removeBit(h1: number, h2: number, bit: number): boolean {
    return this.x.ttRemoveBit(h1, h2, bit) === 1;
  }
}
