/**
 * The solver's Web Worker: the page posts a job and the worker runs the library's code for it,
 * the same as the command line's, and posts the result back:
 * - `solve`: `solve` (as `klondike solve`), reporting the positions searched every ~100 ms;
 * - `mostHome`: `mostHome` (as `klondike solve --most-home`), the most cards a lost deal can send
 *   home and the line that does, within the budget it is given;
 * - `hint`: the search policy's decision on an observation (as `klondike hint --policy search`:
 *   every legal move weighed, the policy seed 1 unless given);
 * - `odds`: `estimateOdds` on an observation (as `klondike odds`), reporting each arrangement solved.
 * Hints and odds get the observation only (its seen position, hidden cards UNSEEN): nothing in the
 * worker knows the hidden cards. The page never runs a search itself, so it stays responsive;
 * Stop terminates the worker.
 */
import { estimateOdds } from '../../src/hidden/odds.ts';
import { DEFAULT_SEARCH, createPolicy } from '../../src/hidden/policies.ts';
import { mostHome } from '../../src/solver/index.ts';
import { solve } from '../../src/solver/index.ts';
import { fromMessage } from './observation.ts';
import type { WorkerReply, WorkerRequest } from './solver-client.ts';

const post = (m: WorkerReply) => (self as unknown as { postMessage(m: WorkerReply): void }).postMessage(m);

/** Calls `f` at most every `ms` milliseconds. */
function throttled<T>(ms: number, f: (x: T) => void): (x: T) => void {
  let last = 0;
  return (x) => {
    const now = performance.now();
    if (now - last < ms) return;
    last = now;
    f(x);
  };
}

function run(q: WorkerRequest): unknown {
  switch (q.job) {
    case 'solve': {
      const { position, rules, budget } = q.request;
      const progress = throttled(100, (nodes: number) => post({ type: 'progress', id: q.id, progress: nodes }));
      return solve(position, rules, budget, { onProgress: progress });
    }
    case 'mostHome': {
      const { position, rules, budget } = q.request;
      return mostHome(position, rules, budget);
    }
    case 'hint': {
      const options = q.request.options;
      const policy = createPolicy('search', { ...options, seed: options.seed ?? DEFAULT_SEARCH.seed, allMoves: true });
      return policy.decide(fromMessage(q.request.seen));
    }
    case 'odds':
      return estimateOdds(fromMessage(q.request.seen), q.request.options, (done, total) =>
        post({ type: 'progress', id: q.id, progress: { done, total } }),
      );
  }
}

self.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const q = e.data;
  try {
    post({ type: 'result', id: q.id, result: run(q) });
  } catch (err) {
    post({ type: 'error', id: q.id, message: (err as Error)?.message ?? String(err) });
  }
};
