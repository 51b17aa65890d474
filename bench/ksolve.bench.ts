/**
 * The shortest solution side by side with KSolve (github.com/JonathanFry3/KSolve, the A* solver
 * for minimal solutions, built outside this repository: bench/README.md says how): for each deal,
 * KSolve (one thread) and `klondike solve --shortest --count ksolve` start at the same moment, one
 * per core, both niced the same, each with `--timeout` seconds of CPU (cpu-limited.ts: a program
 * past it is killed, its result unknown). On a shared machine only such pairs compare: both meet
 * the same load. Each line: the seed, then for KSolve and for
 * us the result (minimal, unproved, unwinnable, unknown), the count (and for us the lower bound
 * proved), CPU seconds and peak memory in MB. Lines go to `--out` as they come, and a run given
 * the same file again skips the seeds it holds. The summary: proved by each, proved by one only,
 * the CPU on the deals both proved and its ratio, and any deal where the two minimal counts differ
 * (there should be none).
 *
 *   npx tsx bench/ksolve.bench.ts --ksolve PATH/KSolve [--seeds 2-13] [--draw 3] [--timeout 60]
 *     [--max-memory 1024] [--out FILE] [--klondike PATH/bin/klondike]
 *
 * `--klondike` runs another build (a copy of bin/ and dist/ with their package.json), so that
 * this checkout can be rebuilt while a long run goes on.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dealArgs, dealOptions, failer } from './args.ts';
import { cpuLimited, wallCap } from './cpu-limited.ts';

const fail: (message: string) => never = failer('ksolve.bench');
const { values } = parseArgs({
  options: {
    ...dealOptions({ from: '2', to: '13', draw: '3' }),
    ksolve: { type: 'string' },
    timeout: { type: 'string', default: '60' },
    'max-memory': { type: 'string', default: '1024' },
    out: { type: 'string' },
    klondike: { type: 'string' },
  },
});
if (!values.ksolve || !existsSync(values.ksolve)) fail('give the KSolve binary: --ksolve PATH (bench/README.md says how to build it)');
const { seeds, label, family, passes } = dealArgs(values, fail);
if (family !== 'solvitaire' || passes !== null) fail('KSolve deals are compared under Solvitaire seeds and unlimited passes only');
const draw = Number(values.draw);
if (!Number.isInteger(draw) || draw < 1 || draw > 24) fail(`bad draw ${values.draw}`);
const timeout = Number(values.timeout);
if (!Number.isInteger(timeout) || timeout <= 0 || timeout > 86_400) fail(`bad --timeout ${values.timeout} (whole CPU seconds)`);
const memory = values['max-memory'];
const ksolve = values.ksolve;
const klondike = values.klondike ?? join(import.meta.dirname, '..', 'bin', 'klondike');
if (!existsSync(klondike)) fail(`no klondike command at ${klondike}`);

/** One program's answer on one deal. */
interface Run {
  result: 'minimal' | 'unproved' | 'unwinnable' | 'unknown';
  count?: number;
  /** Ours: the lower bound proved. */
  bound?: number;
  cpu: number;
  mb: number;
}

function ksolveRun(out: string, cpu: number, mb: number): Run {
  const minimal = /Minimal solution in (\d+) moves/.exec(out);
  if (minimal) return { result: 'minimal', count: Number(minimal[1]), cpu, mb };
  const solved = /Solved in (\d+) moves/.exec(out);
  if (solved) return { result: 'unproved', count: Number(solved[1]), cpu, mb };
  if (/Unsolvable/.test(out)) return { result: 'unwinnable', cpu, mb };
  return { result: 'unknown', cpu, mb };
}

function oursRun(out: string, cpu: number, mb: number): Run {
  let j: { verdict?: string; shortest?: { length: number; proved: boolean; lowerBound: number } };
  try {
    j = JSON.parse(out);
  } catch {
    return { result: 'unknown', cpu, mb };
  }
  if (j.verdict === 'unwinnable') return { result: 'unwinnable', cpu, mb };
  const s = j.shortest;
  if (j.verdict !== 'winnable' || !s) return { result: 'unknown', cpu, mb };
  return { result: s.proved ? 'minimal' : 'unproved', count: s.length, bound: s.lowerBound, cpu, mb };
}

function format(r: Run): string {
  return `${r.result} ${r.count ?? '-'} ${r.cpu.toFixed(2)} ${r.mb.toFixed(0)}`;
}

/** The seeds a file from an earlier run holds: `seed draw ...` lines. */
function done(file: string | undefined): Map<number, string> {
  const lines = new Map<number, string>();
  if (!file || !existsSync(file)) return lines;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const f = line.split(' ');
    if (f.length >= 11 && Number(f[1]) === draw) lines.set(Number(f[0]), line);
  }
  return lines;
}

const dir = mkdtempSync(join(tmpdir(), 'ksolve-bench-'));
const before = done(values.out);
const rows: string[] = [];
console.log(
  `# Solvitaire ${label}, draw ${draw}, ${timeout} s of CPU each; seed draw | KSolve: result count cpu MB | ours: result count bound cpu MB`,
);
for (const seed of seeds) {
  const kept = before.get(seed);
  if (kept) {
    rows.push(kept);
    continue;
  }
  const deck = spawnSync(klondike, ['deal', '--seed', String(seed), '--format', 'ksolve-deck'], { encoding: 'utf8' }).stdout.trim();
  if (!/^\d{156}$/.test(deck)) fail(`no KSolve deck for seed ${seed}`);
  const [k, o] = await Promise.all([
    cpuLimited([ksolve, '-d', deck, '-dc', String(draw), '-o', '2', '-t', '1'], timeout, dir, 'k'),
    cpuLimited(
      [
        klondike,
        'solve',
        '--seed',
        String(seed),
        '--draw',
        String(draw),
        '--shortest',
        '--count',
        'ksolve',
        '--json',
        '--timeout',
        String(wallCap(timeout)),
        '--max-memory',
        memory,
      ],
      timeout,
      dir,
      'o',
    ),
  ]);
  const kr = ksolveRun(k.out, k.cpu, k.mb);
  const or = oursRun(o.out, o.cpu, o.mb);
  const row = `${seed} ${draw} ${format(kr)} ${or.result} ${or.count ?? '-'} ${or.bound ?? '-'} ${or.cpu.toFixed(2)} ${or.mb.toFixed(0)}`;
  console.log(row);
  rows.push(row);
  if (values.out) appendFileSync(values.out, `${row}\n`);
}
rmSync(dir, { recursive: true, force: true });
summary(rows);

/** Proved by each, by one only, the CPU on the deals both proved, and the counts that differ. */
function summary(lines: string[]): void {
  let kProved = 0;
  let oProved = 0;
  let kOnly = 0;
  let oOnly = 0;
  let both = 0;
  let kCpu = 0;
  let oCpu = 0;
  const differ: number[] = [];
  for (const line of lines) {
    const f = line.split(' ');
    const k = f[2] === 'minimal';
    const o = f[6] === 'minimal';
    if (k) kProved++;
    if (o) oProved++;
    if (k && !o) kOnly++;
    if (o && !k) oOnly++;
    if (k && o) {
      both++;
      kCpu += Number(f[4]);
      oCpu += Number(f[9]);
      if (f[3] !== f[7]) differ.push(Number(f[0]));
    }
  }
  console.log(`# ${lines.length} deals: proved minimal by KSolve ${kProved}, by us ${oProved} (KSolve only ${kOnly}, us only ${oOnly})`);
  console.log(`# both proved ${both}: CPU KSolve ${kCpu.toFixed(1)} s, ours ${oCpu.toFixed(1)} s, ratio ${(oCpu / kCpu).toFixed(2)}`);
  console.log(
    differ.length === 0 ? '# minimal counts equal wherever both proved' : `# MINIMAL COUNTS DIFFER on seeds ${differ.join(', ')}`,
  );
}
