import { describe, expect, it } from 'vitest';
import { MAX_SEED, formatSeeds, parseSeeds, parseSeedsFile, parseShard, shardSeeds } from '../src/batch/seeds.ts';

const value = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const error = (r: { ok: boolean; error?: string }): string => {
  expect(r.ok).toBe(false);
  return r.error ?? '';
};

describe('parseSeeds', () => {
  it('reads single seeds, ranges and lists in the given order', () => {
    expect(value(parseSeeds('7'))).toEqual([7]);
    expect(value(parseSeeds('1-5'))).toEqual([1, 2, 3, 4, 5]);
    expect(value(parseSeeds('1-3,500,900-902'))).toEqual([1, 2, 3, 500, 900, 901, 902]);
    expect(value(parseSeeds('10, 2 ,0'))).toEqual([10, 2, 0]);
    expect(value(parseSeeds(`0-0,${MAX_SEED}`))).toEqual([0, MAX_SEED]);
  });

  it('drops repeated seeds, keeping the first occurrence', () => {
    expect(value(parseSeeds('3-5,1-4,5'))).toEqual([3, 4, 5, 1, 2]);
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
    [`${MAX_SEED + 1}`, /too large/],
    ['1-99999999999', /too large/],
    ['0-4294967295', /too many seeds/],
  ])('rejects %j', (text, re) => {
    expect(error(parseSeeds(text))).toMatch(re);
  });
});

describe('parseSeedsFile', () => {
  it('accepts any layout and # comments', () => {
    expect(value(parseSeedsFile('# my seeds\n1-3\n  10 11,12 # tail\n\n', 'f.txt'))).toEqual([1, 2, 3, 10, 11, 12]);
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
    const seeds = value(parseSeeds('1-10,100,50-52'));
    expect(shardSeeds(seeds, { index: 1, count: 3 })).toEqual([1, 4, 7, 10, 51]);
    expect(shardSeeds(seeds, { index: 3, count: 3 })).toEqual([3, 6, 9, 50]);
    const all = [1, 2, 3].flatMap((index) => shardSeeds(seeds, { index, count: 3 }));
    expect(all.sort((a, b) => a - b)).toEqual([...seeds].sort((a, b) => a - b));
    expect(shardSeeds([5], { index: 2, count: 2 })).toEqual([]);
  });
});

describe('formatSeeds', () => {
  it('compresses runs', () => {
    expect(formatSeeds([1, 2, 3, 500, 900, 901])).toBe('1-3,500,900-901');
    expect(formatSeeds([1, 3, 5, 7], 2)).toBe('1,3,…');
  });
});
