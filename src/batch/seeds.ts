/**
 * Seed lists: `1-10000`, `1-100,500,900-999`, a seeds file, shards. Seeds are exact big integers
 * (some families number deals up to 52! − 1, 68 digits), and a list is kept as ranges, never
 * expanded: `1-10000000` is one range of 16 bytes, iterated lazily.
 *
 * A list keeps the order it was written in and drops repeated seeds (the first occurrence wins),
 * so `--shard i/n` is positional: shard i takes the list entries at positions i, i+n, i+2n, …
 * (1-based) of that de-duplicated list. For a plain range `a-b` this is the same as "seeds with
 * (seed − a) mod n = i − 1", and the n shards together cover the list exactly once whatever the
 * list looks like.
 *
 * De-duplication without expanding: the tokens' ranges are swept in seed order with a heap of the
 * ranges covering the current point, keyed by position in the list; each stretch of seeds goes to
 * the earliest range covering it. O(t log t) for t tokens, whatever the seed counts.
 *
 * A random sample (`randomSample(K, S)`) is the other kind of seed source: the first K codes of the
 * uniform generator `RandomCodes(S)` (deals/big-families.ts), for the big families, whose consecutive
 * numbers are nearly the same deal (they differ in the last few shuffle steps only). It is never
 * stored either: `seedsOf` draws the codes again each time it is asked, so a sample of ten million
 * costs no memory, and a shard draws the whole stream and keeps its positions, like a list. The
 * codes are not de-duplicated: two equal codes among K have a probability below K² / (2 · 52!),
 * under 10^-53 for K ≤ 10^7; were it to happen, the deal would be solved twice and stored once.
 */
import { MAX_SAMPLE_SEED, RandomCodes } from '../deals/big-families.ts';
import { parseSeedText } from '../deals/families.ts';
import { type Result, type SeedRange, err, ok } from '../types.ts';

/** Longest seed list accepted per batch, so that a typo like `1-99999999999` is an error, not a year of work. */
export const MAX_SEEDS = 10_000_000n;
/** Longest seed token (52! − 1 has 68 digits). */
const MAX_DIGITS = 80;

/** Shard `index` (1…count) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** A de-duplicated seed list: disjoint ranges in list order, and how many seeds they hold. */
export interface SeedList {
  ranges: readonly SeedRange[];
  count: bigint;
}

/**
 * A long de-duplicated list of seeds below 2^53, packed: `packed` holds (from, to) pairs in list
 * order, 16 bytes a range, instead of an object of two bigints each (a seeds file of ten million
 * scattered seeds is 160 MB this way).
 */
export interface PackedSeedList {
  packed: Float64Array;
  count: bigint;
}

/** A uniformly random sample of big-family codes: the first `count` codes of `RandomCodes(sampleSeed)`. */
export interface RandomSample {
  count: bigint;
  sampleSeed: number;
}

/** The seeds of a batch: a list of seeds and ranges (packed when long), or a random sample. */
export type SeedSource = SeedList | PackedSeedList | RandomSample;

/** True when the value is a seed source (not a plain array of seeds). */
export function isSeedSource(s: object): s is SeedSource {
  return 'ranges' in s || 'packed' in s || 'sampleSeed' in s;
}

/** The ranges of a list in order, made one at a time from a packed one. */
export function* listRanges(list: SeedList | PackedSeedList): Generator<SeedRange> {
  if ('ranges' in list) {
    yield* list.ranges;
    return;
  }
  const p = list.packed;
  for (let i = 0; i < p.length; i += 2) yield { from: BigInt(p[i]), to: BigInt(p[i + 1]) };
}

/** True when the source is a random sample. */
export function isRandomSample(s: SeedSource): s is RandomSample {
  return 'sampleSeed' in s;
}

/** The sample of the first `count` (1…MAX_SEEDS) uniform codes of sample seed `sampleSeed` (0…2^32 − 1). */
export function randomSample(count: number | bigint, sampleSeed: number): Result<RandomSample> {
  const k = typeof count === 'bigint' ? count : Number.isSafeInteger(count) ? BigInt(count) : -1n;
  if (k < 1n || k > MAX_SEEDS) return err(`a random sample has 1…${MAX_SEEDS} deals, got ${count}`);
  if (!Number.isSafeInteger(sampleSeed) || sampleSeed < 0 || sampleSeed > MAX_SAMPLE_SEED)
    return err(`a sample seed is a whole number 0…${MAX_SAMPLE_SEED}, got ${sampleSeed}`);
  return ok({ count: k, sampleSeed });
}

/** Parses one seed of a list: a whole number ≥ 0, exactly (`parseSeedText`), named as a list token in errors. */
export function parseSeed(text: string, where = ''): Result<bigint> {
  const t = text.trim();
  if (t.length > MAX_DIGITS) return err(`seed ${t.slice(0, 12)}…${where} is too large (${t.length} digits)`);
  const r = parseSeedText(t);
  return r.ok ? r : err(`malformed seed ${JSON.stringify(text)}${where}: ${r.error}`);
}

/** Parses tokens `N` or `A-B` (separated by commas and/or white space) into ranges, as written. */
export function parseSeedRanges(text: string, where = ''): Result<SeedRange[]> {
  const tokens = text
    .replace(/\s*-\s*/g, '-')
    .split(/[\s,]+/)
    .filter(Boolean);
  if (tokens.length === 0) return err(`no seeds given${where}`);
  const out: SeedRange[] = [];
  for (const tok of tokens) {
    const m = /^([^-]*)-([^-]*)$/.exec(tok);
    if (m) {
      if (m[1] === '' || m[2] === '') return err(`malformed seed range ${JSON.stringify(tok)}${where}: both ends are needed`);
      const a = parseSeed(m[1], where);
      if (!a.ok) return err(`malformed seed range ${JSON.stringify(tok)}${where}: ${a.error}`);
      const b = parseSeed(m[2], where);
      if (!b.ok) return err(`malformed seed range ${JSON.stringify(tok)}${where}: ${b.error}`);
      if (b.value < a.value) return err(`malformed seed range ${JSON.stringify(tok)}${where}: the end is below the start`);
      out.push({ from: a.value, to: b.value });
    } else {
      const s = parseSeed(tok, where);
      if (!s.ok) return s;
      out.push({ from: s.value, to: s.value });
    }
  }
  return ok(out);
}

/** A binary min-heap of numbers. */
class MinHeap {
  private a: number[] = [];
  get size(): number {
    return this.a.length;
  }
  top(): number {
    return this.a[0];
  }
  push(v: number): void {
    const a = this.a;
    let i = a.push(v) - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p] <= v) break;
      a[i] = a[p];
      i = p;
    }
    a[i] = v;
  }
  pop(): void {
    const a = this.a;
    const last = a.pop()!;
    if (a.length === 0) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= a.length) break;
      const c = l + 1 < a.length && a[l + 1] < a[l] ? l + 1 : l;
      if (a[c] >= last) break;
      a[i] = a[c];
      i = c;
    }
    a[i] = last;
  }
}

/** The ranges with every seed kept only at its first occurrence, in list order. */
export function dedupeRanges(ranges: readonly SeedRange[]): SeedRange[] {
  const n = ranges.length;
  const byStart = Array.from({ length: n }, (_, i) => i).sort((x, y) => {
    const d = ranges[x].from - ranges[y].from;
    return d < 0n ? -1 : d > 0n ? 1 : x - y;
  });
  // Boundaries where the set of covering ranges can change: starts and ends + 1.
  const points = [...new Set([...ranges.map((r) => r.from), ...ranges.map((r) => r.to + 1n)])].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const pieces: SeedRange[][] = Array.from({ length: n }, () => []);
  const heap = new MinHeap();
  let next = 0;
  for (let k = 0; k + 1 < points.length; k++) {
    const p = points[k];
    while (next < n && ranges[byStart[next]].from <= p) heap.push(byStart[next++]);
    while (heap.size > 0 && ranges[heap.top()].to < p) heap.pop();
    if (heap.size === 0) continue;
    const own = pieces[heap.top()];
    const end = points[k + 1] - 1n;
    const last = own[own.length - 1];
    if (last && last.to + 1n === p) last.to = end;
    else own.push({ from: p, to: end });
  }
  return pieces.flat();
}

/** Lists of more tokens than this are read as numbers into a packed list, when every seed is below 10^15. */
const PACK_TOKENS = 10_000;

/**
 * A long list of small seeds read straight into (from, to) pairs of doubles (seeds below 10^15 are
 * exact), de-duplicated without a bigint or an object a seed; undefined when the list does not fit
 * that (a seed too long, a malformed token: the general parser says what is wrong).
 */
function packedList(text: string): PackedSeedList | undefined {
  // one pass over the characters: no token strings, no regular expression a seed
  let pairs = new Float64Array(1 << 16);
  let n = 0;
  let singles = true;
  let num = -1;
  let digits = 0;
  let from = -1;
  let dash = false;
  const push = (a: number, b: number): boolean => {
    if (b < a) return false;
    if (b !== a) singles = false;
    if (n + 2 > pairs.length) {
      const more = new Float64Array(pairs.length * 2);
      more.set(pairs);
      pairs = more;
    }
    pairs[n++] = a;
    pairs[n++] = b;
    return true;
  };
  // a finished number: the end of a range, the start of one, or a single seed
  const end = (): boolean => {
    if (num < 0) return true;
    const v = num;
    num = -1;
    digits = 0;
    if (dash) {
      dash = false;
      const a = from;
      from = -1;
      return push(a, v);
    }
    if (from >= 0 && !push(from, from)) return false;
    from = v;
    return true;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (num < 0) num = 0;
      if (++digits > 15) return undefined;
      num = num * 10 + (c - 48);
    } else if (c === 45) {
      if (!end() || from < 0 || dash) return undefined;
      dash = true;
    } else if (c === 32 || c === 44 || (c >= 9 && c <= 13)) {
      if (!end()) return undefined;
    } else return undefined;
  }
  if (!end() || dash) return undefined;
  if (from >= 0 && !push(from, from)) return undefined;
  if (n < 2 * PACK_TOKENS || !singles) return undefined;
  let packed = pairs.subarray(0, n);
  // repeated seeds: keep each at its first place only
  const sorted = new Float64Array(n / 2);
  for (let i = 0; i < n / 2; i++) sorted[i] = packed[2 * i];
  sorted.sort();
  let repeats = false;
  for (let i = 1; i < sorted.length && !repeats; i++) repeats = sorted[i] === sorted[i - 1];
  if (repeats) {
    const seen = new Set<number>();
    const kept = new Float64Array(n);
    let k = 0;
    for (let i = 0; i < n; i += 2) {
      if (seen.has(packed[i])) continue;
      seen.add(packed[i]);
      kept[k++] = packed[i];
      kept[k++] = packed[i];
    }
    packed = kept.subarray(0, k);
  }
  return { packed: packed.slice(), count: BigInt(packed.length / 2) };
}

/** Parses a seed list: ranges as written, repeats dropped (first kept), at most MAX_SEEDS seeds. */
export function parseSeedList(text: string, where = ''): Result<SeedList> {
  const r = parseSeedRanges(text, where);
  if (!r.ok) return r;
  const ranges = dedupeRanges(r.value);
  const count = ranges.reduce((a, x) => a + x.to - x.from + 1n, 0n);
  if (count > MAX_SEEDS) return err(`too many seeds${where}: ${count} (at most ${MAX_SEEDS} per batch; split the list)`);
  return ok({ ranges, count });
}

/** Parses the text of a seeds file: the same tokens as `--seeds`, any layout, `#` starts a comment. */
export function parseSeedsFile(text: string, name: string): Result<SeedList | PackedSeedList> {
  const body = text.includes('#') ? text.replace(/#[^\n]*/g, '') : text;
  const fast = packedList(body);
  if (fast) {
    if (fast.count > MAX_SEEDS) return err(`too many seeds in ${name}: ${fast.count} (at most ${MAX_SEEDS} per batch; split the list)`);
    return ok(fast);
  }
  return parseSeedList(body, ` in ${name}`);
}

/** A list of the given seeds (repeats dropped). */
export function seedListOf(seeds: readonly (bigint | number)[]): SeedList {
  const ranges = dedupeRanges(seeds.map((s) => ({ from: BigInt(s), to: BigInt(s) })));
  return { ranges, count: ranges.reduce((a, x) => a + x.to - x.from + 1n, 0n) };
}

/** Parses `i/n` with 1 ≤ i ≤ n. */
export function parseShard(text: string): Result<Shard> {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) return err(`malformed shard ${JSON.stringify(text)}: expected i/n, e.g. 2/8`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || count > 1_000_000) return err(`bad shard ${text}: n must be 1…1000000`);
  if (index < 1 || index > count) return err(`bad shard ${text}: i must be 1…${count}`);
  return ok({ index, count });
}

/** The seeds of the source in order, or of one shard of it (positions index−1, index−1+count, … counted from 0). */
export function* seedsOf(source: SeedSource, shard: Shard = { index: 1, count: 1 }): Generator<bigint> {
  const n = BigInt(shard.count);
  const want = BigInt(shard.index - 1);
  if (isRandomSample(source)) {
    const codes = new RandomCodes(source.sampleSeed);
    for (let k = 0n; k < source.count; k++) {
      const code = codes.next();
      if (k % n === want) yield code;
    }
    return;
  }
  if ('packed' in source) {
    const p = source.packed;
    const k = shard.count;
    const w = shard.index - 1;
    for (let i = 0; i < p.length; i += 2) {
      // list position i / 2 of a list of single seeds and ranges counted from the start
      if (p[i] === p[i + 1]) {
        if ((i / 2) % k === w) yield BigInt(p[i]);
      } else return yield* seedsOf(toRanges(source), shard);
    }
    return;
  }
  let offset = 0n; // list position of the range's first seed
  for (const r of source.ranges) {
    const first = (((want - offset) % n) + n) % n;
    for (let s = r.from + first; s <= r.to; s += n) yield s;
    offset += r.to - r.from + 1n;
  }
}

/** A packed list as ranges of bigints. */
function toRanges(list: PackedSeedList): SeedList {
  return { ranges: [...listRanges(list)], count: list.count };
}

/** How many seeds one shard of the source holds. */
export function shardSize(list: SeedSource, shard: Shard = { index: 1, count: 1 }): bigint {
  const n = BigInt(shard.count);
  const i = BigInt(shard.index - 1);
  return list.count > i ? (list.count - i + n - 1n) / n : 0n;
}

/** Short text of seeds for messages: `1-100,500,900-999`. */
export function formatRanges(ranges: readonly SeedRange[], maxParts = 6): string {
  const parts = ranges.slice(0, maxParts).map((r) => (r.from === r.to ? `${r.from}` : `${r.from}-${r.to}`));
  return parts.join(',') + (ranges.length > maxParts ? ',…' : '');
}

/** Short text of a seed source for messages: `deals 1-100,500,900-999` or `random sample of 10000 deals (sample seed 7)`. */
export function describeSeeds(source: SeedSource): string {
  if (isRandomSample(source)) return `random sample of ${source.count} deals (sample seed ${source.sampleSeed})`;
  const first: SeedRange[] = [];
  for (const r of listRanges(source)) if (first.push(r) > 6) break;
  return `deals ${formatRanges(first)}`;
}
