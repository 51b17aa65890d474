/**
 * A program run for a benchmark under a CPU limit: niced, under `/usr/bin/time`, killed past
 * `cpuSeconds` of CPU (`prlimit --cpu`), and past a wall cap far beyond it (a stuck run ends). A
 * CPU limit, not a wall one: on a busy machine a wall limit gives each run whatever share of a
 * core the load leaves it.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The wall time a run under `cpuSeconds` of CPU may take at most, seconds. */
export function wallCap(cpuSeconds: number): number {
  return Math.ceil(cpuSeconds * 30 + 60);
}

/** Runs `cmd` niced by 10 under the limits: its stdout, CPU seconds and peak memory (MB); `dir` holds the timing file `tag`.time. */
export function cpuLimited(cmd: string[], cpuSeconds: number, dir: string, tag: string): Promise<{ out: string; cpu: number; mb: number }> {
  const file = join(dir, `${tag}.time`);
  const limit = ['timeout', String(wallCap(cpuSeconds)), 'prlimit', `--cpu=${cpuSeconds}`];
  const args = ['-n', '10', '/usr/bin/time', '-f', '%U %S %M', '-o', file, ...limit, ...cmd];
  return new Promise((done) => {
    const child = spawn('nice', args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('close', () => {
      // a run killed by a signal has a line saying so before the figures
      const [user, sys, kb] = readFileSync(file, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
      done({ out, cpu: user + sys, mb: kb / 1024 });
    });
  });
}
