import { describe, expect, it } from 'vitest';
import { cpuMs } from '../support/cpu-time.ts';
import {
  MAX_SEEDS,
  type PackedSeedList,
  type SeedList,
  dedupeRanges,
  formatRanges,
  parseSeedList,
  parseSeedsFile,
  parseShard,
  seedListOf,
  seedsOf,
  shardSize,
} from '../../src/batch/seeds.ts';
import type { SeedRange } from '../../src/types.ts';

const value = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const error = (r: { ok: boolean; error?: string }): string => {
  expect(r.ok).toBe(false);
  return r.error ?? '';
};
/** The seeds of a list (or shard) as numbers, for lists small enough to expand. */
const expand = (l: SeedList | PackedSeedList, index = 1, count = 1) => [...seedsOf(l, { index, count })].map(Number);
const seeds = (text: string) => expand(value(parseSeedList(text)));

describe('parseSeedList', () => {
  it('reads single seeds, ranges and lists in the given order', () => {
    expect(seeds('7')).toEqual([7]);
    expect(seeds('1-5')).toEqual([1, 2, 3, 4, 5]);
    expect(seeds('1-3,500,900-902')).toEqual([1, 2, 3, 500, 900, 901, 902]);
    expect(seeds('10, 2 ,0')).toEqual([10, 2, 0]);
    expect(seeds('5 - 7')).toEqual([5, 6, 7]);
    expect(seeds('0-0,4294967295')).toEqual([0, 4294967295]);
  });

  it('keeps big seeds exact: 68-digit numbers and ranges of them', () => {
    const top = 52n * 10n ** 66n; // about 52!, 68 digits
    const l = value(parseSeedList(`${top - 2n}-${top}`));
    expect(l.count).toBe(3n);
    expect([...seedsOf(l)]).toEqual([top - 2n, top - 1n, top]);
    expect(value(parseSeedList(`${top},7`)).ranges).toEqual([
      { from: top, to: top },
      { from: 7n, to: 7n },
    ]);
  });

  it('drops repeated seeds, keeping the first occurrence', () => {
    expect(seeds('3-5,1-4,5')).toEqual([3, 4, 5, 1, 2]);
    expect(seeds('1-10,4-6,8,0-12')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11, 12]);
    expect(seeds('9,1-3,2,9,3-4')).toEqual([9, 1, 2, 3, 4]);
  });

  it('de-duplicates ranges without expanding them, the same as a set would', () => {
    // Random token lists against the obvious algorithm.
    let x = 12345;
    const rand = (n: number) => {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      return x % n;
    };
    for (let t = 0; t < 200; t++) {
      const ranges: SeedRange[] = [];
      for (let k = 1 + rand(8); k > 0; k--) {
        const a = rand(40);
        ranges.push({ from: BigInt(a), to: BigInt(a + rand(15)) });
      }
      const seen = new Set<number>();
      const want: number[] = [];
      for (const r of ranges)
        for (let s = Number(r.from); s <= Number(r.to); s++)
          if (!seen.has(s)) {
            seen.add(s);
            want.push(s);
          }
      const got = dedupeRanges(ranges);
      expect(expand({ ranges: got, count: BigInt(want.length) })).toEqual(want);
    }
  });

  it('streams ten million seeds in little memory', () => {
    const l = value(parseSeedList('1-10000000'));
    expect(l.ranges).toHaveLength(1);
    const before = process.memoryUsage().heapUsed;
    let n = 0;
    let last = 0n;
    for (const s of seedsOf(l, { index: 3, count: 4 })) {
      n++;
      last = s;
    }
    expect(n).toBe(2_500_000);
    expect(last).toBe(9_999_999n);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 2 ** 20);
  });

  it.each([
    ['', /no seeds/],
    ['5-1', /end is below the start/],
    ['1-', /both ends/],
    ['-3', /both ends/],
    ['1-2-3', /malformed seed/],
    ['abc', /malformed seed "abc"/],
    ['1.5', /malformed seed/],
    ['1,,x', /malformed seed "x"/],
    ['1e3', /malformed seed/],
    ['9'.repeat(81), /too large/],
    ['1-99999999999', /too many seeds/],
    [`0-${MAX_SEEDS}`, /too many seeds/],
  ])('rejects %j', (text, re) => {
    expect(error(parseSeedList(text))).toMatch(re);
  });
});

describe('parseSeedsFile', () => {
  it('accepts any layout and # comments', () => {
    expect(expand(value(parseSeedsFile('# my seeds\n1-3\n  10 11,12 # tail\n\n', 'f.txt')))).toEqual([1, 2, 3, 10, 11, 12]);
  });
  it('names the file in errors', () => {
    expect(error(parseSeedsFile('1\nx2\n', 'f.txt'))).toMatch(/"x2" in f\.txt/);
    expect(error(parseSeedsFile('# nothing\n', 'f.txt'))).toMatch(/no seeds given in f\.txt/);
  });
});

describe('shards', () => {
  it('parses i/n', () => {
    expect(value(parseShard('2/8'))).toEqual({ index: 2, count: 8 });
    expect(value(parseShard('1/1'))).toEqual({ index: 1, count: 1 });
  });
  it.each(['0/2', '3/2', '1/0', '2', 'a/b', '1/2/3', '-1/2'])('rejects %j', (t) => {
    expect(error(parseShard(t))).toMatch(/shard/);
  });
  it('takes every n-th list position and the shards cover the list exactly once', () => {
    const l = value(parseSeedList('1-10,100,50-52'));
    expect(expand(l, 1, 3)).toEqual([1, 4, 7, 10, 51]);
    expect(expand(l, 3, 3)).toEqual([3, 6, 9, 50]);
    const all = [1, 2, 3].flatMap((index) => expand(l, index, 3));
    expect(all.sort((a, b) => a - b)).toEqual(expand(l).sort((a, b) => a - b));
    expect(expand(seedListOf([5]), 2, 2)).toEqual([]);
    for (const [i, n] of [
      [1, 3],
      [2, 3],
      [3, 3],
      [1, 1],
      [4, 20],
    ])
      expect(shardSize(l, { index: i, count: n })).toBe(BigInt(expand(l, i, n).length));
  });
});

describe('formatRanges', () => {
  it('writes ranges compactly', () => {
    expect(formatRanges(value(parseSeedList('1-3,500,900-901')).ranges)).toBe('1-3,500,900-901');
    expect(formatRanges(value(parseSeedList('1,3,5,7')).ranges, 2)).toBe('1,3,…');
  });
});

describe('a long seeds file of scattered seeds', () => {
  // a deterministic scatter with repeats: 30,000 tokens
  const tokens = Array.from({ length: 30_000 }, (_, i) => String(((i * 2654435761) % 4_000_000_007) % 3_000_000_000));
  it('is packed, with the same seeds, order, repeats dropped and shards as the general parser', () => {
    const fast = value(parseSeedsFile(tokens.join('\n'), 'f.txt'));
    expect('packed' in fast).toBe(true);
    const slow = value(parseSeedList(tokens.join(',')));
    expect(fast.count).toBe(slow.count);
    expect(expand(fast)).toEqual(expand(slow));
    expect(expand(fast, 3, 7)).toEqual(expand(slow, 3, 7));
  });
  it('with a range, a 16-digit seed or a bad token, is read by the general parser', () => {
    const withRange = value(parseSeedsFile(`${tokens.join(' ')}\n5 - 9`, 'f.txt'));
    expect('packed' in withRange).toBe(false);
    expect(withRange.count).toBe(value(parseSeedList(`${tokens.join(',')},5-9`)).count);
    expect('packed' in value(parseSeedsFile(`${tokens.join(' ')} 1234567890123456`, 'f.txt'))).toBe(false);
    expect(error(parseSeedsFile(`${tokens.join(' ')} 12x`, 'f.txt'))).toMatch(/"12x" in f\.txt/);
  });
  it('of a million seeds is read in seconds', () => {
    const text = Array.from({ length: 1_000_000 }, (_, i) => String((i * 2654435761) % 4_294_967_291)).join('\n');
    const { value: r, ms } = cpuMs(() => value(parseSeedsFile(text, 'big.txt')));
    expect(ms).toBeLessThan(6000);
    expect(r.count).toBe(1_000_000n);
  });
});
