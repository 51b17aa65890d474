/**
 * The worker pool: piscina threads running `worker.ts` (compiled or from the sources, see
 * `workerEntry`), one deal per thread at a time.
 *
 * `solve` never rejects for a deal's own fault: a thread that dies (exit, out of memory under
 * the heap limit, killed for passing the hard time limit) becomes an `error` outcome with the
 * reason, and piscina starts a replacement thread. Only `destroy()` makes pending calls reject,
 * with `PoolClosedError`, so the caller can tell "abandoned" from "failed".
 *
 * `ready()` waits until every thread has loaded its module, not just the first: Node 20 aborts
 * the whole process (a V8 fatal error, "IsGraphAsync must be used on an instantiated module") when
 * a worker thread is terminated while it loads its ES modules, so a batch stopped in its first
 * instants would otherwise die with its database still locked. Each thread answers a ping with its
 * id, and pings go out, one for each thread at a time, until every thread has answered.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AddressSpaceError, pagesFor } from '../solver/core-instance.ts';
import { DEFAULT_BUDGET } from '../solver/index.ts';
import { type DealOutcome, type DealTask, PING, type PlayOutcome, type PlayTask, errorOutcome, errorPlay } from './task.ts';

/** How the pool runs its threads. */
export interface PoolOptions {
  workers: number;
  /** V8 old-generation limit of each thread in MiB; undefined = Node's default. */
  heapMb?: number;
  /** Wall-clock limit per deal in ms after which its thread is killed; undefined = none. */
  hardLimitMs?: number;
}

/** The longest `ready()` keeps pinging threads that have not answered. */
const READY_WAIT_MS = 30_000;

/** Rejection of calls still running when the pool was destroyed. */
export class PoolClosedError extends Error {
  override name = 'PoolClosedError';
}

export interface SolverPool {
  /** Resolves once every thread has loaded the solver; rejects with the reason when threads cannot start. */
  ready(): Promise<void>;
  solve(task: DealTask): Promise<DealOutcome>;
  /** Plays one game of a player; a thread that dies becomes an error outcome, as for `solve`. */
  play(task: PlayTask): Promise<PlayOutcome>;
  /** Kills the threads; running calls reject with PoolClosedError. */
  destroy(): Promise<void>;
}

/**
 * The file each thread loads (read when a pool starts). Compiled (`dist/batch/pool.js`, what bin/klondike and the package
 * run): the compiled `worker.js` beside it, plain JavaScript. Run from the sources (vitest, tsx:
 * tests and benchmarks), this module's URL ends in `.ts` and the threads load `worker-entry.mjs`,
 * which installs tsx in the thread and imports `worker.ts`: code run from the sources never runs
 * a build, so it can never run a stale one. The test suite, which builds dist/ from the current
 * sources before any test runs (test/support/global-setup.ts), sets
 * `KLONDIKE_THREADS_FROM_DIST=1` (vitest.config.ts): its threads load the compiled
 * `dist/batch/worker.js`, the same code without installing tsx in every thread (about a quarter
 * of a second of CPU a thread, and the suite starts dozens of pools).
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
export function workerEntry(): string {
  const file = !FROM_SOURCE
    ? './worker.js'
    : process.env.KLONDIKE_THREADS_FROM_DIST === '1'
      ? '../../dist/batch/worker.js'
      : './worker-entry.mjs';
  return fileURLToPath(new URL(file, import.meta.url));
}

/** The heap limit for threads given the solver's memory budget (default if unset): twice it plus 256 MiB. */
export function heapLimitMb(maxMemoryMb: number | undefined): number {
  return 2 * (maxMemoryMb ?? DEFAULT_BUDGET.maxMemoryMb) + 256;
}

/** The hard per-deal wall-clock limit for a solver timeout (default if unset): twice it plus 3 s. */
export function hardLimitMs(timeoutMs: number | undefined): number {
  // whole milliseconds: timers refuse fractions (a timeout of 2.0001 s)
  return Math.ceil(2 * (timeoutMs ?? DEFAULT_BUDGET.timeoutMs) + 3000);
}

/** The soft address-space limit of this process in MiB (Linux's `ulimit -v`), or undefined when there is none. */
export function addressSpaceLimitMb(): number | undefined {
  try {
    const m = /^Max address space\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return m ? Math.floor(Number(m[1]) / 2 ** 20) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The address space a batch of `workers` threads takes, in MiB, measured on Node 20: about 1 GiB
 * for the main thread and 650 MiB a thread, plus each thread's solver memory (`pagesFor`).
 * V8 aborts the whole process when a thread cannot reserve its share, so a batch checks first.
 */
export function batchAddressSpaceMb(workers: number, maxMemoryMb: number): number {
  return 1050 + workers * (650 + Math.ceil(pagesFor(maxMemoryMb) / 16));
}

/**
 * The threads a batch can run: V8 aborts the process when a thread cannot reserve its memory, so
 * the threads asked are fitted to the process's address-space limit (ulimit -v) first. Throws
 * AddressSpaceError when not even one thread fits.
 */
export function fitThreads(workers: number, memoryMb: number): { threads: number; limitMb: number | undefined } {
  let threads = workers;
  const limitMb = addressSpaceLimitMb();
  if (limitMb !== undefined && batchAddressSpaceMb(threads, memoryMb) > limitMb) {
    while (threads > 0 && batchAddressSpaceMb(threads, memoryMb) > limitMb) threads--;
    if (threads === 0)
      throw new AddressSpaceError(
        batchAddressSpaceMb(1, memoryMb),
        `a batch needs about ${batchAddressSpaceMb(1, memoryMb)} MiB of address space with one thread and --max-memory ${memoryMb}; the process's limit (ulimit -v) is ${limitMb} MiB: raise it, or give a smaller --max-memory`,
      );
  }
  return { threads, limitMb };
}

function firstLine(e: unknown): string {
  return String((e as Error)?.message ?? e).split('\n')[0];
}

/** Starts the threads. */
export function createSolverPool(opts: PoolOptions): SolverPool {
  const pool = new Piscina<DealTask | PlayTask | typeof PING, DealOutcome | PlayOutcome | number>({
    filename: workerEntry(),
    minThreads: opts.workers,
    maxThreads: opts.workers,
    concurrentTasksPerWorker: 1,
    idleTimeout: 60_000,
    resourceLimits: opts.heapMb === undefined ? undefined : { maxOldGenerationSizeMb: opts.heapMb },
  });
  // A thread failing while idle is replaced by piscina; nothing to record.
  pool.on('error', () => {});
  let closed = false;
  /** Runs one task; a thread that dies or passes the hard limit becomes `failed(seed, reason, ms)`. */
  const run = async <O>(
    task: DealTask | PlayTask,
    failed: (seed: bigint, message: string, ms: number) => O,
  ): Promise<O | DealOutcome | PlayOutcome> => {
    const t0 = performance.now();
    const limit = opts.hardLimitMs;
    const signal = limit === undefined ? undefined : AbortSignal.timeout(limit);
    try {
      const r = await pool.run(task, signal ? { signal } : {});
      if (typeof r === 'number') throw new Error('worker answered a task as a ping');
      return r;
    } catch (e) {
      if (closed) throw new PoolClosedError('pool closed');
      const ms = performance.now() - t0;
      if (signal?.aborted)
        return failed(
          task.seed,
          `${'policy' in task ? 'game' : 'deal'} passed the hard time limit of ${(limit! / 1000).toFixed(1)} s; worker replaced`,
          ms,
        );
      const code = (e as { code?: string }).code;
      const what = code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'worker ran out of memory' : 'worker died';
      return failed(task.seed, `${what}: ${firstLine(e)}; worker replaced`, ms);
    }
  };
  return {
    async ready() {
      try {
        const answered = new Set<number>();
        const end = performance.now() + READY_WAIT_MS;
        // one ping per thread at a time (a thread takes one call at a time), until each has answered
        while (pool.threads.some((t) => !answered.has(t.threadId)) && performance.now() < end)
          for (const id of await Promise.all(pool.threads.map(() => pool.run(PING)))) answered.add(id as number);
      } catch (e) {
        throw new Error(`worker threads cannot start: ${firstLine(e)}`);
      }
    },
    solve(task) {
      return run(task, errorOutcome) as Promise<DealOutcome>;
    },
    play(task) {
      return run(task, errorPlay) as Promise<PlayOutcome>;
    },
    async destroy() {
      closed = true;
      await pool.destroy();
    },
  };
}
