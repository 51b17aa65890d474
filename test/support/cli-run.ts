/**
 * Runs the real `klondike` binary for CLI tests: stdout, stderr and exit code. The binary runs the
 * compiled code in dist/, which the suite's global setup (global-setup.ts) rebuilds from the
 * current sources before any test runs, so a spawn never runs a stale build.
 */
import { spawn } from 'node:child_process';
import { vi } from 'vitest';
import { main } from '../../src/cli/main.ts';

export const BIN = new URL('../../bin/klondike', import.meta.url).pathname;

export interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** Spawns `node bin/klondike …args` with `stdin` as its input and colour off. */
export function runCli(args: string[], stdin = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout, stderr, code }));
    child.stdin.end(stdin);
  });
}

/** Runs the CLI's main() in this process (no spawn, no build), capturing its output and exit code. */
export async function runInProcess(args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    stdout += String(s);
    return true;
  });
  const errs = vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    stderr += String(s);
    return true;
  });
  const saved = process.exitCode;
  process.exitCode = undefined;
  try {
    await main(['node', 'klondike', ...args]);
  } finally {
    out.mockRestore();
    errs.mockRestore();
  }
  const code = Number(process.exitCode ?? 0);
  process.exitCode = saved;
  return { code, stdout, stderr };
}

/**
 * A command line as most CLI tests run it: in this process (`runInProcess`: the same code without
 * a Node start-up, about a third of a second of CPU each), or through the real binary when it reads
 * `stdin`, which only a process of its own can be given. Calls must not overlap, as
 * `runInProcess` captures this process's output: not for concurrent tests.
 */
export function runLine(args: string[], stdin?: string): Promise<Run> {
  return stdin === undefined ? runInProcess(args) : runCli(args, stdin);
}
