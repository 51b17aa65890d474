/**
 * The solver's cost in machine instructions, which do not depend on the machine's load: each deal
 * is solved in a child process under valgrind's callgrind (`node --single-threaded`, so that no
 * background compiler thread's share varies), once and then twice in a row. The first solve
 * (cold: a child that loads the same modules and solves nothing subtracted) pays for compiling
 * the solver's code and first touching its memory too; the second (warm: the difference of the
 * two children) is what a deal costs in a process that has solved others, as in a batch or the
 * speed benchmark, and is the figure to compare. Repeated runs of the same tree agree to about
 * 0.2%, where times on a shared machine move by tens of percent; so this is the benchmark for
 * deciding whether a change to the node makes it cheaper. It counts instructions only: cache
 * misses cost time it does not see (bench/solve.bench.ts measures time).
 *
 *   npx tsx bench/instructions.bench.ts [--seeds 714] [--draw 1] [--family solvitaire]
 *     [--passes unlimited] [--no-foundation-return] [--no-restarts] [--warm 1] [--no-liftoff]
 *
 * `--warm N` averages the warm figure over N solves after the first (the child that solves the
 * deal N + 1 times, minus the one that solves it once): the same code can take a few percent more
 * or less from one solve to the next as V8 compiles it, and the mean of several moves less.
 *
 * V8 first compiles the core's WebAssembly with its baseline compiler (Liftoff) and moves its hot
 * functions to the optimising one (TurboFan) while it runs, at moments that differ from one run to
 * the next, so the warm figure of a deal can move by tens of percent between runs of the same tree.
 * `--no-liftoff` runs the children with the optimising compiler only: the figures are then those
 * of the optimised core from the first position on, and repeat to within a percent.
 *
 * A deal that takes a second takes about a minute under callgrind (each deal runs 2 + N times).
 * Needs valgrind.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { dealArgs, dealOptions, failer } from './args.ts';
import { dealFromSeed } from '../src/deals/families.ts';
import { dealPosition } from '../src/engine/position.ts';
import { solve } from '../src/solver/index.ts';
import type { Family } from '../src/types.ts';

const fail: (message: string) => never = failer('instructions.bench');
const { values } = parseArgs({
  options: {
    ...dealOptions({ from: '714', to: '714', draw: '1' }),
    'no-foundation-return': { type: 'boolean', default: false },
    'no-restarts': { type: 'boolean', default: false },
    warm: { type: 'string', default: '1' },
    'no-liftoff': { type: 'boolean', default: false },
    // internal: the process that callgrind runs (seed, or "none" for the start-up baseline), and how many times it solves the deal
    child: { type: 'string' },
    repeat: { type: 'string', default: '1' },
  },
});

const { seeds, family, passes } = dealArgs(values, fail);
const draw = Number(values.draw);
if (!Number.isInteger(draw) || draw < 1 || draw > 24) fail(`bad draw ${values.draw}`);
const rules = { draw, passes, foundationReturn: !values['no-foundation-return'] };
const options = { restarts: !values['no-restarts'] };
// warm solves measured after the first, averaged (V8's choices vary a little from one to the next)
const warmSolves = Number(values.warm);
if (!Number.isInteger(warmSolves) || warmSolves < 1 || warmSolves > 20) fail(`bad --warm ${values.warm} (1 to 20)`);

if (values.child !== undefined) {
  // the measured process: solve one deal (or nothing) and print its counts
  if (values.child !== 'none') {
    const deal = dealFromSeed(Number(values.child), family as Family);
    if (!deal.ok) fail(deal.error);
    const position = dealPosition(deal.value);
    const budget = { timeoutMs: 24 * 3600 * 1000 };
    let r = solve(position, rules, budget, options);
    for (let k = 1; k < Number(values.repeat); k++) r = solve(position, rules, budget, options);
    process.stdout.write(`${r.verdict} ${r.stats.nodes} ${r.stats.ttHits}\n`);
  }
  process.exit(0);
}

if (spawnSync('valgrind', ['--version']).status !== 0) fail('valgrind is not installed');

/** Runs the child under callgrind; returns its output and the instructions it executed. */
function measure(child: string, repeat = 1): { out: string; instructions: number } {
  const args = ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, '--single-threaded'];
  if (values['no-liftoff']) args.push('--no-liftoff');
  args.push('--import', 'tsx');
  args.push(new URL(import.meta.url).pathname, '--child', child, '--repeat', String(repeat));
  args.push('--draw', String(draw), '--family', family, '--passes', values.passes);
  if (values['no-foundation-return']) args.push('--no-foundation-return');
  if (values['no-restarts']) args.push('--no-restarts');
  const r = spawnSync('valgrind', args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  const m = /I\s+refs:\s+([\d,]+)/.exec(r.stderr);
  if (r.status !== 0 || !m) fail(`callgrind run failed: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  return { out: r.stdout.trim(), instructions: Number(m[1].replaceAll(',', '')) };
}

const base = measure('none').instructions;
console.log(`${family}, draw ${draw}: start-up ${(base / 1e6).toFixed(0)} M instructions (subtracted from the cold solve)`);
console.log('seed  verdict     nodes       table hits  cold M instr  warm M instr  warm instr a node');
const num = (x: number, digits: number, width: number) => x.toFixed(digits).padStart(width);
for (const seed of seeds) {
  const once = measure(String(seed), 1);
  const more = measure(String(seed), 1 + warmSolves);
  const [verdict, nodes, hits] = once.out.split(' ');
  if (more.out !== once.out) fail(`seed ${seed}: a later solve differs from the first (${more.out} against ${once.out})`);
  const cold = once.instructions - base;
  const warm = (more.instructions - once.instructions) / warmSolves;
  console.log(
    `${String(seed).padEnd(5)} ${verdict.padEnd(11)} ${nodes.padStart(10)}  ${hits.padStart(10)}  ${num(cold / 1e6, 1, 12)}  ${num(warm / 1e6, 1, 12)}  ${num(warm / Number(nodes), 0, 17)}`,
  );
}
