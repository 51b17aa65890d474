/**
 * The page's side of the solver's worker: one job at a time (a solve, the most cards home of a lost
 * deal, whether a game can still go anywhere, a search hint, one world of the odds), a promise for its result, progress reports as it goes, and Stop, which terminates
 * the worker (a job is synchronous inside it, so ending the thread is the one way to stop it at
 * once); the next job starts a fresh worker. The app keeps one client per kind of work (solving a
 * deal, the end-of-game verdicts, hints, the statistics' verdicts, and a few for the odds), so one
 * never stops another.
 *
 * Hints and odds are posted the player's observation only (worker-protocol.ts): its position
 * with the hidden cards UNSEEN, never the game.
 *
 * The worker is built inline (a Blob URL): module scripts and module workers are refused on
 * pages opened from disk, a classic worker from a Blob is not.
 */
import type { Budget, Position, Rules, SolveResult } from '../../src/index.ts';
import SolverWorker from './solver.worker.ts?worker&inline';
import type { JobName, Jobs, WorkerReply, WorkerRequest } from './worker-protocol.ts';

export type { JobName, Jobs, WinnableDeal } from './worker-protocol.ts';

/** How a job ended: a result, stopped by the user, or failed (the worker crashed, e.g. out of memory). */
export type Outcome<R> = { kind: 'done'; result: R } | { kind: 'stopped' } | { kind: 'failed'; message: string };
/** How a search ended. */
/** A verdict; a winnable one's line has its detours taken out (engine/shorten.ts), `firstLength` the moves of the line first found. */
export type WatchedResult = SolveResult & { firstLength?: number };
export type SolveOutcome = Outcome<WatchedResult>;

interface Pending {
  id: number;
  resolve: (o: Outcome<unknown>) => void;
  progress?: (p: unknown) => void;
}

export class SolverClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private pending: Pending | undefined;

  /** True while a job runs. */
  get busy(): boolean {
    return this.pending !== undefined;
  }

  /** Starts a job (stopping any running one). */
  run<K extends JobName>(
    job: K,
    request: Jobs[K]['request'],
    onProgress?: (p: Jobs[K]['progress']) => void,
  ): Promise<Outcome<Jobs[K]['result']>> {
    this.stop();
    const w = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending = { id, resolve: resolve as (o: Outcome<unknown>) => void, progress: onProgress as ((p: unknown) => void) | undefined };
      w.postMessage({ id, job, request } as WorkerRequest);
    });
  }

  /** Starts a search (stopping any running job). */
  solve(position: Position, rules: Rules, budget: Budget, onProgress?: (nodes: number) => void): Promise<SolveOutcome> {
    return this.run('solve', { position, rules, budget }, onProgress);
  }

  /** Stops the running job, if any. */
  stop(): void {
    if (!this.pending) return;
    const p = this.pending;
    this.pending = undefined;
    this.worker?.terminate();
    this.worker = undefined;
    p.resolve({ kind: 'stopped' });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = new SolverWorker();
    w.onmessage = (e: MessageEvent<WorkerReply>) => {
      const m = e.data;
      if (!this.pending || this.pending.id !== m.id) return;
      if (m.type === 'progress') {
        this.pending.progress?.(m.progress);
        return;
      }
      const p = this.pending;
      this.pending = undefined;
      p.resolve(m.type === 'result' ? { kind: 'done', result: m.result } : { kind: 'failed', message: m.message });
    };
    w.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      const p = this.pending;
      this.pending = undefined;
      w.terminate();
      if (this.worker === w) this.worker = undefined;
      p?.resolve({ kind: 'failed', message: e.message || 'the solver stopped unexpectedly' });
    };
    this.worker = w;
    return w;
  }
}
