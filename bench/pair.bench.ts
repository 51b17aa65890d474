/**
 * Two builds of the solver side by side: both loaded in one process (`dist/` directories, e.g. a
 * checkout of another commit built with `npm run build`), solving the same deals in turn, each
 * deal once per round with the order of the two swapped every round, and the CPU time of each
 * solve. On a shared machine the time of one run can move by tens of percent from the next, more
 * than the change being measured; solves taken in turn meet the same load, so their ratio holds
 * where the two times alone do not. Prints each deal's median over the rounds, both builds, the
 * ratio, and the sums. Both must give the same verdicts and nodes (a change that keeps the search
 * node for node), or it says so.
 *
 *   npx tsx bench/pair.bench.ts --a DIR --b DIR [--seeds 90,277,409,431] [--draw 3]
 *     [--family solvitaire] [--passes unlimited] [--rounds 7]
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { dealArgs, dealOptions, failer } from './args.ts';

const fail: (message: string) => never = failer('pair.bench');
const { values } = parseArgs({
  options: {
    ...dealOptions({ from: '1', to: '1', draw: '3' }),
    a: { type: 'string' },
    b: { type: 'string' },
    rounds: { type: 'string', default: '7' },
  },
});
if (!values.a || !values.b) fail('give the two builds: --a DIR --b DIR (dist/ directories)');
const { seeds, family, passes } = dealArgs({ ...values, seeds: values.seeds ?? '90,277,409,431' }, fail);
const draw = Number(values.draw);
if (!Number.isInteger(draw) || draw < 1 || draw > 24) fail(`bad draw ${values.draw}`);
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 101) fail(`bad --rounds ${values.rounds} (1 to 101)`);
const rules = { draw, passes, foundationReturn: true };

interface Build {
  dealFromSeed(seed: number, family: string): { ok: boolean; value: unknown; error?: string };
  dealPosition(deal: unknown): unknown;
  solve(position: unknown, rules: unknown): { verdict: string; stats: { nodes: number } };
}

async function load(dir: string): Promise<Build> {
  // the modules where a build puts them (deals/, engine/, solver/), or side by side in builds made before src/ was grouped
  const at = (f: string, grouped: string) => {
    for (const path of [resolve(dir, grouped), resolve(dir, f)]) if (existsSync(path)) return pathToFileURL(path).href;
    return fail(`${dir} is not a build of this package (no ${grouped}: run npm run build there)`);
  };
  const [families, position, solver] = await Promise.all([
    import(at('families.js', 'deals/families.js')),
    import(at('position.js', 'engine/position.js')),
    import(at('solver.js', 'solver/index.js')),
  ]);
  return { dealFromSeed: families.dealFromSeed, dealPosition: position.dealPosition, solve: solver.solve };
}

const builds = [await load(values.a), await load(values.b)];
// warm both up on other deals first: their first solves pay for compiling the code
for (const build of builds)
  for (let seed = 1; seed <= 40; seed++) {
    const deal = build.dealFromSeed(seed, 'solvitaire');
    if (deal.ok) build.solve(build.dealPosition(deal.value), { draw: 3, passes: null, foundationReturn: true });
  }
const ms: number[][][] = [seeds.map(() => []), seeds.map(() => [])];
const seen: string[][] = [[], []];
for (let round = 0; round < rounds; round++)
  for (const [q, seed] of seeds.entries())
    for (const k of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const build = builds[k];
      const deal = build.dealFromSeed(Number(seed), family);
      if (!deal.ok) fail(deal.error ?? `no deal ${seed}`);
      const position = build.dealPosition(deal.value);
      const c0 = process.cpuUsage();
      const r = build.solve(position, rules);
      const c = process.cpuUsage(c0);
      ms[k][q].push((c.user + c.system) / 1000);
      seen[k][q] = `${r.verdict} ${r.stats.nodes}`;
    }

const median = (x: number[]) => [...x].sort((p, q) => p - q)[x.length >> 1];
console.log(`a: ${values.a}\nb: ${values.b}\n${rounds} rounds, draw ${draw}; CPU ms, the median of each deal's solves`);
console.log('seed      a ms      b ms   b / a   verdict, nodes');
let sumA = 0;
let sumB = 0;
for (const [q, seed] of seeds.entries()) {
  const a = median(ms[0][q]);
  const b = median(ms[1][q]);
  sumA += a;
  sumB += b;
  const same = seen[0][q] === seen[1][q] ? seen[0][q] : `a: ${seen[0][q]}, b: ${seen[1][q]} (not the same search)`;
  console.log(
    `${String(seed).padEnd(6)} ${a.toFixed(0).padStart(7)}  ${b.toFixed(0).padStart(8)}  ${(b / a).toFixed(2).padStart(6)}   ${same}`,
  );
}
console.log(`all    ${sumA.toFixed(0).padStart(7)}  ${sumB.toFixed(0).padStart(8)}  ${(sumB / sumA).toFixed(2).padStart(6)}`);
