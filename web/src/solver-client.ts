/**
 * The page's side of the solver worker: one search at a time, a promise for its result, and
 * Stop, which terminates the worker (the search is synchronous inside it, so ending the thread is
 * the one way to stop it at once); the next search starts a fresh worker.
 *
 * The worker is built inline (a Blob URL): module scripts and module workers are refused on
 * pages opened from disk, a classic worker from a Blob is not.
 */
import type { Position } from '../../src/position.ts';
import type { Budget, SolveResult } from '../../src/solver.ts';
import type { Rules } from '../../src/types.ts';
import SolverWorker from './solver.worker.ts?worker&inline';

/** A search asked of the worker. */
export interface SolveRequest {
  id: number;
  position: Position;
  rules: Rules;
  budget: Budget;
}

/** What the worker answers. */
export type WorkerReply = { type: 'result'; id: number; result: SolveResult } | { type: 'error'; id: number; message: string };

/** How a search ended: a result, stopped by the user, or failed (the worker crashed, e.g. out of memory). */
export type SolveOutcome = { kind: 'done'; result: SolveResult } | { kind: 'stopped' } | { kind: 'failed'; message: string };

export class SolverClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private pending: { id: number; resolve: (o: SolveOutcome) => void } | undefined;

  /** True while a search runs. */
  get busy(): boolean {
    return this.pending !== undefined;
  }

  /** Starts a search (stopping any running one). */
  solve(position: Position, rules: Rules, budget: Budget): Promise<SolveOutcome> {
    this.stop();
    const w = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending = { id, resolve };
      const req: SolveRequest = { id, position, rules, budget };
      w.postMessage(req);
    });
  }

  /** Stops the running search, if any. */
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
