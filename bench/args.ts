/**
 * The argument checks the benchmarks share: a bad value ends the run with one line on stderr,
 * `<bench>: <what>`, and exit 2, like the CLI's bad input.
 */
import { formatRanges, parseSeedList, seedsOf } from '../src/batch/seeds.ts';
import { parsePasses } from '../src/cli/rule-options.ts';
import { parseFamily } from '../src/deals/families.ts';
import type { Family } from '../src/types.ts';

/** The benchmark's error exit: one line on stderr, exit 2. */
export function failer(bench: string): (message: string) => never {
  return (message: string): never => {
    process.stderr.write(`${bench}: ${message}\n`);
    process.exit(2);
  };
}

/**
 * The `parseArgs` options of the deals and rules a benchmark runs, read by `dealArgs` (and `draw`):
 * `--from`, `--to`, `--seeds`, `--family`, `--draw`, `--passes`, with the benchmark's defaults.
 */
export function dealOptions(defaults: { from: string; to: string; draw: string }) {
  return {
    from: { type: 'string', default: defaults.from },
    to: { type: 'string', default: defaults.to },
    seeds: { type: 'string' },
    family: { type: 'string', default: 'solvitaire' },
    draw: { type: 'string', default: defaults.draw },
    passes: { type: 'string', default: 'unlimited' },
  } as const;
}

/** Longest seed list a benchmark runs (it is expanded). */
const MAX_BENCH_SEEDS = 1_000_000;

/**
 * The deals of a run: `--from` and `--to`, or `--seeds` (a list as `klondike batch --seeds` takes
 * it: `90,277,409-431`), which replaces them; `--family` and `--passes`; checked. `seeds` are the
 * deals in order, `label` says which.
 */
export function dealArgs(
  values: { from: string; to: string; seeds?: string; family: string; passes: string },
  fail: (message: string) => never,
): { seeds: number[]; label: string; family: Family; passes: number | null } {
  const family = parseFamily(values.family);
  if (!family.ok) fail(family.error);
  const passes = parsePasses(values.passes);
  if (!passes.ok) fail(passes.error);
  let seeds: number[];
  let label: string;
  if (values.seeds !== undefined) {
    const list = parseSeedList(values.seeds, ' in --seeds');
    if (!list.ok) fail(list.error);
    if (list.value.count > BigInt(MAX_BENCH_SEEDS)) fail(`too many seeds in --seeds (at most ${MAX_BENCH_SEEDS})`);
    const big = [...seedsOf(list.value)];
    if (big.some((x) => x > BigInt(Number.MAX_SAFE_INTEGER))) fail('a seed in --seeds is too large for the benchmark (at most 2^53 − 1)');
    seeds = big.map(Number);
    label = formatRanges(list.value.ranges);
  } else {
    const from = Number(values.from);
    const to = Number(values.to);
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from || to - from >= MAX_BENCH_SEEDS)
      fail(`bad seed range ${values.from}…${values.to}`);
    seeds = Array.from({ length: to - from + 1 }, (_, k) => from + k);
    label = `${from}–${to}`;
  }
  return { seeds, label, family: family.value, passes: passes.value === 'unlimited' ? null : passes.value };
}
