/**
 * Start-up time of the `klondike` command: wall time of whole processes, as a script calling
 * `klondike solve` in a loop over seeds sees it.
 *
 *   npx tsx bench/startup.bench.ts [--runs 30] [--no-build] [--no-tsx]
 *
 * Builds dist/ first (unless --no-build), then runs, interleaved so that a change in the machine's
 * load hits every row alike, `--runs` times each:
 * - `node -e ''`: the floor, Node's own start-up;
 * - `node bin/klondike deal --seed 1`, `--version` and `solve --seed 1 --max-nodes 1000`: the real
 *   binary, compiled code;
 * - unless --no-tsx, `deal --seed 1` run from the TypeScript sources through tsx, as the binary
 *   ran before the package was compiled.
 * Prints median, p90, mean, min and max ms per row, the median above the floor, and the load
 * average before and after (on a shared machine the figures are only as good as the idle time).
 * On Linux it also prints the mean CPU time (user + system) of each process, read from this
 * process's `cutime`/`cstime` in /proc/self/stat (the reaped children's CPU, in clock ticks of
 * 10 ms, so only the mean over many runs is meaningful): CPU time hardly depends on how busy the
 * machine is, and on an idle machine a process takes about its CPU time plus a few ms.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, buildDist } from '../test/support/build-dist.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    'no-build': { type: 'boolean', default: false },
    'no-tsx': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  process.stderr.write(`startup.bench: --runs must be a whole number ≥ 1, got ${values.runs}\n`);
  process.exit(2);
}

if (!values['no-build']) buildDist();
const BIN = join(ROOT, 'bin', 'klondike');
const tmp = mkdtempSync(join(tmpdir(), 'klondike-startup-'));
// The binary as it was before compilation: tsx registered, then the CLI from the sources.
const fromSource = join(tmp, 'from-source.mjs');
writeFileSync(
  fromSource,
  `import { register } from ${JSON.stringify(join(ROOT, 'node_modules', 'tsx', 'dist', 'esm', 'api', 'index.mjs'))};
register();
const { main } = await import(${JSON.stringify(join(ROOT, 'src', 'cli', 'main.ts'))});
await main(process.argv);
`,
);

interface Row {
  label: string;
  args: string[];
  ms: number[];
  /** CPU ms of the children, summed over the runs; NaN where /proc is missing. */
  cpuMs: number;
}

const PROC_STAT = '/proc/self/stat';
/** CPU time of this process's reaped children in ms (Linux: `cutime + cstime`, 100 ticks a second); NaN elsewhere. */
function childrenCpuMs(): number {
  if (!existsSync(PROC_STAT)) return Number.NaN;
  // Fields after the command name, which is in parentheses and may contain spaces.
  const stat = readFileSync(PROC_STAT, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Field 3 is fields[0]; cutime is field 16, cstime field 17.
  return (Number(fields[13]) + Number(fields[14])) * 10;
}
const rows: Row[] = [
  { label: "node -e ''  (floor)", args: ['-e', ''], ms: [], cpuMs: 0 },
  { label: 'klondike deal --seed 1', args: [BIN, 'deal', '--seed', '1'], ms: [], cpuMs: 0 },
  { label: 'klondike --version', args: [BIN, '--version'], ms: [], cpuMs: 0 },
  { label: 'klondike solve --seed 1 --max-nodes 1000', args: [BIN, 'solve', '--seed', '1', '--max-nodes', '1000'], ms: [], cpuMs: 0 },
];
if (!values['no-tsx'])
  rows.push({ label: 'deal --seed 1 from the sources via tsx', args: [fromSource, 'deal', '--seed', '1'], ms: [], cpuMs: 0 });

const loadBefore = loadavg();
for (let i = 0; i < runs; i++) {
  for (const row of rows) {
    const cpu0 = childrenCpuMs();
    const t0 = performance.now();
    const r = spawnSync(process.execPath, row.args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    const ms = performance.now() - t0;
    if (r.error || (r.status !== 0 && !row.label.includes('solve'))) {
      process.stderr.write(`startup.bench: ${row.label} failed (exit ${r.status}): ${r.error?.message ?? r.stderr.split('\n')[0]}\n`);
      process.exit(1);
    }
    row.ms.push(ms);
    row.cpuMs += childrenCpuMs() - cpu0;
  }
}
const loadAfter = loadavg();
rmSync(tmp, { recursive: true, force: true });

function quantile(sorted: number[], q: number): number {
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i);
  return sorted[lo] + (sorted[Math.ceil(i)] - sorted[lo]) * (i - lo);
}
const floor = quantile(
  [...rows[0].ms].sort((a, b) => a - b),
  0.5,
);
const f = (x: number) => x.toFixed(1).padStart(7);
console.log(`start-up, ${runs} runs each, interleaved; Node ${process.version}, ${availableParallelism()} cores`);
console.log(`load average before ${loadBefore.map((x) => x.toFixed(2)).join(' ')}, after ${loadAfter.map((x) => x.toFixed(2)).join(' ')}`);
console.log(
  `${'command (wall ms; CPU ms)'.padEnd(44)} ${'median'.padStart(7)} ${'p90'.padStart(7)} ${'mean'.padStart(7)} ${'min'.padStart(7)} ${'max'.padStart(7)} ${'CPU'.padStart(7)}  median over floor`,
);
for (const row of rows) {
  const s = [...row.ms].sort((a, b) => a - b);
  const median = quantile(s, 0.5);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  const over = row === rows[0] ? '' : `  +${(median - floor).toFixed(1)}`;
  const cpu = Number.isNaN(row.cpuMs) ? '    n/a' : f(row.cpuMs / runs);
  console.log(`${row.label.padEnd(44)} ${f(median)} ${f(quantile(s, 0.9))} ${f(mean)} ${f(s[0])} ${f(s[s.length - 1])} ${cpu}${over}`);
}
