/**
 * The argument checks the benchmarks share: a bad value ends the run with one line on stderr,
 * `<bench>: <what>`, and exit 2, like the CLI's bad input.
 */
import { parsePasses } from '../src/cli/options.ts';
import { parseFamily } from '../src/families.ts';
import type { Family } from '../src/types.ts';

/** The benchmark's error exit: one line on stderr, exit 2. */
export function failer(bench: string): (message: string) => never {
  return (message: string): never => {
    process.stderr.write(`${bench}: ${message}\n`);
    process.exit(2);
  };
}

/** The deals of a run: `--from`, `--to`, `--family` and `--passes`, checked. */
export function dealArgs(
  values: { from: string; to: string; family: string; passes: string },
  fail: (message: string) => never,
): { from: number; to: number; family: Family; passes: number | null } {
  const from = Number(values.from);
  const to = Number(values.to);
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from) fail(`bad seed range ${values.from}…${values.to}`);
  const family = parseFamily(values.family);
  if (!family.ok) fail(family.error);
  const passes = parsePasses(values.passes);
  if (!passes.ok) fail(passes.error);
  return { from, to, family: family.value, passes: passes.value === 'unlimited' ? null : passes.value };
}
