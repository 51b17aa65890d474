/**
 * Runs the real `klondike` binary for CLI tests: stdout, stderr and exit code. The binary runs the
 * compiled code in dist/, which the suite's global setup (global-setup.ts) rebuilds from the
 * current sources before any test runs, so a spawn never runs a stale build.
 */
import { spawn } from 'node:child_process';

export const BIN = new URL('../bin/klondike', import.meta.url).pathname;

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
