/**
 * The shortest solution on a range of seeded deals under a node budget: how many are proved
 * minimal, with how many positions. The budget is in positions, not seconds, so the answer is the
 * same on any machine and under any load (what the run costs in time is printed too, as CPU
 * seconds): the benchmark for choosing between two versions of the search, on deals apart from
 * those it is measured on (Solvitaire 100,001–100,040, say; `ksolve.bench.ts` measures beside
 * KSolve).
 *
 *   npx tsx bench/shortest.bench.ts [--seeds 100001-100040] [--draw 3|1] [--count ksolve|atomic]
 *     [--max-nodes 20000000] [--max-memory 1024] [--csv FILE]
 *
 * Each line: the seed, the verdict, and for a winnable deal the length, the lower bound proved and
 * whether they meet, the positions entered and the CPU seconds. The summary: deals proved minimal
 * (of the winnable), the positions and CPU they took, and the positions of all.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dealArgs, dealOptions, failer } from './args.ts';
import { dealFromSeed } from '../src/deals/families.ts';
import { dealPosition } from '../src/engine/position.ts';
import { MOVE_COUNTS, type MoveCount, shortest } from '../src/solver/index.ts';

const fail: (message: string) => never = failer('shortest.bench');
const { values } = parseArgs({
  options: {
    ...dealOptions({ from: '100001', to: '100040', draw: '3' }),
    count: { type: 'string', default: 'ksolve' },
    'max-nodes': { type: 'string', default: '20000000' },
    'max-memory': { type: 'string', default: '1024' },
    csv: { type: 'string' },
  },
});
const { seeds, label, family, passes } = dealArgs(values, fail);
const draw = Number(values.draw);
if (!Number.isInteger(draw) || draw < 1 || draw > 24) fail(`bad draw ${values.draw}`);
const count = values.count as MoveCount;
if (!MOVE_COUNTS.includes(count)) fail(`bad --count ${values.count}`);
const maxNodes = Number(values['max-nodes']);
if (!Number.isInteger(maxNodes) || maxNodes < 1) fail(`bad --max-nodes ${values['max-nodes']}`);
const maxMemoryMb = Number(values['max-memory']);
if (!Number.isInteger(maxMemoryMb) || maxMemoryMb < 1 || maxMemoryMb > 2048) fail(`bad --max-memory ${values['max-memory']}`);
const rules = { draw, passes, foundationReturn: true };

console.log(
  `# ${family} ${label}, draw ${draw}, ${count} count, ${maxNodes} positions a deal: seed verdict length bound proved positions cpu_s`,
);
const rows: string[] = ['seed,verdict,length,lower_bound,proved,nodes,cpu_s'];
let winnable = 0;
let proved = 0;
let provedNodes = 0;
let provedCpu = 0;
let allNodes = 0;
let allCpu = 0;
for (const seed of seeds) {
  const deal = dealFromSeed(seed, family);
  if (!deal.ok) fail(deal.error);
  const t = process.cpuUsage();
  const r = shortest(dealPosition(deal.value), rules, { maxNodes, timeoutMs: 86_400_000, maxMemoryMb }, { count });
  const c = process.cpuUsage(t);
  const cpu = (c.user + c.system) / 1e6;
  allNodes += r.stats.nodes;
  allCpu += cpu;
  if (r.verdict === 'winnable') winnable++;
  // an unwinnable deal is proved too (lost): the count is of the winnable deals' minimal lines
  if (r.verdict === 'winnable' && r.proved) {
    proved++;
    provedNodes += r.stats.nodes;
    provedCpu += cpu;
  }
  const won = r.verdict === 'winnable';
  console.log(`${seed} ${r.verdict} ${won ? r.length : '-'} ${won ? r.lowerBound : '-'} ${r.proved} ${r.stats.nodes} ${cpu.toFixed(2)}`);
  rows.push(`${seed},${r.verdict},${won ? r.length : ''},${won ? r.lowerBound : ''},${r.proved},${r.stats.nodes},${cpu.toFixed(3)}`);
}
console.log(
  `# proved minimal ${proved} of ${winnable} winnable (${seeds.length} deals): ${provedNodes} positions, ${provedCpu.toFixed(1)} s CPU`,
);
console.log(`# all deals: ${allNodes} positions, ${allCpu.toFixed(1)} s CPU`);
if (values.csv) writeFileSync(values.csv, `${rows.join('\n')}\n`);
