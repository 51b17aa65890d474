/**
 * The solver's Web Worker: the page posts a position, rules and a budget, the worker runs the
 * library's `solve` (the same code as the command line) and posts the result back. The page
 * never runs a search itself, so it stays responsive; Stop terminates the worker.
 */
import { solve } from '../../src/solver.ts';
import type { SolveRequest, WorkerReply } from './solver-client.ts';

const post = (m: WorkerReply) => (self as unknown as { postMessage(m: WorkerReply): void }).postMessage(m);

self.onmessage = (e: MessageEvent<SolveRequest>) => {
  const { id, position, rules, budget } = e.data;
  try {
    post({ type: 'result', id, result: solve(position, rules, budget) });
  } catch (err) {
    post({ type: 'error', id, message: (err as Error)?.message ?? String(err) });
  }
};
