/**
 * Seed lists for batch runs: `1-10000`, `1-100,500,900-999`, a seeds file, and shards.
 *
 * A list keeps the order it was written in and drops repeated seeds (the first occurrence
 * wins), so `--shard i/n` is positional: shard i takes the list entries at positions
 * i, i+n, i+2n, … (1-based) of that de-duplicated list. For a plain range `a-b` this is the
 * same as "seeds with (seed − a) mod n = i − 1", and the n shards together cover the list
 * exactly once whatever the list looks like.
 */
import { type Result, err, ok } from '../types.ts';

/** Largest seed accepted by the parser (families may restrict further). */
export const MAX_SEED = 0xffff_ffff;
/** Longest seed list accepted, to stop `1-99999999999` from eating the memory. */
export const MAX_SEEDS = 10_000_000;

/** Shard `index` (1…count) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

function parseSeed(tok: string, where: string): Result<number> {
  if (!/^\d+$/.test(tok)) return err(`malformed seed ${JSON.stringify(tok)}${where}: expected a whole number or a range like 1-100`);
  const n = Number(tok);
  if (n > MAX_SEED) return err(`seed ${tok}${where} is too large (max ${MAX_SEED})`);
  return ok(n);
}

/** Parses tokens `N` or `A-B` (separated by commas and/or white space) into a de-duplicated seed list. */
export function parseSeeds(text: string, where = ''): Result<number[]> {
  const tokens = text.split(/[\s,]+/).filter(Boolean);
  if (tokens.length === 0) return err(`no seeds given${where}`);
  const out: number[] = [];
  const seen = new Set<number>();
  const add = (s: number) => {
    if (!seen.has(s)) {
      seen.add(s);
      out.push(s);
    }
  };
  for (const tok of tokens) {
    const m = /^([^-]*)-([^-]*)$/.exec(tok);
    if (m) {
      if (m[1] === '' || m[2] === '') return err(`malformed seed range ${JSON.stringify(tok)}${where}: both ends are needed`);
      const a = parseSeed(m[1], where);
      if (!a.ok) return err(`malformed seed range ${JSON.stringify(tok)}${where}: ${a.error}`);
      const b = parseSeed(m[2], where);
      if (!b.ok) return err(`malformed seed range ${JSON.stringify(tok)}${where}: ${b.error}`);
      if (b.value < a.value) return err(`malformed seed range ${JSON.stringify(tok)}${where}: the end is below the start`);
      if (b.value - a.value + 1 + out.length > MAX_SEEDS) return err(`too many seeds${where} (max ${MAX_SEEDS} per batch)`);
      for (let s = a.value; s <= b.value; s++) add(s);
    } else {
      const s = parseSeed(tok, where);
      if (!s.ok) return s;
      add(s.value);
    }
  }
  return ok(out);
}

/** Parses the text of a seeds file: the same tokens as `--seeds`, any layout, `#` starts a comment. */
export function parseSeedsFile(text: string, name: string): Result<number[]> {
  const body = text
    .split('\n')
    .map((l) => l.replace(/#.*/, ''))
    .join('\n');
  return parseSeeds(body, ` in ${name}`);
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

/** The seeds of one shard: list positions index−1, index−1+count, … (0-based). */
export function shardSeeds(seeds: readonly number[], shard: Shard): number[] {
  const out: number[] = [];
  for (let k = shard.index - 1; k < seeds.length; k += shard.count) out.push(seeds[k]);
  return out;
}

/** Short text of a seed list for messages: `1-100, 500, 900-999`. */
export function formatSeeds(seeds: readonly number[], maxParts = 6): string {
  const parts: string[] = [];
  let i = 0;
  while (i < seeds.length && parts.length < maxParts) {
    let j = i;
    while (j + 1 < seeds.length && seeds[j + 1] === seeds[j] + 1) j++;
    parts.push(i === j ? String(seeds[i]) : `${seeds[i]}-${seeds[j]}`);
    i = j + 1;
  }
  return parts.join(',') + (i < seeds.length ? ',…' : '');
}
