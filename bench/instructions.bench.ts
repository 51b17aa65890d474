/**
 * The solver's cost in machine instructions, which do not depend on the machine's load: each deal
 * is solved in a child process under valgrind's callgrind (`node --single-threaded`, so that no
 * background compiler thread's share varies), and the instructions of a child that loads the same
 * modules and solves nothing are subtracted. Repeated runs of the same tree agree to about 0.2%,
 * where times on a shared machine move by tens of percent; so this is the benchmark for deciding
 * whether a change to the node makes it cheaper. It counts instructions only: cache misses cost
 * time it does not see (bench/solve.bench.ts measures time).
 *
 *   npx tsx bench/instructions.bench.ts [--seeds 714] [--draw 1] [--family solvitaire]
 *     [--passes unlimited] [--no-foundation-return]
 *
 * A deal that takes a second takes about a minute under callgrind. Needs valgrind.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { dealArgs, dealOptions, failer } from './args.ts';
import { dealFromSeed } from '../src/families.ts';
import { dealPosition } from '../src/position.ts';
import { solve } from '../src/solver.ts';
import type { Family } from '../src/types.ts';

const fail: (message: string) => never = failer('instructions.bench');
const { values } = parseArgs({
  options: {
    ...dealOptions({ from: '714', to: '714', draw: '1' }),
    'no-foundation-return': { type: 'boolean', default: false },
    // internal: the process that callgrind runs (seed, or "none" for the start-up baseline)
    child: { type: 'string' },
  },
});

const { seeds, family, passes } = dealArgs(values, fail);
const draw = Number(values.draw);
if (!Number.isInteger(draw) || draw < 1 || draw > 24) fail(`bad draw ${values.draw}`);
const rules = { draw, passes, foundationReturn: !values['no-foundation-return'] };

if (values.child !== undefined) {
  // the measured process: solve one deal (or nothing) and print its counts
  if (values.child !== 'none') {
    const deal = dealFromSeed(Number(values.child), family as Family);
    if (!deal.ok) fail(deal.error);
    const r = solve(dealPosition(deal.value), rules, { timeoutMs: 24 * 3600 * 1000 });
    process.stdout.write(`${r.verdict} ${r.stats.nodes} ${r.stats.ttHits}\n`);
  }
  process.exit(0);
}

if (spawnSync('valgrind', ['--version']).status !== 0) fail('valgrind is not installed');

/** Runs the child under callgrind; returns its output and the instructions it executed. */
function measure(child: string): { out: string; instructions: number } {
  const args = ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, '--single-threaded', '--import', 'tsx'];
  args.push(new URL(import.meta.url).pathname, '--child', child, '--draw', String(draw), '--family', family, '--passes', values.passes);
  if (values['no-foundation-return']) args.push('--no-foundation-return');
  const r = spawnSync('valgrind', args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  const m = /I\s+refs:\s+([\d,]+)/.exec(r.stderr);
  if (r.status !== 0 || !m) fail(`callgrind run failed: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  return { out: r.stdout.trim(), instructions: Number(m[1].replaceAll(',', '')) };
}

const base = measure('none').instructions;
console.log(`${family}, draw ${draw}: start-up ${(base / 1e6).toFixed(0)} M instructions (subtracted)`);
console.log('seed  verdict     nodes       table hits  M instructions  instructions a node');
for (const seed of seeds) {
  const { out, instructions } = measure(String(seed));
  const [verdict, nodes, hits] = out.split(' ');
  const own = instructions - base;
  console.log(
    `${String(seed).padEnd(5)} ${verdict.padEnd(11)} ${nodes.padStart(10)}  ${hits.padStart(10)}  ${(own / 1e6).toFixed(1).padStart(14)}  ${Math.round(
      own / Number(nodes),
    )
      .toString()
      .padStart(19)}`,
  );
}
