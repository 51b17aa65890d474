import { describe, expect, it } from 'vitest';
import { SearchMemory } from '../../src/solver/memory.ts';
import { TranspositionTable } from '../../src/solver/table-handle.ts';
import { heavyTests } from '../support/slow.ts';

// tests run searches of millions of positions: minutes on a busy machine
heavyTests();

/** Distinct pseudo-random 64-bit keys as two int32 halves. */
function keys(n: number, seed: number): [number, number][] {
  let x = seed | 0;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x;
  };
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) out.push([next(), i]);
  return out;
}

describe('transposition table', () => {
  it('answers "seen" exactly for inserted keys, through growth', () => {
    const tt = new TranspositionTable(64, 1 << 10);
    const ks = keys(20_000, 7);
    for (const [a, b] of ks) expect(tt.insert(a, b)).toBe(false);
    expect(tt.count).toBe(ks.length);
    expect(tt.capacity).toBeGreaterThanOrEqual(2 * ks.length);
    for (const [a, b] of ks) expect(tt.insert(a, b)).toBe(true);
    for (const [a, b] of keys(1000, 99)) expect(tt.insert(a, b + 1_000_000)).toBe(false);
  });

  it('is empty after clear, for a small search (slots remembered) and a large one', () => {
    for (const n of [10, 5_000, 60_000]) {
      const tt = new TranspositionTable(64, 1 << 17);
      const ks = keys(n, n);
      for (const [a, b] of ks) tt.insert(a, b);
      tt.clear();
      expect(tt.count).toBe(0);
      for (const [a, b] of ks) expect(tt.insert(a, b)).toBe(false);
      tt.clear();
      for (const [a, b] of keys(n, n + 1)) expect(tt.insert(a, b)).toBe(false);
    }
  });

  it('is cut back to 2^21 slots when cleared after a large search, and empty', () => {
    const tt = new TranspositionTable(64);
    const ks = keys(1_100_000, 17);
    for (const [a, b] of ks) tt.insert(a, b);
    expect(tt.capacity).toBe(1 << 22);
    expect(tt.count).toBe(ks.length);
    tt.clear();
    expect(tt.capacity).toBe(1 << 21);
    expect(tt.count).toBe(0);
    for (const [a, b] of ks.slice(0, 50_000)) expect(tt.insert(a, b)).toBe(false);
    for (const [a, b] of ks.slice(0, 50_000)) expect(tt.insert(a, b)).toBe(true);
  });

  it('removes keys exactly: the others stay, through clusters and wrap-around', () => {
    for (const cap of [1 << 10, 1 << 12]) {
      const tt = new TranspositionTable(64, cap);
      // in a small table (half full before it grows) probes collide and clusters wrap around
      const ks = keys(cap / 2 - 1, cap);
      for (const [a, b] of ks) tt.insert(a, b);
      expect(tt.capacity).toBe(cap);
      const gone = ks.filter((_, i) => i % 3 === 0);
      for (const [a, b] of gone) expect(tt.remove(a, b)).toBe(true);
      for (const [a, b] of gone) expect(tt.remove(a, b)).toBe(false);
      expect(tt.count).toBe(ks.length - gone.length);
      for (const [i, [a, b]] of ks.entries()) expect(tt.insert(a, b), `key ${i}`).toBe(i % 3 !== 0);
      expect(tt.count).toBe(ks.length);
    }
    const tt = new TranspositionTable(1, 1 << 10);
    tt.insert(0, 0);
    expect(tt.remove(0, 0)).toBe(true);
    expect(tt.insert(0, 0)).toBe(false);
  });

  it('keeps (0, 0) apart from the empty slot', () => {
    const tt = new TranspositionTable(1, 1 << 10);
    expect(tt.insert(0, 0)).toBe(false);
    expect(tt.insert(0, 0)).toBe(true);
  });

  it('never grows past its memory budget, and says when it is exhausted', () => {
    const tt = new TranspositionTable(1); // 1 MiB: 131,072 slots of 8 bytes
    expect(tt.maxCapacity).toBe(1 << 17);
    const ks = keys(600_000, 3);
    for (const [a, b] of ks) tt.insert(a, b);
    expect(tt.capacity).toBe(1 << 17);
    expect(tt.bytes).toBe(1 << 20);
    expect(tt.exhausted).toBe(true);
    tt.clear();
    expect(tt.exhausted).toBe(false);
    expect(tt.insert(ks[0][0], ks[0][1])).toBe(false);
  });

  it('holds at most what the memory of its core gives (2 GiB of slots), one table a core', () => {
    const tt = new TranspositionTable(1 << 20);
    const max = tt.maxCapacity;
    expect(max).toBeLessThanOrEqual(2 ** 28);
    expect(max).toBeGreaterThanOrEqual(1 << 20);
    expect(Math.log2(max) % 1).toBe(0);
    // a budget within that is the budget
    tt.reset(64);
    expect(tt.maxCapacity).toBe(1 << 23);
    expect(() => new TranspositionTable(64, undefined, tt.core)).toThrow(/second table/);
  });

  it('counts the bytes its doublings wrote; a search memory lets a core go past a limit, between solves', () => {
    const mem = new SearchMemory();
    const core = mem.core;
    const tt = mem.table(64);
    expect(tt.highWater).toBe(0);
    for (const [a, b] of keys(600_000, 23)) tt.insert(a, b);
    // doubled once, from 2^20 slots of 8 bytes: the new table and the copy of the old one
    expect(tt.capacity).toBe(1 << 21);
    expect(tt.highWater).toBe(3 * 8 * (1 << 20));
    // (identity compared as booleans: printing a core for a message would walk its 4 GiB memory)
    mem.renewIfLarge();
    expect(mem.core === core).toBe(true);
    mem.renewIfLarge(16 * 2 ** 20);
    expect(mem.core === core).toBe(false);
    const fresh = mem.table(64);
    expect(fresh.core === mem.core).toBe(true);
    expect(fresh.highWater).toBe(0);
    expect(fresh.insert(1, 2)).toBe(false);
  });

  describe('with stock masks', () => {
    it('keeps a mask of bits a key: each bit is new once, through growth', () => {
      const tt = new TranspositionTable(64, 1 << 10);
      tt.setMasked(true);
      expect(tt.masked).toBe(true);
      const ks = keys(20_000, 11);
      for (const [a, b] of ks) expect(tt.insertBit(a, b, 3)).toBe(false);
      for (const [a, b] of ks) expect(tt.insertBit(a, b, 17)).toBe(false);
      expect(tt.count).toBe(ks.length);
      expect(tt.states).toBe(2 * ks.length);
      expect(tt.capacity).toBeGreaterThanOrEqual(2 * ks.length);
      for (const [a, b] of ks) {
        expect(tt.insertBit(a, b, 3)).toBe(true);
        expect(tt.insertBit(a, b, 17)).toBe(true);
        expect(tt.insertBit(a, b, 0)).toBe(false);
      }
    });

    it('adds bits to a key, stored or not', () => {
      const tt = new TranspositionTable(64, 1 << 10);
      tt.setMasked(true);
      tt.insertBit(5, 6, 1);
      tt.addBits(5, 6, (1 << 4) | (1 << 7));
      tt.addBits(9, 9, 1 << 2);
      for (const [bit, seen] of [
        [1, true],
        [4, true],
        [7, true],
        [2, false],
      ] as const)
        expect(tt.insertBit(5, 6, bit)).toBe(seen);
      expect(tt.insertBit(9, 9, 2)).toBe(true);
      expect(tt.insertBit(9, 9, 1)).toBe(false);
    });

    it('takes one bit out and leaves the others, and every other key', () => {
      const tt = new TranspositionTable(64, 1 << 10);
      tt.setMasked(true);
      const ks = keys(500, 5);
      for (const [a, b] of ks) {
        tt.insertBit(a, b, 2);
        tt.insertBit(a, b, 9);
      }
      const gone = ks.filter((_, i) => i % 4 === 0);
      for (const [a, b] of gone) expect(tt.removeBit(a, b, 9)).toBe(true);
      for (const [a, b] of gone) expect(tt.removeBit(a, b, 9)).toBe(false);
      for (const [i, [a, b]] of ks.entries()) {
        expect(tt.insertBit(a, b, 9), `key ${i}`).toBe(i % 4 !== 0);
        expect(tt.insertBit(a, b, 2)).toBe(true);
      }
    });

    it('keeps masks when whole keys are removed around them (backward shift)', () => {
      const tt = new TranspositionTable(64, 1 << 10);
      tt.setMasked(true);
      const ks = keys(511, 1 << 10);
      for (const [i, [a, b]] of ks.entries()) tt.insertBit(a, b, i % 31);
      const gone = ks.filter((_, i) => i % 3 === 0);
      for (const [a, b] of gone) expect(tt.remove(a, b)).toBe(true);
      for (const [i, [a, b]] of ks.entries()) expect(tt.insertBit(a, b, i % 31), `key ${i}`).toBe(i % 3 !== 0);
    });

    it('holds half as many slots for the same memory, and switches back empty', () => {
      const tt = new TranspositionTable(1);
      tt.setMasked(true);
      expect(tt.maxCapacity).toBe(1 << 16);
      const ks = keys(300_000, 13);
      for (const [a, b] of ks) tt.insertBit(a, b, 0);
      expect(tt.capacity).toBe(1 << 16);
      expect(tt.bytes).toBe(1 << 20);
      expect(tt.exhausted).toBe(true);
      tt.setMasked(false);
      expect(tt.masked).toBe(false);
      expect(tt.maxCapacity).toBe(1 << 17);
      expect(tt.count).toBe(0);
      expect(tt.exhausted).toBe(false);
      for (const [a, b] of ks.slice(0, 1000)) expect(tt.insert(a, b)).toBe(false);
      tt.setMasked(true);
      for (const [a, b] of ks.slice(0, 1000)) expect(tt.insertBit(a, b, 0)).toBe(false);
    });
  });

  describe('snapshot and restore (a search that goes on after another used the table)', () => {
    it('puts back exactly the keys left, after removals, with and without masks', () => {
      for (const masked of [false, true]) {
        const tt = new TranspositionTable(64, 1 << 14);
        tt.setMasked(masked);
        const ks = keys(1_500, 21);
        for (const [i, [a, b]] of ks.entries()) {
          if (masked) {
            tt.insertBit(a, b, i % 7);
            tt.insertBit(a, b, 20);
          } else tt.insert(a, b);
        }
        // every third key out again; with masks, bit 20 out of every fifth (its other bit stays)
        for (const [i, [a, b]] of ks.entries()) {
          if (i % 3 === 0) expect(masked ? tt.removeBit(a, b, i % 7) && tt.removeBit(a, b, 20) : tt.remove(a, b)).toBe(true);
          else if (masked && i % 5 === 0) tt.removeBit(a, b, 20);
        }
        const snap = tt.snapshot();
        expect(snap?.masked).toBe(masked);
        // another search uses the table
        tt.reset(64);
        tt.setMasked(!masked);
        for (const [a, b] of keys(3_000, 5)) tt.insert(a, b);
        tt.reset(64);
        tt.setMasked(masked);
        tt.restore(snap!);
        for (const [i, [a, b]] of ks.entries()) {
          const kept = i % 3 !== 0;
          if (!masked) expect(tt.insert(a, b), `key ${i}`).toBe(kept);
          else {
            expect(tt.insertBit(a, b, i % 7), `key ${i}`).toBe(kept);
            expect(tt.insertBit(a, b, 20), `key ${i}, bit 20`).toBe(kept && i % 5 !== 0);
          }
        }
        expect(() => {
          tt.reset(64);
          tt.setMasked(!masked);
          tt.restore(snap!);
        }).toThrow(/another kind/);
      }
    });

    it('has none to give once it filled more slots than it remembers, or grew', () => {
      const tt = new TranspositionTable(64, 1 << 20);
      for (const [a, b] of keys(70_000, 3)) tt.insert(a, b);
      expect(tt.snapshot()).toBeUndefined();
      const small = new TranspositionTable(64, 1 << 10);
      for (const [a, b] of keys(1_000, 3)) small.insert(a, b);
      expect(small.capacity).toBeGreaterThan(1 << 10);
      expect(small.snapshot()).toBeUndefined();
      small.clear();
      small.insert(1, 2);
      expect(small.snapshot()?.keys).toEqual(new Int32Array([1, 2]));
    });
  });
});
