/**
 * Minimal solutions proved within a CPU limit, deal by deal: each seeded deal solved by
 * `klondike solve --shortest --count ksolve` in its own process, niced, under `--cpu` seconds of
 * CPU and `--max-memory` MiB (cpu-limited.ts; a run past the CPU limit is killed, and its deal's
 * verdict then comes from a plain solve). One CSV row a deal goes to `--out` as it comes, and a
 * run given the same file again skips the deals it holds (so a long run can stop and go on):
 *
 *   seed,draw,verdict,proved,count_ksolve,count_atomic,bound,nodes,cpu_ms,peak_mb
 *
 * `count_ksolve` is the length of the line found by KSolve's count (proved the fewest when
 * `proved`), `count_atomic` the same line's atomic moves (not proved the fewest), `bound` the
 * lower bound proved. The search is given a time budget of its own 2 s under the CPU limit, so
 * that on a core of its own it stops by itself and reports the line and the bound it has (a
 * run killed at the limit has none: the fields are empty); on a shared core its wall time runs
 * out first, and it has had less CPU than the limit. The summary: deals proved minimal
 * of the winnable, with a 95% Wilson interval, and the distribution of the minimal counts.
 *
 *   npx tsx bench/shortest-cpu.bench.ts [--seeds 10-1000/10 | --from 1 --to 1000] [--draw 3]
 *     [--cpu 60] [--max-memory 2048] [--out FILE.csv] [--klondike PATH/bin/klondike]
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dealArgs, dealOptions, failer } from './args.ts';
import { cpuLimited, wallCap } from './cpu-limited.ts';
import { wilson } from '../src/math/wilson.ts';

const fail: (message: string) => never = failer('shortest-cpu.bench');
const { values } = parseArgs({
  options: {
    ...dealOptions({ from: '1', to: '1000', draw: '3' }),
    cpu: { type: 'string', default: '60' },
    'max-memory': { type: 'string', default: '2048' },
    out: { type: 'string' },
    klondike: { type: 'string' },
  },
});
const { seeds, label, family, passes } = dealArgs(values, fail);
if (passes !== null) fail('the run is for unlimited passes');
const draw = Number(values.draw);
if (!Number.isInteger(draw) || draw < 1 || draw > 24) fail(`bad draw ${values.draw}`);
const cpu = Number(values.cpu);
if (!Number.isInteger(cpu) || cpu < 1 || cpu > 86_400) fail(`bad --cpu ${values.cpu} (whole seconds)`);
const memory = values['max-memory'];
const klondike = values.klondike ?? join(import.meta.dirname, '..', 'bin', 'klondike');
if (!existsSync(klondike)) fail(`no klondike command at ${klondike}`);

const HEADER = 'seed,draw,verdict,proved,count_ksolve,count_atomic,bound,nodes,cpu_ms,peak_mb';

/** The rows of an earlier run in the file, by seed (this draw's only). */
function earlier(file: string | undefined): Map<number, string> {
  const rows = new Map<number, string>();
  if (!file || !existsSync(file)) return rows;
  for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
    const f = line.split(',');
    if (f.length === 10 && Number(f[1]) === draw) rows.set(Number(f[0]), line);
  }
  return rows;
}

interface Solved {
  verdict?: string;
  shortest?: { length: number; atomic: number; proved: boolean; lowerBound: number };
  stats?: { nodes: number };
}

function parsed(out: string): Solved | undefined {
  try {
    return JSON.parse(out) as Solved;
  } catch {
    return undefined;
  }
}

/** One deal's row: the shortest search under the limits; a killed run's verdict from a plain solve. */
async function row(seed: number, dir: string): Promise<string> {
  const base = [klondike, 'solve', '--seed', String(seed), '--family', family, '--draw', String(draw), '--json'];
  const limits = ['--timeout', String(wallCap(cpu)), '--max-memory', memory];
  const own = ['--timeout', String(Math.max(1, cpu - 2)), '--max-memory', memory];
  const r = await cpuLimited([...base, '--shortest', '--count', 'ksolve', ...own], cpu, dir, 'o');
  const j = parsed(r.out);
  const tail = `${Math.round(r.cpu * 1000)},${Math.round(r.mb)}`;
  if (j?.verdict !== undefined) {
    const s = j.shortest;
    const nodes = j.stats?.nodes ?? '';
    if (!s) return `${seed},${draw},${j.verdict},false,,,,${nodes},${tail}`;
    return `${seed},${draw},${j.verdict},${s.proved},${s.length},${s.atomic},${s.lowerBound},${nodes},${tail}`;
  }
  const v = parsed((await cpuLimited([...base, ...limits], cpu, dir, 'v')).out);
  return `${seed},${draw},${v?.verdict ?? 'unknown'},false,,,,,${tail}`;
}

const dir = mkdtempSync(join(tmpdir(), 'shortest-cpu-'));
const before = earlier(values.out);
if (values.out && !existsSync(values.out)) writeFileSync(values.out, `${HEADER}\n`);
console.log(`# ${family} ${label}, draw ${draw}, ${cpu} s of CPU and ${memory} MiB a deal: ${HEADER}`);
const rows: string[] = [];
for (const seed of seeds) {
  const kept = before.get(seed);
  if (kept) {
    rows.push(kept);
    continue;
  }
  const line = await row(seed, dir);
  console.log(line);
  rows.push(line);
  if (values.out) appendFileSync(values.out, `${line}\n`);
}
rmSync(dir, { recursive: true, force: true });
summary(rows);

/** Proved of the winnable, with its interval, and the minimal counts' distribution (ten moves a bin). */
function summary(lines: string[]): void {
  let winnable = 0;
  let unknown = 0;
  const minimal: number[] = [];
  for (const line of lines) {
    const f = line.split(',');
    if (f[2] === 'winnable') winnable++;
    if (f[2] === 'unknown') unknown++;
    if (f[3] === 'true') minimal.push(Number(f[4]));
  }
  const w = wilson(minimal.length, winnable);
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  console.log(
    `# ${lines.length} deals, ${winnable} winnable, ${unknown} verdicts unknown: proved minimal ${minimal.length} of the winnable` +
      (w ? ` (${pct(w.rate)}, 95% interval ${pct(w.low)}–${pct(w.high)})` : ''),
  );
  const bins = new Map<number, number>();
  for (const m of minimal) bins.set(Math.floor(m / 10) * 10, (bins.get(Math.floor(m / 10) * 10) ?? 0) + 1);
  const shown = [...bins.keys()].sort((a, b) => a - b).map((b) => `${b}–${b + 9}: ${bins.get(b)}`);
  console.log(`# minimal counts (KSolve's count): ${shown.join(', ')}`);
}
